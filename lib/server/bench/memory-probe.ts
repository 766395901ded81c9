import 'server-only';

import type { RunnelConfig } from '../config/schema';
import { jsonError } from '../http/json-error';

/**
 * The load benchmark's view of the process's memory (`BENCH_RAW_PIPE=1` only; otherwise 404):
 * `process.memoryUsage()` after a full garbage collection when the process runs with
 * `--expose-gc`, so what is counted is memory still referenced — what streams hold — not garbage
 * the collector has not reached yet. `gc: false` says the collection could not be forced.
 */
export function memoryProbe(config: RunnelConfig): Response {
  if (!config.ops.benchRawPipe) {
    return jsonError({ status: 404, code: 'not_found', message: 'Not found' });
  }
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const usage = process.memoryUsage();
  return Response.json({ gc: gc !== undefined, ...usage });
}
