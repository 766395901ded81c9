/**
 * Everything an answer shows is in the page's first load: on a cold page, under 4× CPU
 * throttling, the first reasoning and how the answer ended are on screen in the same frame as the
 * data they show — never a frame (or 300 ms of React's Suspense reveal) later, as when they were
 * chunks loaded on first use.
 *
 * The data's moment is read from the answer's own element, which is there from the first frame:
 * its `data-status` (the outcome) and its "(generating)" marker, shown once the answer has its
 * first reasoning or text. A MutationObserver installed before the app's scripts run notes, for
 * each thing, the first DOM change that showed it and the animation frame it happened in.
 */
import { expect, test, type Page } from '@playwright/test';
import { lastAnswer, nonce, openApp, pickModel, send } from './helpers';

/** What the observer noted first, by name: the frame it was in and the change's sequence number. */
type Seen = Record<string, { frame: number; change: number }>;

/** CSS selectors (in the last answer) and texts whose first appearance is noted. */
const WATCHED = {
  generating: { text: '(generating)' },
  reasoningOpen: { selector: 'button[aria-expanded="true"]' },
  usage: { selector: '[data-testid="usage"]' },
  retry: { selector: 'button', text: 'Retry' },
  errorSentence: { selector: '[role="alert"]' },
  continue: { selector: 'button', text: 'Continue' },
  lengthSentence: { text: 'Stopped at the token limit.' },
  statusError: { status: 'error' },
  statusLength: { status: 'length' },
};

function watchFirstAppearances(watched: typeof WATCHED): void {
  const w = window as unknown as { __seen: Record<string, { frame: number; change: number }> };
  const seen: typeof w.__seen = {};
  w.__seen = seen;
  let frame = 0;
  const tick = () => {
    frame++;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  let change = 0;
  new MutationObserver(() => {
    change++;
    // Rendered answers only: while the first question is typed, the new-chat screen renders a
    // sample conversation hidden (`display: none`) to warm the list's code.
    const answers = [...document.querySelectorAll('article[data-role="assistant"]')].filter((a) =>
      a.checkVisibility(),
    );
    const answer = answers[answers.length - 1];
    if (!answer) return;
    for (const [name, want] of Object.entries(watched) as [string, Record<string, string>][]) {
      if (seen[name]) continue;
      let found: boolean;
      if (want.status) found = answer.getAttribute('data-status') === want.status;
      else if (want.selector)
        found = [...answer.querySelectorAll(want.selector)].some(
          (el) => !want.text || el.textContent?.includes(want.text),
        );
      else found = answer.textContent?.includes(want.text!) ?? false;
      if (found) seen[name] = { frame, change };
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/** A cold page (a fresh context: nothing cached) on a CPU four times slower, observed from the start. */
async function openThrottled(page: Page): Promise<void> {
  await page.addInitScript(watchFirstAppearances, WATCHED);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await openApp(page);
}

const seenSoFar = (page: Page) =>
  page.evaluate(() => (window as unknown as { __seen: Seen }).__seen);

/** Asserts that each of `parts` first showed in the very frame (and DOM change) `data` did. */
async function expectSameFrame(page: Page, data: string, parts: string[]): Promise<void> {
  const seen = await seenSoFar(page);
  console.log(`first seen (animation frame, DOM change): ${JSON.stringify(seen)}`);
  expect(seen[data], `${data} was seen`).toBeDefined();
  for (const part of parts) expect({ part, ...seen[part] }).toEqual({ part, ...seen[data] });
}

test.describe.configure({ timeout: 90_000 });

test('the first reasoning shows, open, in the frame it arrives, with the figures', async ({
  page,
}) => {
  await openThrottled(page);
  await pickModel(page, 'vllm:slow-reasoning');
  await send(page, `What is 6 × 7? ${nonce()}`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  await expectSameFrame(page, 'generating', ['reasoningOpen', 'usage']);
});

test('a failed answer says why, with Retry, in the frame it fails', async ({ page }) => {
  await openThrottled(page);
  await pickModel(page, 'vllm:error-then-done');
  await send(page, `Go ${nonce()}`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'error', { timeout: 30_000 });
  await expect(lastAnswer(page).getByRole('alert')).toContainText('CUDA error');
  await expectSameFrame(page, 'statusError', ['errorSentence', 'retry']);
});

test('an answer cut at the token limit offers Continue in the frame it ends', async ({ page }) => {
  await openThrottled(page);
  await pickModel(page, 'vllm:length');
  await send(page, `Go on ${nonce()}`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'length', { timeout: 30_000 });
  await expect(lastAnswer(page).getByRole('button', { name: 'Continue' })).toBeVisible();
  await expectSameFrame(page, 'statusLength', ['lengthSentence', 'continue']);
});
