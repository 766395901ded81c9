import type * as Options from './conversation-options';

let loaded: typeof Options | null = null;
let loading: Promise<typeof Options> | null = null;

/**
 * A conversation's options menu and title editor, loaded when a menu is first opened (or the
 * pointer or focus reaches its button), not with the page (docs/performance.md).
 */
export function loadOptions(): Promise<typeof Options> {
  loading ??= import('./conversation-options').then((m) => (loaded = m));
  return loading;
}

/** The options module if it has been loaded, else null. */
export function optionsModule(): typeof Options | null {
  return loaded;
}
