/** The export menu button's name (also its tooltip): the stand-in and the loaded menu share it. */
export const EXPORT_LABEL = 'Export conversation';

/** The header's icon-button size, over the menu trigger's smaller one. */
export const EXPORT_TRIGGER = 'h-10! w-10! text-lg hover:bg-zinc-100! dark:hover:bg-zinc-800!';
