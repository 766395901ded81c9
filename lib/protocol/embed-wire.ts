/**
 * The plain constants of the embed protocol, free of dependencies so the loader (`widget/`, no
 * dependencies, 3 KB budget) imports the very same values as the iframe side (`protocol.ts`).
 */
export const EMBED_PROTOCOL = 'runnel-embed';
/** Bumped on any incompatible change; both sides ignore messages of another version. */
export const EMBED_PROTOCOL_VERSION = 1;

export const EMBED_THEMES = ['light', 'dark', 'auto'] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];

/** How an answer ended, as the host may learn it (the chat's own outcome names, never content). */
export const ANSWER_OUTCOMES = ['complete', 'length', 'stopped', 'error', 'incomplete'] as const;
export type AnswerOutcome = (typeof ANSWER_OUTCOMES)[number];

/** `#rgb` or `#rrggbb`: the only colour syntax accepted, so it can go into a style untouched. */
export const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The wire caps unread counts (a badge shows at most this). */
export const MAX_UNREAD = 999;

/** The `/embed` search parameters the loader fills from its `data-` attributes of the same name. */
export const EMBED_PARAMS = [
  'title',
  'greeting',
  'placeholder',
  'model',
  'theme',
  'accent',
] as const;

/**
 * `data-show-details` (a flag: present and not `"false"`) becomes this parameter, set to `1`: the
 * widget then shows model names, answer statistics and keyboard hints.
 */
export const SHOW_DETAILS_PARAM = 'show-details';

/** The page the loader frames. */
export const EMBED_PATH = '/embed';
