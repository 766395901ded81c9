import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { APP_ENV, DOWN_APP_ENV } from './e2e/support/app-env';

/**
 * Debian's Chromium by default (browsers cannot be downloaded here); CHROMIUM_PATH overrides it,
 * and without either Playwright's own browser is used.
 */
const systemChromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const executablePath = existsSync(systemChromium) ? systemChromium : undefined;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: 'http://127.0.0.1:3100',
    trace: 'retain-on-failure',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'api', testMatch: 'api/**/*.spec.ts' },
    { name: 'chromium', testMatch: 'ui/**/*.spec.ts', use: { browserName: 'chromium' } },
  ],
  // Cancellation is tested against `next start` (production server), never `next dev`.
  webServer: [
    {
      command: 'npx tsx e2e/scenario-backend/main.ts --port 4010',
      url: 'http://127.0.0.1:4010/__control/health',
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
    },
    {
      command: 'npx next start -H 127.0.0.1 -p 3100',
      url: 'http://127.0.0.1:3100/api/health',
      env: APP_ENV,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      timeout: 60_000,
    },
    {
      command: 'npx next start -H 127.0.0.1 -p 3101',
      url: 'http://127.0.0.1:3101/',
      env: DOWN_APP_ENV,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      timeout: 60_000,
    },
  ],
});
