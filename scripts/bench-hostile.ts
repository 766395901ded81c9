/**
 * `npx tsx scripts/bench-hostile.ts` (after `npm run build`): what hostile traffic costs one app
 * process with a local Redis (both started here, on free loopback ports; bounded in count and
 * time). Figures for docs/operations.md, "Hostile traffic":
 *
 * 1. Deeply nested bodies: `ROUNDS` rounds of `BODIES` bodies of 8 MB of `[[[…]]]` sent at once
 *    (by curl, half as widget visitors), while `/api/health` is called every 10 ms: its times, and
 *    the server's own longest event-loop delay meanwhile.
 * 2. Rotating visitor ids: `REFUSALS` requests from one address, each with a new visitor id, past
 *    `EMBED_RATE_LIMIT_RPM`: the Redis keys and connected clients before and after, and how many
 *    keys outlive a minute.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { startInstance } from '../testing/stack/instance';
import { startRedisServer } from '../testing/stack/redis-server';

const BODIES = Number(process.env.BENCH_BODIES) || 4;
const REFUSALS = Number(process.env.BENCH_REFUSALS) || 200;
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 8;
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

/** Sends `file` as a chat request body with curl (a process of its own); its HTTP status. */
function curlPost(url: string, file: string, headers: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const args = ['-s', '-o', '/dev/null', '-w', '%{http_code}', '--data-binary', `@${file}`];
    for (const h of ['content-type: application/json', ...headers]) args.push('-H', h);
    const child = spawn('curl', [...args, `${url}/api/chat`]);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.once('error', reject);
    child.once('exit', () => resolve(Number(out)));
  });
}

async function deepBodies(url: string) {
  // Written once and sent by curl processes, so this process's event loop only times health.
  const dir = mkdtempSync(join(tmpdir(), 'runnel-hostile-'));
  const file = join(dir, 'deep.json');
  writeFileSync(file, `{"model":"m","messages":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}}`);
  await serverLoopMaxMs(url);
  let sending = true;
  const healthTimes: number[] = [];
  const poll = (async () => {
    while (sending) {
      healthTimes.push(await timedHealth(url));
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const statuses: number[] = [];
  // `ROUNDS` rounds of `BODIES` at once, so health is timed over a few seconds of them.
  for (let round = 0; round < ROUNDS; round++)
    statuses.push(
      ...(await Promise.all(
        Array.from({ length: BODIES }, (_, i) =>
          curlPost(
            url,
            file,
            i % 2 === 0
              ? [`x-runnel-visitor: bench-visitor-${round}-${String(i).padStart(8, '0')}`]
              : [],
          ),
        ),
      )),
    );
  sending = false;
  await poll;
  rmSync(dir, { recursive: true, force: true });
  const sorted = [...healthTimes].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return {
    healthCalls: sorted.length,
    healthP50Ms: at(0.5),
    healthP95Ms: at(0.95),
    worstHealthMs: sorted.at(-1),
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
