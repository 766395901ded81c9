/**
 * Waiting in line, as a reader sees it: three chats behind a backend that takes one stream at a
 * time (`maxConcurrentStreams: 1` on the limits stack) show their places 1–3, which count down as
 * the line moves; each answer then streams and completes.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { LIMITS_A_URL, QUEUED_PROVIDER } from '../../testing/stack/limits-stack';
import { randomAddress } from '../../testing/stack/limits-client';
import { lastAnswer, nonce, pickModel, send, waitReady } from './helpers';

test.describe.configure({ timeout: 90_000 });

/** A page of its own (its own client address, so no limit is shared) on the queued backend. */
async function readerOn(browser: Browser, scenario: string): Promise<Page> {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': randomAddress() },
  });
  const page = await context.newPage();
  await page.goto(LIMITS_A_URL);
  await waitReady(page);
  await pickModel(page, `${QUEUED_PROVIDER}:${scenario}`);
  return page;
}

const place = (page: Page) => lastAnswer(page).getByTestId('backend-status');

/** Records every place the page shows, however briefly (a MutationObserver, not polling). */
async function recordPlaces(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { seenPlaces: number[] }).seenPlaces = seen;
    const note = () => {
      for (const el of document.querySelectorAll('[data-queue-position]')) {
        const n = Number(el.getAttribute('data-queue-position'));
        if (seen.at(-1) !== n) seen.push(n);
      }
    };
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-queue-position'],
    });
  });
  return () => page.evaluate(() => (window as unknown as { seenPlaces: number[] }).seenPlaces);
}

test('three chats in line show places 1–3, counting down as the line moves', async ({
  browser,
}) => {
  // It holds the slot for a minute, until stopped: however long the line takes to form.
  const holder = await readerOn(browser, 'hold');
  // Each answer in line takes a few seconds (200 words, 15 ms apart), so every place the last one
  // passes through stays on screen for many frames, however loaded the machine: with answers of a
  // few hundred milliseconds, its places 2 and 1 could both fall between two of its frames.
  const waiters = [
    await readerOn(browser, 'counting'),
    await readerOn(browser, 'counting'),
    await readerOn(browser, 'counting'),
  ];
  const placesOfLast = await recordPlaces(waiters[2]!);
  await send(holder, `Hold the slot ${nonce()}`);
  await expect(lastAnswer(holder).locator('.markdown')).toContainText('Streaming lets the reader');

  for (const [i, page] of waiters.entries()) {
    await send(page, `In line ${i + 1} ${nonce()}`);
    await expect(place(page)).toHaveAttribute('data-queue-position', String(i + 1));
  }
  await expect(place(waiters[0]!)).toContainText('Waiting for a free slot — next in line');
  await expect(place(waiters[2]!)).toContainText('Waiting for a free slot — 2 ahead');

  // The holder stops: the line moves up, each answer in turn, and the last counts down to 1.
  await holder.getByRole('button', { name: 'Stop' }).click();
  for (const page of waiters)
    await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete', { timeout: 30_000 });
  expect(await placesOfLast()).toEqual([3, 2, 1]);
  await Promise.all([holder, ...waiters].map((p) => p.context().close()));
});
