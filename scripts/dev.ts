/**
 * `npm run dev`, the main command: the app in development mode on its embedded default — a real
 * model on this computer (SmolLM2 135M on llama.cpp's server, set up on first run) — unless a
 * backend is configured. When the local model cannot be had, the app still starts, on the scenario
 * backend, with a notice saying why. Ctrl-C stops everything it started.
 */
import { spawnSync } from 'node:child_process';
import { startScenarioBackend } from '../testing/scenario-backend/server';
import { configuredBackend, localModelChoice, LOCAL_MODEL_ID } from './local-model/local-model';
import { writeLocalProvidersFile } from './local-model/local-providers';
import { spawnGroup, type GroupProcess } from './local-model/process-group';
import { setUpLocalModel } from './local-model/setup';
import { startEngine } from './local-model/start-engine';
import { LOCAL_PROMPT_STEP } from './local-model/engine-args';
import { E2E_KEYS } from '../testing/stack/keys';
import { writeProvidersFile } from '../testing/stack/providers-file';

const stops: (() => Promise<unknown>)[] = [];
let stopping = false;
async function stopAll(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await Promise.allSettled(stops.reverse().map((stop) => stop()));
  }
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(130));
process.on('SIGTERM', () => void stopAll(143));

for (const script of ['build:widget', 'build:lexer']) {
  const result = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function backendEnv(): Promise<Record<string, string>> {
  const configured = configuredBackend();
  if (configured) {
    console.log(`${configured} is set: no local model is started.`);
    return {};
  }
  let choice;
  try {
    choice = localModelChoice();
  } catch (error) {
    return scenarioFallback((error as Error).message);
  }
  if (choice.kind === 'off') {
    console.log('LOCAL_MODEL=off: no local model; the app uses its configured defaults.');
    return {};
  }
  try {
    const files = await setUpLocalModel(choice);
    const engine = await startEngine(files.serverBin, {
      modelPath: files.modelPath,
      host: '127.0.0.1',
      parallel: 2,
      // A Stop during a long prompt is noticed within one step.
      batchSize: LOCAL_PROMPT_STEP,
    });
    stops.push(() => engine.process.stop());
    void engine.process.exited.then((code) => {
      if (!stopping) {
        console.error(`The local engine exited (${code}):\n${engine.output().slice(-2000)}`);
        void stopAll(1);
      }
    });
    console.log(`local model: llama-server on ${engine.origin} (${files.modelPath})`);
    return {
      PROVIDERS_FILE: writeLocalProvidersFile(engine.baseURL, choice),
      DEFAULT_MODEL: LOCAL_MODEL_ID,
    };
  } catch (error) {
    return scenarioFallback((error as Error).message);
  }
}

/** The app on the built-in scenario backend, with the reason shown on the page. */
async function scenarioFallback(reason: string): Promise<Record<string, string>> {
  const notice = `No local model: ${reason.split('\n')[0]}`;
  console.error(`${notice}\n${reason.includes('\n') ? reason : ''}`);
  console.error('Starting on the built-in scenario backend instead (canned answers).');
  const backend = await startScenarioBackend({ port: 0 });
  stops.push(() => backend.close());
  return {
    PROVIDERS_FILE: writeProvidersFile(backend.url),
    DEFAULT_MODEL: 'vllm:reasoning',
    E2E_VLLM_KEY: E2E_KEYS.vllm,
    E2E_ARK_KEY: E2E_KEYS.ark,
    LOCAL_MODEL_NOTICE: notice,
  };
}

const env = await backendEnv();
if (!stopping) {
  const app: GroupProcess = spawnGroup('npx', ['next', 'dev', '-p', process.env.PORT ?? '3000'], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  stops.push(() => app.stop());
  void app.exited.then((code) => stopAll(typeof code === 'number' ? code : 1));
}
