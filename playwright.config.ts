import { defineConfig } from '@playwright/test';
import { appLog, DOWN_APP_ENV, MAIN_APP_ENV } from './testing/stack/app-env';
import {
  OIDC_ISSUER_URL,
  OIDC_PORT,
  SECURE_APP_ENV,
  SECURE_APP_PORT,
  SECURE_APP_URL,
  writeSecureProvidersFile,
} from './testing/stack/auth-stack';
import { chromiumLaunchOptions } from './testing/stack/chromium';
import {
  APP_PORT,
  APP_URL,
  DOWN_APP_PORT,
  DOWN_APP_URL,
  SCENARIO_PORT,
  SCENARIO_URL,
} from './testing/stack/ports';
import { writeProvidersFile } from './testing/stack/providers-file';
import { CONVERSATIONS_APPS, CONVERSATIONS_PG_PORT } from './testing/stack/conversations-stack';
import { HOST_URL } from './testing/stack/host-ports';
import {
  ENGINE_APP_PORT,
  ENGINE_APP_URL,
  ENGINE_COMMAND,
  ENGINE_ORIGIN,
  engineAppEnv,
  writeEngineProvidersFile,
} from './testing/stack/engine-stack';
import {
  LIMITS_A_PORT,
  LIMITS_A_URL,
  LIMITS_B_PORT,
  LIMITS_B_URL,
  limitsEnv,
  REDIS_PORT,
  writeLimitsProvidersFile,
} from './testing/stack/limits-stack';

