import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../../testing/stack/free-port';
import { openApp } from '../ui/helpers';
import { aliveOf, descendantsOf, startMainCommand } from './main-command';

// `next dev` compiles each page on first use: a minute on a busy two-core machine.
test.describe.configure({ timeout: 240_000 });

test('the main command serves SmolLM2 from the local engine, and Ctrl-C leaves no process behind', async ({
  page,
}) => {
  const main = await startMainCommand({});
  try {
    const models = await main.waitModels();
    expect(models.models.map((m) => m.label)).toEqual(['SmolLM2 135M (local)']);
    expect(main.output()).toMatch(/local model: llama-server on http:\/\/127\.0\.0\.1:\d+/);
    await main.waitPage();
    await openApp(page, main.url);
    await expect(page.getByRole('combobox', { name: /^Model: / })).toContainText(
      'SmolLM2 135M (local)',
    );

    const tree = descendantsOf(main.pid);
    expect(tree.some((p) => p.command.includes('llama-server'))).toBe(true);
    // Ctrl-C in a terminal: SIGINT to the foreground process group.
    process.kill(-main.pid, 'SIGINT');
    await expect.poll(() => aliveOf(tree), { timeout: 30_000 }).toEqual([]);
  } finally {
    main.kill();
  }
});

test('without Python the main command says what is missing and still starts, on the scenario backend', async ({
  page,
}) => {
  const main = await startMainCommand({
    PYTHON: '/nonexistent/python3',
    LOCAL_MODEL_DIR: mkdtempSync(join(tmpdir(), 'runnel-no-model-')),
  });
  try {
    const models = await main.waitModels();
    const notice =
      'No local model: Python 3 (/nonexistent/python3) not found; install with: sudo apt-get install -y python3';
    expect(models.notice).toBe(notice);
    expect(main.output()).toContain(notice);
    await main.waitPage();
    await openApp(page, main.url);
    await expect(page.getByRole('status').filter({ hasText: 'No local model' })).toHaveText(notice);
  } finally {
    main.kill();
  }
});

test('with a backend configured the main command starts no engine', async () => {
  const port = await freePort();
  const main = await startMainCommand({ OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1` });
  try {
    await main.waitModels();
    expect(main.output()).toContain('OPENAI_BASE_URL is set: no local model is started.');
    expect(descendantsOf(main.pid).some((p) => p.command.includes('llama-server'))).toBe(false);
  } finally {
    main.kill();
  }
});
