/**
 * Starts the local engine on a loopback port and waits until it has loaded the model.
 */
import { freePort } from '../../testing/stack/free-port';
import { engineArgs, type EngineOptions } from './engine-args';
import { spawnGroup, type GroupProcess } from './process-group';

export interface RunningEngine {
  /** The OpenAI-compatible base URL (`http://127.0.0.1:PORT/v1`). */
  baseURL: string;
  /** The engine's own address, for `/health`, `/slots` and `/metrics`. */
  origin: string;
  process: GroupProcess;
  /** What the engine printed, for a failure's message. */
  output(): string;
}

/** Waits for `/health` to answer 200 (503 while the model loads); fails if the engine exits. */
async function waitHealthy(engine: RunningEngine, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited: number | string | null = null;
  void engine.process.exited.then((code) => (exited = code));
  while (Date.now() < deadline) {
    if (exited !== null) {
      throw new Error(
        `the engine exited (${exited}) while starting:\n${engine.output().slice(-2000)}`,
      );
    }
    try {
      const response = await fetch(`${engine.origin}/health`, {
        signal: AbortSignal.timeout(2_000),
      });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the engine did not become healthy within ${timeoutMs} ms`);
}

export async function startEngine(
  serverBin: string,
  options: Omit<EngineOptions, 'port'> & { port?: number },
  { inheritOutput = false, timeoutMs = 60_000, ownGroup = true } = {},
): Promise<RunningEngine> {
  const port = options.port || (await freePort());
  const process = spawnGroup(
    serverBin,
    engineArgs({ ...options, port }),
    {
      stdio: ['ignore', inheritOutput ? 'inherit' : 'pipe', inheritOutput ? 'inherit' : 'pipe'],
    },
    ownGroup,
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  process.child.stdout?.on('data', keep);
  process.child.stderr?.on('data', keep);
  const origin = `http://${options.host}:${port}`;
  const engine: RunningEngine = { baseURL: `${origin}/v1`, origin, process, output: () => output };
  try {
    await waitHealthy(engine, timeoutMs);
  } catch (error) {
    await process.stop(1_000);
    throw error;
  }
  return engine;
}
