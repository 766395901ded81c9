/**
 * `npm run engine`: the local engine alone, in the foreground — for a compose file, or to point
 * another instance at it. Sets the model up first if needed.
 *
 *   npm run engine -- [--host 127.0.0.1] [--port 8080] [--parallel 2] [--threads N]
 *                     [--temp T] [--seed S] [--batch-size B] [--no-cache-prompt]
 *                     [--setup-only]
 *
 * Then: OPENAI_BASE_URL=http://HOST:PORT/v1 PROVIDER_PRESET=llamacpp npm start
 */
import { parseArgs } from 'node:util';
import { localModelChoice } from './local-model/local-model';
import { setUpLocalModel } from './local-model/setup';
import { startEngine } from './local-model/start-engine';
import { LOCAL_PROMPT_STEP } from './local-model/engine-args';

const { values } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '8080' },
    parallel: { type: 'string', default: '2' },
    threads: { type: 'string' },
    temp: { type: 'string' },
    seed: { type: 'string' },
    // Prompt tokens per step: a Stop during a long prompt is noticed within one step.
    'batch-size': { type: 'string', default: String(LOCAL_PROMPT_STEP) },
    // Every prompt read in full, none taken from earlier requests (the tests' engine).
    'no-cache-prompt': { type: 'boolean', default: false },
    'setup-only': { type: 'boolean', default: false },
  },
});

const choice = localModelChoice();
if (choice.kind === 'off') {
  console.error('LOCAL_MODEL=off: nothing to run.');
  process.exit(1);
}
let files;
try {
  files = await setUpLocalModel(choice);
} catch (error) {
  console.error(`No local model: ${(error as Error).message}`);
  process.exit(1);
}
console.log(`local model: ready (${files.serverBin}, ${files.modelPath})`);
if (!values['setup-only']) {
  const engine = await startEngine(
    files.serverBin,
    {
      modelPath: files.modelPath,
      host: values.host,
      port: Number(values.port),
      parallel: Number(values.parallel),
      ...(values.threads ? { threads: Number(values.threads) } : {}),
      ...(values.temp ? { temperature: Number(values.temp) } : {}),
      ...(values.seed ? { seed: Number(values.seed) } : {}),
      batchSize: Number(values['batch-size']),
      ...(values['no-cache-prompt'] ? { promptCache: false } : {}),
    },
    // In this process's group: a terminal's Ctrl-C, or a supervisor stopping the group, reaches it.
    { inheritOutput: true, ownGroup: false },
  );
  console.log(
    `local model: serving on ${engine.baseURL} — OPENAI_BASE_URL=${engine.baseURL} PROVIDER_PRESET=llamacpp`,
  );
  const stop = () => void engine.process.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const code = await engine.process.exited;
  process.exit(typeof code === 'number' ? code : 1);
}
