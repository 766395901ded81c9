import { expect, test } from '@playwright/test';
import { openApp, typeMessage } from './helpers';

interface Copy {
  inert: boolean;
  style: string;
  blocks: string[];
  removed: boolean;
}

declare global {
  interface Window {
    __warmCopies?: Copy[];
  }
}

test('while the first question is typed, a copy of the rendered sample answer is laid out once, hidden and inert, then removed', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // Records every `.markdown` element put straight into <body>: the warm-up's copy is the only one.
  await page.addInitScript(() => {
    const copies: Copy[] = [];
    const nodes: Element[] = [];
    window.__warmCopies = copies;
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.target !== document.body) continue;
        for (const node of record.addedNodes) {
          if (!(node instanceof HTMLElement) || !node.classList.contains('markdown')) continue;
          nodes.push(node);
          copies.push({
            inert: node.inert,
            style: node.style.cssText,
            blocks: ['h2', 'h3', 'pre code', 'ol ul', 'table', 'blockquote', 'a[href]'].filter(
              (selector) => node.querySelector(selector),
            ),
            removed: false,
          });
        }
        for (const node of record.removedNodes) {
          const at = nodes.indexOf(node as Element);
          if (at >= 0) copies[at]!.removed = true;
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await openApp(page);
  expect(await page.evaluate(() => window.__warmCopies)).toEqual([]);

  // Key by key, as a person types: a key press can come while React renders the hidden list at
  // idle priority and make it start that render again, so the list may have rendered before it is
  // in the page; the copy must wait for the page.
  await page
    .getByRole('textbox', { name: 'Message' })
    .pressSequentially('Hello, a question typed key by key', { delay: 5 });
  // The answer's own blocks, not the question's (which is rendered Markdown too).
  await expect
    .poll(() => page.evaluate(() => window.__warmCopies), { timeout: 30_000 })
    .toEqual([
      {
        inert: true,
        style: expect.stringMatching(/visibility: hidden/),
        blocks: ['h2', 'h3', 'pre code', 'ol ul', 'table', 'blockquote', 'a[href]'],
        removed: true,
      },
    ]);
  const copy = (await page.evaluate(() => window.__warmCopies))![0]!;
  expect(copy.style).toMatch(/position: fixed/);
  expect(copy.style).toMatch(/left: -10000px/);
  // Nothing of it is left in the page, and typing more does not lay it out again.
  await expect(page.locator('body > .markdown')).toHaveCount(0);
  await typeMessage(page, 'Hello again');
  expect(await page.evaluate(() => window.__warmCopies!.length)).toBe(1);
});
