/**
 * Holds the event loop for `ms` with synchronous work, as a long render on a loaded machine does:
 * timers due meanwhile fire when it ends, before the loop reads what arrived on its sockets.
 */
export function holdEventLoop(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}
