/**
 * `npm run dev:scenarios`: the scenario backend plus the app (next dev) pointed at it, so every
 * streaming state can be seen by hand. Open http://localhost:3000 and pick a scenario model.
 */
import { spawn } from 'node:child_process';
import { startScenarioBackend } from '../testing/scenario-backend/server';
import { APP_ENV } from '../testing/stack/app-env';
import { SCENARIO_PORT } from '../testing/stack/ports';
import { writeProvidersFile } from '../testing/stack/providers-file';

const backend = await startScenarioBackend({ port: SCENARIO_PORT });
writeProvidersFile(backend.url);
console.log(`scenario backend on ${backend.url} (control API: ${backend.url}/__control/requests)`);
const app = spawn('npx', ['next', 'dev', '-p', process.env.PORT ?? '3000'], {
  stdio: 'inherit',
  // Human-friendly timeouts here; the tests use short ones.
  env: {
    ...process.env,
    ...APP_ENV,
    UPSTREAM_IDLE_TIMEOUT_MS: '30000',
    KEEPALIVE_INTERVAL_MS: '15000',
  },
});
const stop = async () => {
  app.kill('SIGTERM');
  await backend.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
app.on('exit', (code) => {
  void backend.close().then(() => process.exit(code ?? 0));
});
