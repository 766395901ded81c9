/**
 * The server's own event-loop delay, from its `/api/metrics` (prom-client's
 * `nodejs_eventloop_lag_*`, sampled every 10 ms and reset by each scrape). Node's histogram
 * records each 10 ms tick's whole interval, so an idle loop reads 10 ms: the figures here are
 * what exceeded it, the time the loop was held (or the process was not given a core).
 */
const SAMPLING_MS = 10;

export const METRICS_TOKEN = 'bench-hostile-metrics-token';

export interface LoopDelay {
  maxMs: number;
  p99Ms: number;
  /** Time spent in garbage collection since the server started (all kinds), ms. */
  gcTotalMs: number;
}

/** The delay since the previous call (the scrape resets it), and the GC time so far. */
export async function serverLoopDelay(url: string): Promise<LoopDelay> {
  const response = await fetch(`${url}/api/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await response.text();
  const read = (name: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    return Math.max(0, Number(line?.split(' ')[1] ?? NaN) * 1000 - SAMPLING_MS);
  };
  return {
    maxMs: read('nodejs_eventloop_lag_max_seconds'),
    p99Ms: read('nodejs_eventloop_lag_p99_seconds'),
    gcTotalMs: text
      .split('\n')
      .filter((l) => l.startsWith('nodejs_gc_duration_seconds_sum{'))
      .reduce((sum, l) => sum + Number(l.split(' ').at(-1)) * 1000, 0),
  };
}
