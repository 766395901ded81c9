/**
 * Versions: Regenerate and Edit keep the earlier ones ("‹ 2 / 3 ›"), the conversation continues
 * from the version shown, later turns stay with the version they were written under, and all of it
 * survives a reload and goes into the JSON export. At 1280 px in light and 360 px in dark.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import {
  backendRequests,
  lastAnswer,
  nonce,
  openApp,
  pickModel,
  reloadApp,
  send,
  VIEWS,
  waitForStored,
} from './helpers';

test.describe.configure({ timeout: 90_000 });

const log = (page: Page) => page.getByRole('log');
const questions = (page: Page) => log(page).getByRole('article', { name: 'Your message' });

for (const view of VIEWS) {
  test.describe(`${view.width} px, ${view.scheme}`, () => {
    test.use({ viewport: { width: view.width, height: view.height }, colorScheme: view.scheme });

    test('Regenerate keeps the earlier answer; the chat goes on from the version shown', async ({
      page,
    }) => {
      const marker = nonce();
      await openApp(page);
      await pickModel(page, 'vllm:numbered');
      await send(page, `First question ${marker}`);
      await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
      const first = (await lastAnswer(page).locator('.markdown').textContent()) ?? '';
      expect(first).toMatch(/^Answer \d+ to/);
      for (let i = 0; i < 2; i++) {
        await lastAnswer(page).getByRole('button', { name: 'Regenerate' }).click();
        await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
      }
      const answer = lastAnswer(page);
      const position = answer.getByTestId('version-position');
      await expect(position).toHaveText('Version 3 / 3');
      await expect(answer.locator('.markdown')).not.toHaveText(first);
      await expect(answer.getByRole('button', { name: 'Next version' })).toBeDisabled();
      await expect(answer.getByRole('button', { name: 'Previous version' })).toBeInViewport();
      await answer.getByRole('button', { name: 'Previous version' }).click();
      await expect(position).toHaveText('Version 2 / 3');
      await answer.getByRole('button', { name: 'Previous version' }).click();
      await expect(position).toHaveText('Version 1 / 3');
      await expect(answer.locator('.markdown')).toHaveText(first);
      await expect(answer.getByRole('button', { name: 'Previous version' })).toBeDisabled();
      await expect(log(page).locator('article')).toHaveCount(2);

      // The next question is asked after version 1 — that is the history sent — and belongs to it.
      await send(page, `Follow-up ${marker}`);
      await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
      const sent = (await backendRequests('numbered', `Follow-up ${marker}`))[0]!.body.messages!;
      expect(sent).toEqual([
        { role: 'user', content: `First question ${marker}` },
        { role: 'assistant', content: first },
        { role: 'user', content: `Follow-up ${marker}` },
      ]);
      const answers = log(page).locator('article[data-role="assistant"]');
      await answers.first().getByRole('button', { name: 'Next version' }).click();
      await expect(answers.first().getByTestId('version-position')).toHaveText('Version 2 / 3');
      // Version 2 had no follow-up: the conversation ends there.
      await expect(log(page).locator('article')).toHaveCount(2);
      await answers.first().getByRole('button', { name: 'Previous version' }).click();
      await expect(log(page).locator('article')).toHaveCount(4);
      await expect(questions(page).last()).toContainText(`Follow-up ${marker}`);

      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });

    test('Edit keeps what followed the original; persisted, reloaded and exported', async ({
      page,
    }) => {
      const marker = nonce();
      await openApp(page);
      await pickModel(page, 'vllm:numbered');
      await send(page, `Original ${marker}`);
      await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
      await send(page, `Second turn ${marker}`);
      await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');

      await questions(page).first().hover();
      await questions(page).first().getByRole('button', { name: 'Edit message' }).click();
      await page.getByRole('textbox', { name: 'Edit message' }).fill(`Edited ${marker}`);
      await page.getByRole('button', { name: 'Save & send' }).click();
      await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
      await expect(log(page).locator('article')).toHaveCount(2);
      await expect(questions(page).first().getByTestId('version-position')).toHaveText(
        'Version 2 / 2',
      );
      const edited = (await backendRequests('numbered', `Edited ${marker}`))[0]!;
      expect(edited.body.messages).toEqual([{ role: 'user', content: `Edited ${marker}` }]);

      // After a reload, the original comes back with the turn written under it.
      await waitForStored(page, new RegExp(`Edited ${marker}(?!.*"status":"streaming")`));
      await reloadApp(page);
      await expect(questions(page).first()).toContainText(`Edited ${marker}`);
      await questions(page).first().getByRole('button', { name: 'Previous version' }).click();
      await expect(log(page).locator('article')).toHaveCount(4);
      await expect(questions(page).first()).toContainText(`Original ${marker}`);
      await expect(questions(page).last()).toContainText(`Second turn ${marker}`);

      await page.getByRole('button', { name: 'Export conversation' }).click();
      const download = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: 'Export as JSON' }).click();
      const json = JSON.parse(await readFile((await (await download).path())!, 'utf8')) as {
        conversation: { messages: { content: string }[]; hidden: Record<string, unknown> };
      };
      expect(json.conversation.messages.map((m) => m.content)).toContain(`Second turn ${marker}`);
      expect(JSON.stringify(json.conversation.hidden)).toContain(`Edited ${marker}`);
    });
  });
}
