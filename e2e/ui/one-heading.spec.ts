/**
 * The page has one `<h1>` at every moment: the new-chat screen's heading, or the open
 * conversation's title in the header. The conversation is shown a task after a first send or an
 * import (docs/performance.md, "The first send"); in that task the header must not name it yet.
 * Every DOM state is recorded from the first script on (a `MutationObserver` sees the DOM after
 * each change React commits), through a first send, New chat, another send and an import.
 */
import { expect, test, type Page } from '@playwright/test';
import { lastAnswer, nonce, openApp, send } from './helpers';
import { openSidebar } from './sidebar-helpers';

interface Headings {
  /** Each DOM state with more than one `<h1>`: their texts. */
  many: string[][];
  /** Every `<h1>` text seen (so the observer is known to have watched the sends). */
  seen: string[];
}

function watchHeadings() {
  const headings: Headings = { many: [], seen: [] };
  (window as unknown as { __headings: Headings }).__headings = headings;
  const check = () => {
    const texts = [...document.querySelectorAll('h1')].map((h) => h.textContent ?? '');
    for (const t of texts) if (!headings.seen.includes(t)) headings.seen.push(t);
    if (texts.length > 1) headings.many.push(texts);
  };
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
  });
}

const headingsSoFar = (page: Page) =>
  page.evaluate(() => (window as unknown as { __headings: Headings }).__headings);

async function answered(page: Page): Promise<void> {
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
}

test('one h1 at a time through a first send, New chat, a send and an import', async ({ page }) => {
  await page.addInitScript(watchHeadings);
  const first = `First ${nonce()}`;
  const second = `Second ${nonce()}`;
  await openApp(page);
  await send(page, first);
  await answered(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first);

  await page.getByRole('button', { name: 'New chat' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What can I help with?');
  await send(page, second);
  await answered(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(second);

  await page.getByRole('button', { name: 'Export conversation' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export as JSON' }).click();
  const file = (await (await download).path())!;
  await page.getByRole('button', { name: 'New chat' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What can I help with?');
  const nav = await openSidebar(page);
  await nav.getByLabel('Conversation file to import').setInputFiles(file);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${second} (copy)`);

  const headings = await headingsSoFar(page);
  expect(headings.seen).toEqual(
    expect.arrayContaining(['What can I help with?', first, second, `${second} (copy)`]),
  );
  expect(headings.many).toEqual([]);
});