writeProvidersFile(SCENARIO_URL);
const LIMITS_ENV = limitsEnv(writeLimitsProvidersFile(SCENARIO_URL));
writeSecureProvidersFile();
// The real engine (llama.cpp + SmolLM2) runs unless E2E_ENGINE=0, which leaves its project out too.
const WITH_ENGINE = process.env.E2E_ENGINE !== '0';
const ENGINE_APP_ENV = engineAppEnv(writeEngineProvidersFile());

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  // The API, UI and widget specs wait for signals, never for a race to be won, so they run with no
  // retry (below); the standalone servers of ops and the real engine keep one retry on CI, where
  // starting a process on 2 shared cores can outlast a timeout, and Playwright still reports it.
  retries: process.env.CI ? 1 : 0,
  globalTeardown: './e2e/support/global-teardown.ts',
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: APP_URL,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    { name: 'api', testMatch: 'api/**/*.spec.ts', retries: 0 },
    {
      name: 'chromium',
      testMatch: 'ui/**/*.spec.ts',
      retries: 0,
      use: { browserName: 'chromium' },
    },
    {
      name: 'widget',
      testMatch: 'widget/**/*.spec.ts',
      retries: 0,
      use: { browserName: 'chromium' },
    },
    // Conversations on the server: the same specs on SQLite and on PostgreSQL.
    ...Object.values(CONVERSATIONS_APPS).map((app) => ({
      name: `conversations-${app.database}`,
      testDir: 'e2e/conversations',
      metadata: { database: app.database },
      use: { browserName: 'chromium' as const, baseURL: app.url },
    })),
    // Operations: each spec starts its own standalone server (node .next/standalone/server.js).
    { name: 'ops', testDir: 'e2e/ops', use: { browserName: 'chromium' } },
    // A real inference engine: its answers are the model's, its counters the engine's own.
    ...(WITH_ENGINE
      ? [
          {
            name: 'engine',
            testDir: 'e2e/engine',
            // One test at a time: each reads the engine's own counters and slots as its evidence.
            workers: 1,
            use: { browserName: 'chromium' as const, baseURL: ENGINE_APP_URL },
          },
        ]
      : []),
  ],
  // Cancellation is tested against `next start` (production server), never `next dev`.
  webServer: [
    {
      command: `npx tsx testing/scenario-backend/main.ts --port ${SCENARIO_PORT}`,
      url: `${SCENARIO_URL}/__control/health`,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
    },
    {
      // Its output goes to a file that globalTeardown checks for secrets.
      command: `mkdir -p .runnel/logs && npx next start -H 127.0.0.1 -p ${APP_PORT} > ${appLog(APP_PORT)} 2>&1`,
      url: `${APP_URL}/api/health`,
      env: MAIN_APP_ENV,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      timeout: 60_000,
    },
    {
      // Every interface and no sign-in method: also the open server of e2e/api/open-server.spec.ts
      // (its backend is down and its key fake: nothing of worth is reachable).
      command: `mkdir -p .runnel/logs && npx next start -H 0.0.0.0 -p ${DOWN_APP_PORT} > ${appLog(DOWN_APP_PORT)} 2>&1`,
      url: `${DOWN_APP_URL}/`,
      env: DOWN_APP_ENV,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      timeout: 60_000,
    },
    {
      // Shared state of the two-instance stack: Debian's redis-server, nothing persisted.
      command: `redis-server --port ${REDIS_PORT} --bind 127.0.0.1 --save '' --appendonly no`,
      port: REDIS_PORT,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
    },
    ...[LIMITS_A_PORT, LIMITS_B_PORT].map((port, i) => ({
      // Two instances sharing Redis, with every limit configured (testing/stack/limits-stack.ts).
      command: `mkdir -p .runnel/logs && npx next start -H 127.0.0.1 -p ${port} > ${appLog(port)} 2>&1`,
      url: `${[LIMITS_A_URL, LIMITS_B_URL][i]}/api/health`,
      env: LIMITS_ENV,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore' as const,
      timeout: 60_000,
    })),
    {
      // A real OpenID provider on loopback for the sign-in specs.
      command: `npx tsx testing/oidc-provider/main.ts --port ${OIDC_PORT} --redirect ${SECURE_APP_URL}/auth/oidc/callback`,
      url: `${OIDC_ISSUER_URL}/.well-known/openid-configuration`,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
    },
    {
      // The app with every sign-in method (access specs); its output is checked for secrets too.
      command: `mkdir -p .runnel/logs && npx next start -H 127.0.0.1 -p ${SECURE_APP_PORT} > ${appLog(SECURE_APP_PORT)} 2>&1`,
      url: `${SECURE_APP_URL}/api/health`,
      env: SECURE_APP_ENV,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      timeout: 60_000,
    },
    {
      // The conversations specs' PostgreSQL: a throwaway cluster (Debian's binaries), no mock.
      command: `npx tsx testing/stack/postgres-main.ts --port ${CONVERSATIONS_PG_PORT}`,
      port: CONVERSATIONS_PG_PORT,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      timeout: 60_000,
    },
    ...Object.values(CONVERSATIONS_APPS).map((app) => ({
      // Signed in, conversations kept in SQLite (a fresh data folder) or in that PostgreSQL.
      command: `mkdir -p .runnel/logs && rm -rf .runnel/e2e-conversations-${app.port} && npx next start -H 127.0.0.1 -p ${app.port} > ${appLog(app.port)} 2>&1`,
      url: `${app.url}/api/health`,
      env: app.env,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore' as const,
      timeout: 60_000,
    })),
    ...(WITH_ENGINE
      ? [
          {
            // Set up on the first run (minutes: a download and a build); seconds afterwards.
            command: ENGINE_COMMAND,
            url: `${ENGINE_ORIGIN}/health`,
            reuseExistingServer: !process.env.CI,
            stdout: 'ignore' as const,
            stderr: 'ignore' as const,
            timeout: 30 * 60_000,
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
          },
          {
            command: `mkdir -p .runnel/logs && npx next start -H 127.0.0.1 -p ${ENGINE_APP_PORT} > ${appLog(ENGINE_APP_PORT)} 2>&1`,
            url: `${ENGINE_APP_URL}/api/health`,
            env: ENGINE_APP_ENV,
            reuseExistingServer: !process.env.CI,
            stdout: 'ignore' as const,
            timeout: 60_000,
          },
        ]
      : []),
    {
      // The widget tests' third-party host pages (allowed and refused origins).
      command: 'npx tsx e2e/widget/host-server.ts',
      url: `${HOST_URL}/health`,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
    },
  ],
});
