/**
 * `npm run bench:engine`: Runnel on real tokens. The local engine (llama.cpp + SmolLM2-135M,
 * greedy) answers the same prompts straight and through Runnel (`next start`'s standalone build),
 * interleaved, and the figures compare: time to first token, decode tokens/s, and the gateway's
 * CPU per token (the app process's user + system time over the tokens it relayed). Targets:
 * Runnel adds ≤ 2 ms to the median first token and costs ≤ 2 % of the median tokens/s.
 * Needs `npm run build`; sets the engine up on first use. `BENCH_ENGINE_RUNS` (default 20);
 * `BENCH_PORT_BASE`: the engine on that port and the app on the next (free ports by default).
 *
 * Where people run it, the engine has hardware of its own (a GPU, another machine) and the app's
 * work does not slow it down. On a machine of two or more cores the engine is given its own core
 * here too (`taskset`), the app and this client the others; `BENCH_SHARED_CORES=1` lets all three
 * share every core, as they did before. Besides each side's median, the first-token line gives
 * the median of the per-round differences: each round asks the same prompt every way, so the
 * prompt's length and the engine's state cancel out of it.
 *
 * A third way shows what Next itself costs: the raw pipe (`/api/bench/pipe`, `BENCH_RAW_PIPE=1`)
 * passes the engine's bytes through the same Next server untouched — a route handler that reads
 * the body and calls the engine with Node's own fetch, without Runnel's parsing, checks or events.
 * What Runnel adds beyond it is Runnel's own. A fourth, a plain Node server doing the same
 * (`node-pipe.ts`, its own process on the app's cores), shows what any Node gateway pays here:
 * what the raw pipe adds beyond it is Next's.
 *
 * Last, with the engine stopped, the hop alone (hop.ts): the four ways again, `BENCH_ENGINE_HOP_RUNS`
 * rounds (default 300) to an upstream that answers at once, where what each way adds to the first
 * token shows to a fraction of a millisecond.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { freePort } from '../../testing/stack/free-port';
import { LOCAL_MODEL_ID, localModelChoice } from '../local-model/local-model';
import { writeLocalProvidersFile } from '../local-model/local-providers';
import { setUpLocalModel } from '../local-model/setup';
import { startEngine } from '../local-model/start-engine';
import { startStandalone } from '../../testing/stack/standalone';
import { measureHop, type HopWay } from './hop';
import { openAIStream, throughRunnel, type Timed } from './measure';
import { spawnReady } from './spawn-ready';

const RUNS = Number(process.env.BENCH_ENGINE_RUNS) || 20;
/**
 * Rounds of short answers (a few tokens) besides, for the first token alone: the engine's own
 * first token varies by ±20 ms from one request to the next, so a difference of a millisecond or
 * two needs more rounds than the answers of 200 tokens can give in minutes.
 */
const FIRST_TOKEN_RUNS = Number(process.env.BENCH_ENGINE_FIRST_TOKEN_RUNS ?? 100);
/** Rounds of the hop alone (hop.ts): each way once a round. */
const HOP_RUNS = Number(process.env.BENCH_ENGINE_HOP_RUNS ?? 300);
const SHORT_TOKENS = 4;
/** Read before anything is pinned: Node counts only the cores this process may run on. */
const CORES = availableParallelism();
const PORT_BASE = Number(process.env.BENCH_PORT_BASE) || 0;
const MAX_TOKENS = 200;
const PROMPTS = [
  'Write a story about a river that reaches the sea.',
  'Explain how rain forms, step by step, in detail.',
  'Describe a walk through an old city at night.',
  'Write a letter to a friend about a trip to the mountains.',
];

/** The app process's CPU time so far (user + system), in milliseconds. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 a second).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The engine on the last core, the app and this process on the others (every thread of each).
 * Returns what was done, for the report; nothing on one core, without `taskset`, or when asked.
 */
function separateCores(enginePid: number, appPids: number[]): string {
  if (process.env.BENCH_SHARED_CORES === '1') return 'engine, app and client share every core';
  if (CORES < 2) return 'one core: engine, app and client share it';
  const last = String(CORES - 1);
  const rest = CORES > 2 ? `0-${CORES - 2}` : '0';
  try {
    execFileSync('taskset', ['-a', '-cp', last, String(enginePid)], { stdio: 'ignore' });
    for (const pid of [...appPids, process.pid])
      execFileSync('taskset', ['-a', '-cp', rest, String(pid)], { stdio: 'ignore' });
  } catch {
    return 'taskset failed: engine, app and client share every core';
  }
  return `engine on core ${last}, app and client on ${rest}`;
}

