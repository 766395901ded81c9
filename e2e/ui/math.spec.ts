import { expect, test, type Page } from '@playwright/test';
import { lastAnswer, nonce, openApp, pickModel, send } from './helpers';

/** Whether any style sheet of the page has KaTeX's rules (they come with KaTeX itself). */
function katexStyles(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    [...document.styleSheets].some((sheet) => {
      try {
        return [...sheet.cssRules].some((rule) => rule.cssText.includes('.katex'));
      } catch {
        return false;
      }
    }),
  );
}

test('math is typeset with KaTeX, loaded with the first formula; prices and \\href stay text', async ({
  page,
}) => {
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  await send(page, `No math here ${nonce()}`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  expect(await katexStyles(page)).toBe(false);

  await pickModel(page, 'vllm:math');
  await send(page, `Math please ${nonce()}`);
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'complete');

  // Four formulas, each with its MathML for screen readers; two of them on their own.
  await expect(answer.locator('.katex')).toHaveCount(5);
  await expect(answer.locator('.katex-display')).toHaveCount(2);
  await expect(answer.locator('math').first()).toBeAttached();
  await expect(answer.locator('.math-block .katex-display annotation')).toHaveText(
    String.raw`x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}`,
  );
  expect(await katexStyles(page)).toBe(true);

  // A price is not a formula, and a formula's \href is no link (KaTeX's trust is off).
  await expect(answer.getByText('It costs $5 and $10 a month.')).toBeVisible();
  await expect(answer.getByRole('link')).toHaveCount(0);
  expect(await page.evaluate(() => 'pwned' in window || '__pwned' in window)).toBe(false);
});

test('a formula stays text while it streams, until it closes', async ({ page }) => {
  await openApp(page);
  await pickModel(page, 'vllm:math');
  // Notes, at every change of the answer, whether the display formula's source was showing as
  // text and whether it was typeset.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __seen: string[] }).__seen = seen;
    new MutationObserver(() => {
      const answer = document.querySelector('article[data-role="assistant"]');
      if (!answer) return;
      const text = answer.querySelector('.markdown')?.textContent ?? '';
      const state = answer.querySelector('.math-block .katex-display')
        ? 'typeset'
        : text.includes('\\frac{-b')
          ? 'text'
          : null;
      if (state && seen.at(-1) !== state) seen.push(state);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await send(page, `Math please ${nonce()}`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
  expect(seen).toEqual(['text', 'typeset']);
});
