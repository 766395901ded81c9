/**
 * The app's live memory, from its probe (`GET /api/bench/memory`, the app runs with
 * `--expose-gc`): heap and off-heap memory still referenced after a full collection. Unlike RSS it
 * does not depend on when the collector last ran or what the allocator kept.
 */
import type { StandaloneApp } from '../../testing/stack/standalone';

export interface LiveMemory {
  /** heapUsed + external (which includes arrayBuffers), after a forced GC. */
  live: number;
  heapUsed: number;
  external: number;
  rss: number;
}

export async function liveMemory(app: StandaloneApp): Promise<LiveMemory> {
  const res = await fetch(`${app.url}/api/bench/memory`);
  const m = (await res.json()) as { gc: boolean } & NodeJS.MemoryUsage;
  if (!m.gc) throw new Error('the app was started without --expose-gc');
  return { live: m.heapUsed + m.external, heapUsed: m.heapUsed, external: m.external, rss: m.rss };
}
