import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A module the page loads on first use rather than with itself. */
export interface OnDemand<M> {
  /** Starts the import once (call it on pointer or focus to have a dialog ready by the click). */
  load: () => Promise<M>;
  /** The module once it has loaded, else null, for code that must decide synchronously. */
  current: () => M | null;
  /** One of its components, loaded when first rendered inside a `<Suspense>`. */
  // React.lazy's own bound: a component of any props.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  component: <C extends ComponentType<any>>(pick: (m: M) => C) => LazyExoticComponent<C>;
}

/**
 * The page's one way of loading a part later: only for what is truly occasional — dialogs and
 * menus, importing and reading files, settings, the syntax highlighter, KaTeX, pdf.js — never for
 * what an answer shows (docs/performance.md lists each use).
 */
export function onDemand<M>(importModule: () => Promise<M>): OnDemand<M> {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  // A failed import (a chunk gone after a deploy, the network down) is tried again next time.
  const load = () =>
    (loading ??= importModule().then(
      (m) => (loaded = m),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  return {
    load,
    current: () => loaded,
    component: (pick) => lazy(() => load().then((m) => ({ default: pick(m) }))),
  };
}
