/**
 * `npx tsx scripts/bench-hostile.ts` (after `npm run build`): what hostile traffic costs one app
 * process with a local Redis (both started here, on free loopback ports; bounded in count and
 * time). Figures for docs/operations.md, "Hostile traffic":
 *
 * 1. Deeply nested bodies: `BODIES` bodies of 8 MB of `[[[…]]]` sent at once, by a widget visitor
 *    and by the app's own client, while `/api/health` is called every 10 ms: the slowest health
 *    answer is how long the event loop was held.
 * 2. Rotating visitor ids: `REFUSALS` requests from one address, each with a new visitor id, past
 *    `EMBED_RATE_LIMIT_RPM`: the Redis keys and connected clients before and after, and how many
 *    keys outlive a minute.
 */
import { Redis } from 'ioredis';
import { startInstance } from '../testing/stack/instance';
import { startRedisServer } from '../testing/stack/redis-server';

const BODIES = Number(process.env.BENCH_BODIES) || 4;
const REFUSALS = Number(process.env.BENCH_REFUSALS) || 200;
/** Just under `MAX_REQUEST_BYTES` (8 MiB), so the size cap alone does not refuse it. */
const DEPTH = 4 * 1024 * 1024 - 64;

async function timedHealth(url: string): Promise<number> {
  const started = performance.now();
  await (await fetch(`${url}/api/health`)).text();
  return performance.now() - started;
}

const METRICS_TOKEN = 'bench-hostile-metrics-token';

/**
 * The server's own longest event-loop delay since the last scrape (prom-client's
 * `nodejs_eventloop_lag_max_seconds`, reset by each scrape), in ms: the health times above also
 * carry this client's own work.
 */
async function serverLoopMaxMs(url: string): Promise<number> {
  const text = await (
    await fetch(`${url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const line = text.split('\n').find((l) => l.startsWith('nodejs_eventloop_lag_max_seconds '));
  return Number(line?.split(' ')[1] ?? NaN) * 1000;
}

async function deepBodies(url: string) {
  // Encoded once, so sending it costs this client no event-loop time of its own.
  const deep = Buffer.from(`{"model":"m","messages":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}}`);
  await serverLoopMaxMs(url);
  let sending = true;
  const healthTimes: number[] = [];
  const poll = (async () => {
    while (sending) {
      healthTimes.push(await timedHealth(url));
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const statuses = await Promise.all(
    Array.from({ length: BODIES }, async (_, i) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (i % 2 === 0) headers['x-runnel-visitor'] = `bench-visitor-${String(i).padStart(10, '0')}`;
      const response = await fetch(`${url}/api/chat`, { method: 'POST', headers, body: deep });
      await response.text();
      return response.status;
    }),
  );
  sending = false;
  await poll;
  return {
    worstHealthMs: Math.max(...healthTimes),
    serverLoopMaxMs: await serverLoopMaxMs(url),
    statuses,
  };
}

async function redisFigures(redis: Redis) {
  const keys = await redis.keys('*');
  const ttls = await Promise.all(keys.map((key) => redis.pttl(key)));
  const clients = (await redis.client('LIST')) as string;
  return {
    keys: keys.length,
    keysOutlivingAMinute: ttls.filter((t) => t > 60_000 || t === -1).length,
    clients: clients.trim().split('\n').length,
  };
}

async function rotatingVisitors(url: string, redis: Redis) {
  const before = await redisFigures(redis);
  const statuses = new Map<number, number>();
  for (let i = 0; i < REFUSALS; i++) {
    const response = await fetch(`${url}/api/chat`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': '198.51.100.77',
        'x-runnel-visitor': `rotating-${crypto.randomUUID()}`,
      },
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
    });
    await response.text();
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  }
  return { before, after: await redisFigures(redis), statuses: Object.fromEntries(statuses) };
}

const server = await startRedisServer();
const redis = new Redis(server.url);
const app = await startInstance({
  OPENAI_BASE_URL: 'http://127.0.0.1:59996/v1',
  MODELS: 'm',
  EMBED_ALLOWED_ORIGINS: 'https://site.test',
  REDIS_URL: server.url,
  LOG_LEVEL: 'silent',
  METRICS_TOKEN,
});
try {
  // Warm: the first calls of each route compile nothing in production, but open connections.
  for (let i = 0; i < 5; i++) await timedHealth(app.url);
  const idle: number[] = [];
  for (let i = 0; i < 20; i++) idle.push(await timedHealth(app.url));
  const idleHealthMs = Math.max(...idle);
  await serverLoopMaxMs(app.url);
  await new Promise((r) => setTimeout(r, 1000));
  const idleLoopMaxMs = await serverLoopMaxMs(app.url);
  console.log(JSON.stringify({ idleHealthMs, idleLoopMaxMs, deep: await deepBodies(app.url) }));
  console.log(JSON.stringify({ rotating: await rotatingVisitors(app.url, redis) }));
} finally {
  await app.stop();
  redis.disconnect();
  await server.stop();
}
