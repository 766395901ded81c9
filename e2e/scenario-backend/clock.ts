/**
 * Wall-clock milliseconds with sub-millisecond resolution. `Date.now()` is
 * integer-only; tests compare abort and close times within tens of ms, so the
 * monotonic high-resolution clock anchored at the time origin is used instead.
 */
export function nowMs(): number {
  return performance.timeOrigin + performance.now();
}
