/**
 * Import of the JSON export: a conversation exported, deleted and imported comes back whole
 * (versions included); a file that is not an export is refused with the reason and changes
 * nothing. At 1280 px in light and 360 px in dark.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  lastAnswer,
  nonce,
  openApp,
  pickModel,
  reloadApp,
  send,
  VIEWS,
  waitForStored,
} from './helpers';
import { openSidebar } from './sidebar-helpers';

test.describe.configure({ timeout: 90_000 });

for (const view of VIEWS) {
  test.describe(`${view.width} px, ${view.scheme}`, () => {
    test.use({ viewport: { width: view.width, height: view.height }, colorScheme: view.scheme });

    test('an exported conversation imports back whole; a bad file changes nothing', async ({
      page,
    }) => {
      const marker = nonce();
      await openApp(page);
      await pickModel(page, 'vllm:numbered');
      await send(page, `Round trip ${marker}`);
      await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
      await lastAnswer(page).getByRole('button', { name: 'Regenerate' }).click();
      await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
      const shown = await lastAnswer(page).locator('.markdown').textContent();

      await page.getByRole('button', { name: 'Export conversation' }).click();
      const download = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: 'Export as JSON' }).click();
      const file = (await (await download).path())!;
      const exported = await readFile(file, 'utf8');

      let nav = await openSidebar(page);
      await nav.getByRole('link', { name: `Round trip ${marker}` }).hover();
      await nav.getByRole('button', { name: `Options for “Round trip ${marker}”` }).click();
      await nav.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      nav = await openSidebar(page);
      await expect(nav.getByRole('link', { name: `Round trip ${marker}` })).toHaveCount(0);

      // A file that is not an export: refused, with the reason, and nothing added.
      const before = await nav.getByRole('link').count();
      await nav.getByLabel('Conversation file to import').setInputFiles({
        name: 'notes.json',
        mimeType: 'application/json',
        buffer: Buffer.from('{"title": "my notes"}'),
      });
      await expect(nav.getByRole('alert')).toHaveText(
        'Could not import “notes.json”. The file is not a Runnel conversation export.',
      );
      await expect(nav.getByRole('link')).toHaveCount(before);
      await nav.getByLabel('Conversation file to import').setInputFiles({
        name: 'broken.json',
        mimeType: 'application/json',
        buffer: Buffer.from(exported.slice(0, 200)),
      });
      await expect(nav.getByRole('alert')).toHaveText(
        'Could not import “broken.json”. The file is not JSON.',
      );
      await expect(nav.getByRole('link')).toHaveCount(before);

      // The export itself: back, opened, with both versions, and kept after a reload.
      await nav.getByLabel('Conversation file to import').setInputFiles(file);
      await expect(page.getByRole('log')).toContainText(`Round trip ${marker}`);
      await expect(nav.getByRole('alert')).toHaveCount(0);
      await expect(lastAnswer(page).locator('.markdown')).toHaveText(shown!);
      await expect(lastAnswer(page).getByTestId('version-position')).toHaveText('Version 2 / 2');
      await waitForStored(page, `Round trip ${marker}`);
      await reloadApp(page);
      await lastAnswer(page).getByRole('button', { name: 'Previous version' }).click();
      await expect(lastAnswer(page).getByTestId('version-position')).toHaveText('Version 1 / 2');
      await expect(lastAnswer(page).locator('.markdown')).not.toHaveText(shown!);
    });
  });
}
