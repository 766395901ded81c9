/**
 * The real engine of the test suite: llama.cpp's server with SmolLM2-135M (set up by `npm run
 * engine:setup`, or on the first run), and an app of its own pointed at it. Greedy decoding and a
 * fixed seed make every answer reproducible; two slots, and Runnel's own line in front of them.
 * `E2E_PORT_BASE` moves it with the rest of the stack.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeStackFile } from './providers-file';

const base = Number(process.env.E2E_PORT_BASE) || 0;

export const ENGINE_PORT = base ? base + 30 : 4030;
export const ENGINE_APP_PORT = base ? base + 5 : 3105;
export const ENGINE_ORIGIN = `http://127.0.0.1:${ENGINE_PORT}`;
export const ENGINE_APP_URL = `http://127.0.0.1:${ENGINE_APP_PORT}`;

/** The model as the app lists it (providers-file mode: `provider:model`). */
export const ENGINE_MODEL = 'local:SmolLM2-135M-Instruct';
export const ENGINE_SLOTS = 2;

/**
 * The engine's command line: two slots, greedy, seeded; prompt steps of 2 tokens (20–40 ms each on
 * one thread here) so that a request closed during its prompt is dropped well within 100 ms: the
 * engine notices the close only between steps. Closed 1,000 tokens into a long prompt (the engine
 * alone, interleaved runs at load average 2–3), it was idle 39–74 ms later in steps of 2 and
 * 53–98 ms later in steps of 4; steps of 8, the local engine's default, took 65–140 ms each
 * (docs/decisions.md, "The local model"). Smaller steps cost prompt CPU, which the specs' short
 * prompts hardly notice.
 */
export const ENGINE_COMMAND = [
  // The engine has a machine of its own where people run it; here it shares two cores with the
  // app, Chromium and the rest of the suite, so it goes first (where the user may raise priority:
  // `nice` warns and runs it anyway where they may not).
  'nice -n -10',
  'npx tsx scripts/engine.ts',
  `--port ${ENGINE_PORT}`,
  `--parallel ${ENGINE_SLOTS}`,
  // One thread: llama.cpp's threads wait for each other by spinning, and on a two-core machine
  // shared with the app, Chromium and the rest of the suite, two of them ran 15× slower than one.
  '--threads 1',
  '--temp 0',
  '--seed 42',
  '--batch-size 2',
  // Each prompt read in full: the same request gives the same text whatever the engine answered
  // before it (the specs compare a resumed or continued answer with a straight one).
  '--no-cache-prompt',
].join(' ');

/** Writes the engine app's providers file (Runnel's line: two answers at once) and returns it. */
export function writeEngineProvidersFile(dir = '.runnel'): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `providers-engine-${ENGINE_PORT}.json`);
  const providers = [
    {
      id: 'local',
      label: 'This computer',
      baseURL: `${ENGINE_ORIGIN}/v1`,
      preset: 'llamacpp',
      models: [{ id: 'SmolLM2-135M-Instruct', label: 'SmolLM2 135M (local)' }],
      maxConcurrentStreams: ENGINE_SLOTS,
    },
  ];
  writeStackFile(path, JSON.stringify(providers, null, 2));
  return path;
}

/** The engine app's environment: real-engine timeouts (a long prompt takes a while on a CPU). */
export function engineAppEnv(providersFile: string): Record<string, string> {
  return {
    PROVIDERS_FILE: providersFile,
    DEFAULT_MODEL: ENGINE_MODEL,
    MAX_OUTPUT_TOKENS: '512',
    UPSTREAM_HEADERS_TIMEOUT_MS: '60000',
    UPSTREAM_IDLE_TIMEOUT_MS: '60000',
    QUEUE_TIMEOUT_MS: '60000',
    // No title requests after a first answer: each spec counts what the engine did for its own.
    TITLE_MODEL: 'off',
    NEXT_TELEMETRY_DISABLED: '1',
  };
}
