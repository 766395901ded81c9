import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const TEMPLATE = 'e2e/providers.e2e.json';
const TEMPLATE_URL = 'http://127.0.0.1:4010';

/**
 * Writes the test providers file for a scenario backend at `scenarioURL` (the template names
 * port 4010) and returns its path.
 */
export function writeProvidersFile(scenarioURL: string, dir = '.runnel'): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `providers-${new URL(scenarioURL).port}.json`);
  writeFileSync(path, readFileSync(TEMPLATE, 'utf8').replaceAll(TEMPLATE_URL, scenarioURL));
  return path;
}
