/** The parts of `window.history` and `location` the address writer uses (injected in tests). */
export interface AddressHistory {
  pathname(): string;
  replace(path: string): void;
  push(path: string): void;
}

/** Runs `cb` in a later task; returns a function that cancels it. */
export type ScheduleTask = (cb: () => void) => () => void;

/**
 * Writes to the address in a task after the one that asked, in the order asked. Next follows every
 * `history` call with its own router update (a fifth of the first send's key press at 4× CPU
 * throttling in `npm run bench:render`, docs/performance.md), which need not hold up the task that
 * changed the conversation.
 */
export function createAddressWriter(history: AddressHistory, schedule: ScheduleTask) {
  let queued: { path: string; replace: boolean }[] = [];
  let cancel: (() => void) | null = null;
  const flush = () => {
    cancel?.();
    cancel = null;
    const writes = queued;
    queued = [];
    for (const { path, replace } of writes) {
      if (replace) history.replace(path);
      else history.push(path);
    }
  };
  return {
    /** The path the address will have once the writes asked for so far are made. */
    path: (): string => queued.at(-1)?.path ?? history.pathname(),
    /** Asks for `path`, replacing the current history entry or adding one. */
    write(path: string, replace: boolean): void {
      queued.push({ path, replace });
      cancel ??= schedule(flush);
    },
    /** Makes the writes asked for now (when the page stops following the store). */
    flush,
  };
}

/** The page's history, and a task after the current one. */
export const browserHistory: AddressHistory = {
  pathname: () => window.location.pathname,
  replace: (path) => window.history.replaceState(null, '', path),
  push: (path) => window.history.pushState(null, '', path),
};

export const afterThisTask: ScheduleTask = (cb) => {
  const handle = window.setTimeout(cb, 0);
  return () => window.clearTimeout(handle);
};
