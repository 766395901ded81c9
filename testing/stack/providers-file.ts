import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const TEMPLATE = 'e2e/providers.e2e.json';
const TEMPLATE_URL = 'http://127.0.0.1:4010';

/**
 * Writes a stack file whole or not at all: every Playwright worker loads playwright.config.ts and
 * rewrites the stack's files, while another worker (or an app starting) may be reading them, so the
 * text goes to a file of this process's own first and is renamed over the old one.
 */
export function writeStackFile(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

/**
 * Writes the test providers file for a scenario backend at `scenarioURL` (the template names
 * port 4010) and returns its path.
 */
export function writeProvidersFile(scenarioURL: string, dir = '.runnel'): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `providers-${new URL(scenarioURL).port}.json`);
  writeStackFile(path, readFileSync(TEMPLATE, 'utf8').replaceAll(TEMPLATE_URL, scenarioURL));
  return path;
}
