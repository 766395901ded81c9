import 'server-only';

/** How long one round of backend probes answers every `/api/health` call. */
export const HEALTH_PROBE_TTL_MS = 2_000;

export interface HealthCache<T> {
  /** The probes' result at most `ttlMs` old: probed now if older, once for all callers at once. */
  fresh(): Promise<T>;
  /** The last result, however old, without probing; undefined before the first probe. */
  latest(): T | undefined;
}

/**
 * Backend probes shared by every `/api/health` call: each call used to send `/models` to every
 * provider and replica, so a caller in a loop multiplied its requests onto the backends. Now one
 * round runs at most every `ttlMs`, and concurrent callers wait for the same round.
 */
export function createHealthCache<T>(
  probe: () => Promise<T>,
  { ttlMs = HEALTH_PROBE_TTL_MS, now = () => performance.now() } = {},
): HealthCache<T> {
  let last: { at: number; value: T } | undefined;
  let running: Promise<T> | undefined;
  return {
    fresh() {
      if (last && now() - last.at < ttlMs) return Promise.resolve(last.value);
      running ??= probe()
        .then((value) => {
          last = { at: now(), value };
          return value;
        })
        .finally(() => (running = undefined));
      return running;
    },
    latest: () => last?.value,
  };
}
