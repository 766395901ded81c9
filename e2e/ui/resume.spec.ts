import { expect, test, type Locator, type Page } from '@playwright/test';
import { backendRequests, lastAnswer, nonce, openApp, pickModel, reloadApp, send } from './helpers';

/**
 * Resumable answers in the browser: the chat survives reloads and dropped connections, Stop still
 * frees the backend, and Continue picks an ended answer up where it stopped. The counting
 * scenarios answer `w1 w2 … wN`, so any repeated or missing text shows in the final text.
 */
test.describe.configure({ timeout: 60_000 });

const full = (n: number, from = 1) =>
  Array.from({ length: n - from + 1 }, (_, i) => `w${from + i}`).join(' ');

/** The answer's text as shown, words separated by single spaces. */
async function shown(answer: Locator): Promise<string> {
  return ((await answer.locator('.markdown').textContent()) ?? '').trim().replace(/\s+/g, ' ');
}

/** Sends `text` and waits until the answer shows its first words. */
async function sendAndWaitForText(page: Page, text: string): Promise<Locator> {
  await send(page, text);
  const answer = lastAnswer(page);
  await expect(answer.locator('.markdown')).toContainText('w1 w2');
  return answer;
}

test('20 reloads at random moments of an answer: each ends with exactly the backend’s text', async ({
  page,
}) => {
  // About 5 s a round on an idle machine; several times that on a loaded CI box.
  test.setTimeout(480_000);
  await openApp(page);
  await pickModel(page, 'vllm:counting');
  const marker = nonce();
  for (let round = 1; round <= 20; round++) {
    await sendAndWaitForText(page, `Count ${round} ${marker}`);
    // The answer takes about 3 s; reload somewhere in it.
    await page.waitForTimeout(Math.floor(Math.random() * 2200));
    await reloadApp(page);
    const answer = lastAnswer(page);
    await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
    expect(await shown(answer), `round ${round}`).toBe(full(200));
    await expect(answer.getByTestId('usage')).toContainText('Completion 200');
  }
  // One backend request per answer: reattaching never asked the model again.
  expect(await backendRequests('counting', marker)).toHaveLength(20);
});

test('offline then online mid-answer: it continues where it was and completes', async ({
  page,
  context,
}) => {
  await openApp(page);
  await pickModel(page, 'vllm:counting-long');
  const marker = nonce();
  const answer = await sendAndWaitForText(page, `Count offline ${marker}`);
  await context.setOffline(true);
  await page.waitForTimeout(1500);
  await expect(answer).toHaveAttribute('data-status', 'streaming');
  await context.setOffline(false);
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 40_000 });
  expect(await shown(answer)).toBe(full(1000));
  await expect(answer.getByTestId('usage')).toContainText('Completion 1,000');
  expect(await backendRequests('counting-long', marker)).toHaveLength(1);
});

test('Stop after a reload still frees the backend', async ({ page }) => {
  await openApp(page);
  await pickModel(page, 'vllm:counting-long');
  const marker = nonce();
  await sendAndWaitForText(page, `Count then stop ${marker}`);
  await reloadApp(page);
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'streaming');
  const before = (await shown(answer)).length;
  await expect.poll(async () => (await shown(answer)).length).toBeGreaterThan(before);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(answer).toHaveAttribute('data-status', 'stopped');
  await expect
    .poll(async () => (await backendRequests('counting-long', marker))[0]?.outcome, {
      timeout: 5_000,
    })
    .toBe('client_closed');
  // What is shown is a prefix of the answer, with nothing repeated.
  const kept = await shown(answer);
  expect(full(1000).startsWith(kept)).toBe(true);
});

test('Continue after Stop picks the answer up where it stopped', async ({ page }) => {
  await openApp(page);
  await pickModel(page, 'vllm:counting');
  const marker = nonce();
  const answer = await sendAndWaitForText(page, `Count and continue ${marker}`);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(answer).toHaveAttribute('data-status', 'stopped');
  const kept = await shown(answer);
  await answer.getByRole('button', { name: 'Continue' }).click();
  await expect(answer).toHaveAttribute('data-status', 'complete');
  // The scenario goes on from the number after the last one it was sent back.
  expect(await shown(answer)).toBe(full(200));
  const [, second] = await backendRequests('counting', marker);
  expect(second!.body.continue_final_message).toBe(true);
  expect(second!.body.add_generation_prompt).toBe(false);
  expect(
    String((second!.body.messages?.at(-1) as { content: string }).content)
      .trim()
      .replace(/\s+/g, ' '),
  ).toBe(kept);
  await expect(page.getByRole('log').locator('article[data-role="assistant"]')).toHaveCount(1);
});
