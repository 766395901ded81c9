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
 * the median of the per-round differences: each round asks the same prompt both ways, so the
 * prompt's length and the engine's state cancel out of it.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { LOCAL_MODEL_ID, localModelChoice } from '../local-model/local-model';
import { writeLocalProvidersFile } from '../local-model/local-providers';
import { setUpLocalModel } from '../local-model/setup';
import { startEngine } from '../local-model/start-engine';
import { startStandalone } from '../../testing/stack/standalone';
import { direct, throughRunnel, type Timed } from './measure';

const RUNS = Number(process.env.BENCH_ENGINE_RUNS) || 20;
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
function separateCores(enginePid: number, appPid: number): string {
  const cores = availableParallelism();
  if (process.env.BENCH_SHARED_CORES === '1') return 'engine, app and client share every core';
  if (cores < 2) return 'one core: engine, app and client share it';
  const last = String(cores - 1);
  const rest = cores > 2 ? `0-${cores - 2}` : '0';
  try {
    execFileSync('taskset', ['-a', '-cp', last, String(enginePid)], { stdio: 'ignore' });
    for (const pid of [appPid, process.pid])
      execFileSync('taskset', ['-a', '-cp', rest, String(pid)], { stdio: 'ignore' });
  } catch {
    return 'taskset failed: engine, app and client share every core';
  }
  return `engine on core ${last}, app and client on ${rest}`;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

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
    LOG_LEVEL: 'warn',
    NEXT_TELEMETRY_DISABLED: '1',
  },
  PORT_BASE ? PORT_BASE + 1 : undefined,
);
const placement = separateCores(engine.process.child.pid!, app.process.pid!);
try {
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
  const engineBody = (i: number) => ({
    model: LOCAL_MODEL_ID,
    messages: messages(i),
    stream: true,
    stream_options: { include_usage: true },
    max_tokens: MAX_TOKENS,
    timings_per_token: true,
    return_progress: true,
  });
  const runnelBody = (i: number) => ({
    model: `local:${LOCAL_MODEL_ID}`,
    messages: messages(i),
    max_tokens: MAX_TOKENS,
  });
  // Warm-up: the engine's prompt cache and the app's first compilation of each route.
  for (let i = 0; i < PROMPTS.length; i++) {
    await direct(engine.baseURL, engineBody(i));
    await throughRunnel(app.url, runnelBody(i));
  }
  const straight: Timed[] = [];
  const relayed: Timed[] = [];
  let relayCpu = 0;
  for (let i = 0; i < RUNS; i++) {
    // Alternate which goes first, so neither always runs on a just-warmed engine.
    const order = i % 2 ? ['runnel', 'direct'] : ['direct', 'runnel'];
    for (const which of order) {
      if (which === 'direct') {
        straight.push(await direct(engine.baseURL, engineBody(i)));
      } else {
        const before = cpuMs(app.process.pid!);
        relayed.push(await throughRunnel(app.url, runnelBody(i)));
        relayCpu += cpuMs(app.process.pid!) - before;
      }
    }
  }
  const ttft = [median(straight.map((t) => t.ttftMs)), median(relayed.map((t) => t.ttftMs))];
  // Round by round (the same prompt both ways): the prompt's own cost cancels out.
  const paired = relayed.map((t, k) => t.ttftMs - straight[k]!.ttftMs).sort((a, b) => a - b);
  const quartile = (q: number) => paired[Math.round(q * (paired.length - 1))]!;
  const speed = [
    median(straight.map((t) => t.tokensPerSecond)),
    median(relayed.map((t) => t.tokensPerSecond)),
  ];
  const tokens = relayed.reduce((sum, t) => sum + t.completionTokens, 0);
  const addedTtft = ttft[1]! - ttft[0]!;
  const speedLoss = (1 - speed[1]! / speed[0]!) * 100;
  console.log(
    `bench:engine — SmolLM2-135M on llama.cpp, ${RUNS} answers each way, ≤ ${MAX_TOKENS} tokens (${placement})`,
  );
  console.log(`                     engine direct   through Runnel   difference`);
  console.log(
    `time to first token  ${ttft[0]!.toFixed(1).padStart(10)} ms  ${ttft[1]!.toFixed(1).padStart(12)} ms   ${addedTtft >= 0 ? '+' : ''}${addedTtft.toFixed(2)} ms (target ≤ +2 ms: ${addedTtft <= 2 ? 'met' : 'NOT met'})`,
  );
  const pairedMedian = median(paired);
  console.log(
    `  per round          ${pairedMedian >= 0 ? '+' : ''}${pairedMedian.toFixed(2)} ms median difference (quartiles ${quartile(0.25).toFixed(1)} to ${quartile(0.75).toFixed(1)} ms)`,
  );
  console.log(
    `decode tokens/s      ${speed[0]!.toFixed(1).padStart(13)}  ${speed[1]!.toFixed(1).padStart(15)}   ${speedLoss >= 0 ? '-' : '+'}${Math.abs(speedLoss).toFixed(2)} % (target ≤ 2 %: ${speedLoss <= 2 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `gateway CPU          ${((relayCpu * 1000) / tokens).toFixed(1)} µs per token (${relayCpu} ms for ${tokens} tokens, whole app process)`,
  );
} finally {
  app.kill();
  await engine.process.stop();
}
