/**
 * `npm run bench:hostile` (after `npm run build`): what hostile traffic costs one app process —
 * the standalone server as deployed, with a local Redis, both started here on free loopback ports.
 * Prints figures for docs/operations.md, "Hostile traffic"; asserts nothing.
 *
 * 1. Hostile bodies: `BENCH_ROUNDS` (8) rounds of `BENCH_BODIES` (4) bodies of 8 MiB sent at
 *    once by curl, half as widget visitors — first `[[[…]]]` ("deep"), then valid JSON with one
 *    8 MiB message ("flat") — while another process times `/api/health` every 10 ms
 *    (`health-prober.ts`). The same timing first runs for `BENCH_QUIET_MS` (3 s) with nothing
 *    sent: what the machine alone costs a health call now. For each phase: health p50/p95/worst,
 *    the server's event-loop delay (max, p99), its CPU and GC time, the bytes it read, how long it
 *    waited for a core, how busy the machine's cores were, and every body's status.
 * 2. Rotating visitor ids: `BENCH_REFUSALS` (200) requests from one address, each with a new
 *    visitor id, past `EMBED_RATE_LIMIT_RPM` (`rotating-visitors.ts`).
 *
 * `BENCH_SENDER_NICE` (19) is the senders' niceness (`hostile-bodies.ts` says why).
 * `BENCH_HOSTILE_NODE_ARGS` (space-separated) adds Node options to the server, for a diagnostic
 * run such as `--cpu-prof --cpu-prof-dir=/tmp/prof` (the server is stopped with SIGTERM, so the
 * profile is written).
 */
import { cpus, getPriority, loadavg } from 'node:os';
import { Redis } from 'ioredis';
import { startRedisServer } from '../../testing/stack/redis-server';
import { startStandalone } from '../../testing/stack/standalone';
import { quantile } from '../bench-load/stats';
import { SENDER_NICE, sendBodies, type Outcome } from './hostile-bodies';
import { watchMachine } from './machine';
import { startHealthProber, type HealthProber } from './prober-client';
import { rotatingVisitors } from './rotating-visitors';
import { METRICS_TOKEN, serverLoopDelay } from './server-loop';

const BODIES = Number(process.env.BENCH_BODIES) || 4;
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 8;
const QUIET_MS = Number(process.env.BENCH_QUIET_MS) || 3000;
const REFUSALS = Number(process.env.BENCH_REFUSALS) || 200;

const round1 = (v: number) => Math.round(v * 10) / 10;

/** Times health (in the prober) while `work` runs; the figures of that phase. */
async function phase<T>(url: string, pid: number, prober: HealthProber, work: () => Promise<T>) {
  const before = await serverLoopDelay(url);
  const machine = watchMachine(pid);
  const { result, series } = await prober.during(work);
  const loop = await serverLoopDelay(url);
  const m = machine.end();
  return {
    result,
    figures: {
      healthCalls: series.times.length,
      healthP50Ms: round1(quantile(series.times, 0.5)),
      healthP95Ms: round1(quantile(series.times, 0.95)),
      healthWorstMs: round1(Math.max(...series.times)),
      proberOwnLoopMaxMs: round1(series.ownLoopMaxMs),
      serverLoopMaxMs: round1(loop.maxMs),
      serverLoopP99Ms: round1(loop.p99Ms),
      serverGcMs: round1(loop.gcTotalMs - before.gcTotalMs),
      serverCpuMs: Math.round(m.serverCpuMs),
      serverWaitedForCoreMs: Math.round(m.serverWaitedForCoreMs),
      serverReadMiB: round1(m.serverReadMiB),
      wallMs: Math.round(m.wallMs),
      coresBusy: `${m.coresBusy.toFixed(2)} of ${m.cores}`,
      loadAverage1m: round1(m.load1),
    },
  };
}

function tally(outcomes: Outcome[]) {
  const byStatus: Record<string, number> = {};
  for (const o of outcomes)
    byStatus[o.status || 'reset'] = (byStatus[o.status || 'reset'] ?? 0) + 1;
  const answered = outcomes.filter((o) => o.status > 0).length;
  const failures = [...new Set(outcomes.flatMap((o) => (o.curlError ? [o.curlError] : [])))];
  return { sent: outcomes.length, answeredWithStatus: answered, byStatus, failures };
}

/** The chat route's code loads on its first request: warm it, as any running server is. */
async function warm(url: string): Promise<void> {
  for (let i = 0; i < 5; i++) await (await fetch(`${url}/api/health`)).text();
  for (const body of ['{"model":"m","messages":[]}', `${'['.repeat(100)}${']'.repeat(100)}`]) {
    const response = await fetch(`${url}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    await response.text();
  }
}

const server = await startRedisServer();
const redis = new Redis(server.url);
const app = await startStandalone(
  {
    OPENAI_BASE_URL: 'http://127.0.0.1:59996/v1',
    MODELS: 'm',
    EMBED_ALLOWED_ORIGINS: 'https://site.test',
    REDIS_URL: server.url,
    LOG_LEVEL: 'silent',
    METRICS_TOKEN,
  },
  undefined,
  (process.env.BENCH_HOSTILE_NODE_ARGS ?? '').split(' ').filter(Boolean),
);
const prober = await startHealthProber(app.url);
try {
  console.log(
    `bench:hostile — ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at start; niceness ${getPriority()}, senders ${SENDER_NICE}`,
  );
  await warm(app.url);
  const pid = app.process.pid!;
  const quiet = await phase(
    app.url,
    pid,
    prober,
    () => new Promise((r) => setTimeout(r, QUIET_MS)),
  );
  const deep = await phase(app.url, pid, prober, () => sendBodies(app.url, 'deep', ROUNDS, BODIES));
  console.log(JSON.stringify({ quiet: quiet.figures }));
  console.log(JSON.stringify({ deep: deep.figures, bodies: tally(deep.result) }));
  const flat = await phase(app.url, pid, prober, () => sendBodies(app.url, 'flat', ROUNDS, BODIES));
  console.log(JSON.stringify({ flat: flat.figures, bodies: tally(flat.result) }));
  console.log(JSON.stringify({ rotating: await rotatingVisitors(app.url, redis, REFUSALS) }));
} finally {
  prober.stop();
  // SIGTERM: the server drains and exits, writing a profile if one was asked for.
  app.process.kill('SIGTERM');
  const forced = setTimeout(() => app.kill(), 10_000);
  await app.exited;
  clearTimeout(forced);
  redis.disconnect();
  await server.stop();
}
