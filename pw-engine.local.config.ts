import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './testing/stack/chromium';
import { ENGINE_APP_URL } from './testing/stack/engine-stack';
export default defineConfig({
  testDir: 'e2e/engine',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  workers: 1,
  reporter: [['list']],
  use: { baseURL: ENGINE_APP_URL, launchOptions: chromiumLaunchOptions(), browserName: 'chromium' },
});
