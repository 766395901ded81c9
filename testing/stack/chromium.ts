import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/**
 * How tests and benchmarks launch Chromium: Debian's by default (browsers cannot be downloaded
 * here), `CHROMIUM_PATH` overrides it, and without either Playwright's own browser is used.
 */
export function chromiumLaunchOptions(): LaunchOptions {
  const systemChromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  return {
    ...(existsSync(systemChromium) ? { executablePath: systemChromium } : {}),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  };
}
