/**
 * Wall-clock milliseconds with sub-millisecond resolution. `Date.now()` is
 * integer-only; tests compare abort and close times within tens of ms, so the
 * monotonic high-resolution clock anchored at the time origin is used instead.
 */
export function nowMs(): number {
  return performance.timeOrigin + performance.now();
}

/**
 * Milliseconds on the system-wide monotonic clock (CLOCK_MONOTONIC). Unlike `nowMs()`, whose
 * anchor at process start can be off by a few ms between processes, this is directly comparable
 * across processes on the same machine — which is how a test in another process measures the
 * delay between its abort and this server seeing the connection close.
 */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
