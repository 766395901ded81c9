/**
 * A module the page loads on first use rather than with itself (docs/performance.md): `load()`
 * starts the import once and resolves to the module; `current()` is the module once it has
 * loaded, else null, for code that must decide synchronously (render the loaded part or a stand-in).
 */
export function onDemand<T>(importModule: () => Promise<T>): {
  load: () => Promise<T>;
  current: () => T | null;
} {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
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
