import type * as Search from '@/lib/browser/chat/search';

let loaded: typeof Search | null = null;
let loading: Promise<typeof Search> | null = null;

/**
 * The chat search, loaded when the search box is first focused or typed in, not with the page
 * (docs/performance.md). Resolves to the module; `searchModule()` returns it once loaded.
 */
export function loadSearch(): Promise<typeof Search> {
  loading ??= import('@/lib/browser/chat/search').then((m) => (loaded = m));
  return loading;
}

/** The search module if it has been loaded, else null. */
export function searchModule(): typeof Search | null {
  return loaded;
}
