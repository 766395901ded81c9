/** What the writer needs of the page: its history, where it is, and a way to run code later. */
export interface AddressWriterDeps {
  history: Pick<History, 'pushState' | 'replaceState'>;
  /** The address's path as it is now (`location.pathname`). */
  pathname: () => string;
  /** Runs `cb` in a task after the current one. */
  later: (cb: () => void) => void;
}

/** The conversation's address, written a task after it was asked for. */
export interface AddressWriter {
  /** Queues a new history entry (`replace`: the current one replaced) for `path`. */
  write(path: string, replace: boolean): void;
  /** The path the address has once every queued write is done. */
  path(): string;
}

/**
 * Writes the address a task later, in the order asked and with the same push or replace. Next
 * updates its router on every `history` call (about a tenth of the first send's task at 4× CPU:
 * docs/performance.md, "The first send"), and nothing needs the address at once; what decides the
 * next write reads `path()`, the address as it will be, never `location`, which lags behind.
 */
export function createAddressWriter(deps: AddressWriterDeps): AddressWriter {
  const queue: { path: string; replace: boolean }[] = [];
  const flush = () => {
    for (const { path, replace } of queue.splice(0)) {
      if (replace) deps.history.replaceState(null, '', path);
      else deps.history.pushState(null, '', path);
    }
  };
  return {
    write(path, replace) {
      if (queue.push({ path, replace }) === 1) deps.later(flush);
    },
    path: () => queue.at(-1)?.path ?? deps.pathname(),
  };
}