const cell = (value: string, width: number) => value.padStart(width);

/** Undoes `separateCores` for this process and what it starts from now on. */
function shareCores(): void {
  if (CORES < 2) return;
  try {
    execFileSync('taskset', ['-a', '-cp', `0-${CORES - 1}`, String(process.pid)], {
      stdio: 'ignore',
    });
  } catch {
    // Without taskset nothing was pinned.
  }
}

const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(2)}`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The median of round-by-round differences `values[k] - base[k]`, and their quartiles. */
function perRound(values: number[], base: number[], digits = 1): string {
  const sorted = values.map((t, k) => t - base[k]!).sort((a, b) => a - b);
  const quartile = (q: number) => sorted[Math.round(q * (sorted.length - 1))]!.toFixed(digits);
  return `${signed(median(sorted))} ms (quartiles ${quartile(0.25)} to ${quartile(0.75)} ms)`;
}

const choice = localModelChoice();
if (choice.kind === 'off') throw new Error('LOCAL_MODEL=off: nothing to benchmark');
const files = await setUpLocalModel(choice);
const engine = await startEngine(files.serverBin, {
  modelPath: files.modelPath,
  host: '127.0.0.1',
  parallel: 2,
  temperature: 0,
  seed: 42,
  ...(PORT_BASE ? { port: PORT_BASE } : {}),
});
const app = await startStandalone(
  {
    PROVIDERS_FILE: writeLocalProvidersFile(engine.baseURL, choice, '.runnel/bench'),
    // The raw pipe (`/api/bench/pipe`): the engine's bytes through the same Next server untouched.
    BENCH_RAW_PIPE: '1',
    LOG_LEVEL: 'warn',
    NEXT_TELEMETRY_DISABLED: '1',
  },
  PORT_BASE ? PORT_BASE + 1 : undefined,
);
let nodePipe: ChildProcess | undefined;
try {
  const nodePipePort = await freePort();
  nodePipe = await spawnReady('scripts/bench-engine/node-pipe.ts', [
    String(nodePipePort),
    engine.baseURL,
  ]);
  const placement = separateCores(engine.process.child.pid!, [app.process.pid!, nodePipe.pid!]);
  // Every request starts with a mark of its own, of the same length either way: the engine's
  // prompt cache then serves both sides the same shared start (the chat template) and neither the
  // rest. With the same prompt twice in a row, whichever went second read it from the cache, and
  // the medians fell between a cached and an uncached mode (measured: 25–47 ms vs 250–300 ms).
  let mark = 0;
  const messages = (i: number) => [
    {
      role: 'user',
      content: `(${String(++mark).padStart(4, '0')}) ${PROMPTS[i % PROMPTS.length]!}`,
    },
  ];
  // Exactly what Runnel sends the engine for these requests (the llamacpp preset's fields).
  const engineBody = (i: number, maxTokens: number) => ({
    model: LOCAL_MODEL_ID,
    messages: messages(i),
    stream: true,
    stream_options: { include_usage: true },
    max_tokens: maxTokens,
    timings_per_token: true,
    return_progress: true,
  });
  const runnelBody = (i: number, maxTokens: number) => ({
    model: `local:${LOCAL_MODEL_ID}`,
    messages: messages(i),
    max_tokens: maxTokens,
  });
  const ways = {
    direct: (i: number, max: number) =>
      openAIStream(`${engine.baseURL}/chat/completions`, engineBody(i, max)),
    node: (i: number, max: number) =>
      openAIStream(`http://127.0.0.1:${nodePipePort}`, engineBody(i, max)),
    next: (i: number, max: number) => openAIStream(`${app.url}/api/bench/pipe`, engineBody(i, max)),
    runnel: (i: number, max: number) => throughRunnel(app.url, runnelBody(i, max)),
  };
  type Way = keyof typeof ways;
  const order: Way[] = ['direct', 'node', 'next', 'runnel'];
  // Warm-up: the engine's prompt cache and the app's first compilation of each route.
  for (let i = 0; i < PROMPTS.length; i++) for (const way of order) await ways[way](i, MAX_TOKENS);
  const timed: Record<Way, Timed[]> = { direct: [], node: [], next: [], runnel: [] };
  const firstTokens: Record<Way, number[]> = { direct: [], node: [], next: [], runnel: [] };
  let relayCpu = 0;
  for (let i = 0; i < RUNS + FIRST_TOKEN_RUNS; i++) {
    const long = i < RUNS;
    // The order turns each round, so that none always runs on a just-warmed engine.
    for (let k = 0; k < order.length; k++) {
      const way = order[(i + k) % order.length]!;
      const before = cpuMs(app.process.pid!);
      const answer = await ways[way](i, long ? MAX_TOKENS : SHORT_TOKENS);
      if (long && way === 'runnel') relayCpu += cpuMs(app.process.pid!) - before;
      if (long) timed[way].push(answer);
      firstTokens[way].push(answer.ttftMs);
    }
  }
  const ttft = (way: Way) => median(firstTokens[way]);
  const speed = (way: Way) => median(timed[way].map((t) => t.tokensPerSecond));
  /** Round by round (the same prompt each way): the prompt's own cost cancels out. */
  const paired = (way: Way) => perRound(firstTokens[way], firstTokens.direct);
  const tokens = timed.runnel.reduce((sum, t) => sum + t.completionTokens, 0);
  const addedTtft = ttft('runnel') - ttft('direct');
  const speedLoss = (1 - speed('runnel') / speed('direct')) * 100;
  console.log(
    `bench:engine — SmolLM2-135M on llama.cpp, ${RUNS} answers of ≤ ${MAX_TOKENS} tokens and ${FIRST_TOKEN_RUNS} of ${SHORT_TOKENS} each way (${placement})`,
  );
  console.log(
    `                     engine direct  through plain Node  through Next alone  through Runnel`,
  );
  // Every answer's first token counts, the short ones' and the long ones'.
  console.log(
    `time to first token  ${cell(ttft('direct').toFixed(1), 10)} ms  ${cell(ttft('node').toFixed(1), 15)} ms  ${cell(ttft('next').toFixed(1), 15)} ms  ${cell(ttft('runnel').toFixed(1), 11)} ms`,
  );
  console.log(
    `  Runnel adds        ${signed(addedTtft)} ms to the median (target ≤ +2 ms: ${addedTtft <= 2 ? 'met' : 'NOT met'})`,
  );
  console.log(`  per round, Runnel  ${paired('runnel')} median difference`);
  console.log(`  per round, Next    ${paired('next')} median difference (the raw pipe)`);
  console.log(`  per round, Node    ${paired('node')} median difference (plain Node)`);
  console.log(
    `decode tokens/s      ${cell(speed('direct').toFixed(1), 13)}  ${cell(speed('node').toFixed(1), 18)}  ${cell(speed('next').toFixed(1), 18)}  ${cell(speed('runnel').toFixed(1), 14)}   Runnel ${speedLoss >= 0 ? '-' : '+'}${Math.abs(speedLoss).toFixed(2)} % (target ≤ 2 %: ${speedLoss <= 2 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `gateway CPU          ${((relayCpu * 1000) / tokens).toFixed(1)} µs per token (${relayCpu} ms for ${tokens} tokens, whole app process)`,
  );
} finally {
  app.kill();
  nodePipe?.kill();
  await engine.process.stop();
}

// The hop alone, with the engine stopped: every process on every core again.
shareCores();
const hop = await measureHop(HOP_RUNS);
const hopMedian = (way: HopWay) => median(hop[way]).toFixed(2);
console.log(
  `\nthe hop alone — ${HOP_RUNS} rounds to an upstream that answers at once (the scenario backend, no pacing), every core shared:`,
);
console.log(
  `time to first token  ${cell(hopMedian('direct'), 10)} ms  ${cell(hopMedian('node'), 15)} ms  ${cell(hopMedian('next'), 15)} ms  ${cell(hopMedian('runnel'), 11)} ms`,
);
console.log(`  per round, Runnel  ${perRound(hop.runnel, hop.direct, 2)} over the upstream`);
console.log(`  per round, Next    ${perRound(hop.next, hop.direct, 2)} over the upstream`);
console.log(`  per round, Node    ${perRound(hop.node, hop.direct, 2)} over the upstream`);
console.log(
  `  Runnel's own work  ${perRound(hop.runnel, hop.next, 2)} beyond Next alone; Next's handling ${perRound(hop.next, hop.node, 2)} beyond plain Node`,
);
