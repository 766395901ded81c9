/**
 * `npm run bench:limits`: the time the limit checks add to a request, in this instance's memory
 * and in a local Redis (a redis-server this script starts on a free port). One "request" is what
 * `/api/chat` does around a stream when every limit is configured: requests a minute, a stream
 * slot and a token reservation — for a widget visitor, under its id and its address — plus a
 * backend admission slot; then (after the stream, off the request's path, so not timed) the slots
 * given back and the tokens settled. Requests run one after another; figures are per request.
 *
 * Run with the react-server condition (`npm run bench:limits` does), as the modules are server-only.
 */
import { Redis } from 'ioredis';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { Identity } from '../lib/server/auth/identity';
import { createAdmission } from '../lib/server/admission/admission';
import { createRedisSlotStore } from '../lib/server/admission/redis-slot-store';
import { createMemorySlotStore } from '../lib/server/admission/slot-store';
import { createSlots } from '../lib/server/admission/slots';
import type { LimitsConfig } from '../lib/server/config/limits-schema';
import { createLimits } from '../lib/server/limits/limits';
import { createRateLimiter } from '../lib/server/redis/rate-limiter';
import { REDIS_OPTIONS } from '../lib/server/redis/client';
import { startRedisServer } from '../testing/stack/redis-server';

const REQUESTS = Number(process.env.BENCH_REQUESTS) || 3000;
const WARM_UP = 300;
/** Identities cycled through, so counters stay under their limits the whole run. */
const IDENTITIES = 200;

const config: LimitsConfig = {
  user: { rpm: 1_000_000, concurrent: 10, tokensPerDay: 1_000_000_000 },
  embed: { rpm: 1_000_000, concurrent: 10, tokensPerDay: 1_000_000_000, hostRpm: 1_000_000 },
  maxConcurrentStreams: 100,
  queueTimeoutMs: 1000,
};

function visitor(i: number): Identity {
  const id = `bench-visitor-${String(i % IDENTITIES).padStart(6, '0')}`;
  return {
    kind: 'visitor',
    key: `visitor:${id}`,
    visitorId: id,
    address: `10.0.${i % IDENTITIES}.1`,
    hostOrigin: 'https://bench.test',
  };
}

function stats(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `median ${at(0.5).toFixed(3)} ms, p99 ${at(0.99).toFixed(3)} ms (n=${values.length})`;
}

async function run(label: string, redis: Redis | undefined): Promise<void> {
  const slots = createSlots({
    local: createMemorySlotStore(),
    shared: async () => (redis ? createRedisSlotStore(redis, `bench:${Date.now()}:`) : undefined),
  });
  const limits = createLimits(config, {
    slots,
    rateLimiter: (options) =>
      redis
        ? createRateLimiter({ ...options, keyPrefix: `bench:${options.keyPrefix}` }, redis)
        : new RateLimiterMemory(options),
    isAllowedHost: () => true,
  });
  const admission = createAdmission(slots, config.queueTimeoutMs);
  const signal = new AbortController().signal;
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + REQUESTS; i++) {
    const started = performance.now();
    const decision = await limits.check(visitor(i), 600);
    if (!decision.ok) throw new Error(`refused: ${decision.refusal.limit}`);
    const entered = await admission.enter({
      backend: 'bench',
      limit: config.maxConcurrentStreams,
      signal,
      status: () => {},
    });
    const elapsed = performance.now() - started;
    if (!entered || !('lease' in entered)) throw new Error('not admitted');
    if (i >= WARM_UP) times.push(elapsed);
    entered.lease.release();
    decision.hold.end(120);
  }
  console.log(`${label.padEnd(26)} ${stats(times)}`);
}

console.log(
  `Limit checks added per request (visitor: 2 keys × requests/minute, stream slot, tokens; site cap; backend slot)`,
);
await run('in memory', undefined);
const server = await startRedisServer();
const redis = new Redis(server.url, { ...REDIS_OPTIONS, lazyConnect: true });
try {
  await redis.connect();
  await run(`local Redis (${server.url.replace('redis://', '')})`, redis);
} finally {
  redis.disconnect();
  await server.stop();
}
