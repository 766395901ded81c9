/**
 * The command line of the local engine (llama.cpp's `llama-server`), in one place for the main
 * command, `npm run engine` and the engine tests.
 */
import { availableParallelism } from 'node:os';
import { LOCAL_MODEL_CONTEXT, LOCAL_MODEL_ID } from './local-model';

export interface EngineOptions {
  modelPath: string;
  host: string;
  port: number;
  /** Requests the engine decodes at once (`--parallel`); each slot gets the model's context. */
  parallel: number;
  /**
   * CPU threads (default: one core left for the app and the browser, at most 4). llama.cpp's own
   * default is every core, and its threads wait for each other by spinning: on a two-core machine
   * where the app and a browser also run, two threads decoded 15× slower than one (measured).
   */
  threads?: number;
  /** Default sampling for requests that name none: 0 makes every answer reproducible. */
  temperature?: number;
  seed?: number;
  /** Prompt tokens decoded per step; smaller steps notice a cancelled request sooner. */
  batchSize?: number;
  /**
   * `false` reads every prompt in full (`--no-cache-prompt`): an answer then depends on its request
   * alone, not on what the engine kept of earlier ones. Greedy decoding repeats itself only when the
   * engine computes the same way; a prompt partly taken from the cache is computed otherwise.
   */
  promptCache?: boolean;
}

/**
 * The local engine's prompt step (`--batch-size`, llama.cpp's default 2,048): the engine notices a
 * closed connection only between prompt steps, so a Stop during a long prompt frees it one or two
 * steps later. With one thread on the two-core machine (SmolLM2-135M, a request closed 1,000 tokens
 * into a 3,000-token prompt, interleaved runs under other work, load average 5–6): steps of 64
 * took 0.4–1.1 s each and the engine went idle 0.7–2.4 s after the close; steps of 8 took 65–140 ms
 * and it went idle in 100–530 ms; steps of 4, 35–50 ms and 79–120 ms. Reading a prompt cost
 * 8.1 ms of engine CPU per token in steps of 64, 8.6 in steps of 8 (+6 %) and 9.9 in steps of 4
 * (+22 %): 8 frees the engine within a fraction of a second for a few percent more prompt work.
 */
export const LOCAL_PROMPT_STEP = 8;

export function defaultThreads(cores = availableParallelism()): number {
  return Math.max(1, Math.min(4, cores - 1));
}

export function engineArgs(options: EngineOptions): string[] {
  const args = [
    '--model',
    options.modelPath,
    '--alias',
    LOCAL_MODEL_ID,
    '--host',
    options.host,
    '--port',
    String(options.port),
    '--parallel',
    String(options.parallel),
    '--ctx-size',
    String(LOCAL_MODEL_CONTEXT * options.parallel),
    // Prometheus counters and per-slot state: what Runnel's tests read to see the engine idle.
    '--metrics',
    // On a CPU its flash attention ran this model 2–4× slower (prompt and answer, measured with a
    // 2,900-token prompt); llama.cpp's `auto` turns it on.
    '--flash-attn',
    'off',
    // Its HTTP server gives every open connection a thread of its own, idle keep-alive ones
    // included, from a pool of `--parallel` + 4 by default: a few idle connections of the app's
    // (model probes) and of a monitor were enough for a new chat to be refused (seen in the tests).
    '--threads-http',
    String(Math.max(32, options.parallel * 4)),
  ];
  args.push('--threads', String(options.threads ?? defaultThreads()));
  if (options.temperature !== undefined) args.push('--temp', String(options.temperature));
  if (options.seed !== undefined) args.push('--seed', String(options.seed));
  if (options.promptCache === false) args.push('--no-cache-prompt');
  if (options.batchSize)
    args.push(
      '--batch-size',
      String(options.batchSize),
      '--ubatch-size',
      String(options.batchSize),
    );
  return args;
}
