/** A module the page loads on first use rather than with itself. */
export interface OnDemand<M> {
  /** Starts the import once (call it on pointer or focus to have a dialog ready by the click). */
  load: () => Promise<M>;
  /** The module once it has loaded, else null, for code that must decide synchronously. */
  current: () => M | null;
}

/**
 * The one way a part of the page is loaded later: only for what is truly occasional — dialogs and
 * menus, importing and reading files, settings, the syntax highlighter and its grammars, KaTeX,
 * pdf.js — never for what an answer shows (docs/performance.md lists each use; ESLint refuses an
 * `import()` anywhere else in components/). Components come through `lazyComponent`
 * (on-demand-component.ts); this file stays free of React so workers can use it too.
 */
export function onDemand<M>(importModule: () => Promise<M>): OnDemand<M> {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  return {
    // A failed import (a chunk gone after a deploy, the network down) is tried again next time.
    load: () =>
      (loading ??= importModule().then(
        (m) => (loaded = m),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      )),
    current: () => loaded,
  };
}
