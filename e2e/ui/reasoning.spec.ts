import { expect, test } from '@playwright/test';
import {
  backendRequests,
  lastAnswer,
  nonce,
  openApp,
  pickModel,
  recordValues,
  recorded,
  send,
} from './helpers';

test('reasoning streams first in an open panel, then the answer collapses it', async ({ page }) => {
  await openApp(page);
  // Thinking spread over about three seconds, so the "Thinking…" state is on screen long enough to be
  // seen even on a busy machine (events are applied at most once per frame).
  await pickModel(page, 'vllm:slow-reasoning');
  await recordValues(page, '[role="log"] article button[aria-expanded]', 'aria-expanded');
  const labels: string[] = [];
  await page.exposeFunction('__label', (t: string) => labels.push(t));
  await page.evaluate(() => {
    new MutationObserver(() => {
      const label = document.querySelector(
        '[role="log"] article button[aria-expanded]',
      )?.textContent;
      if (label) (window as unknown as { __label: (t: string) => void }).__label(label);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await send(page, `What is 6 × 7? ${nonce()}`);

  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
  await expect(answer).toContainText('The answer is 42 — naïve but true.');
  // Open ("Thinking…" with a running timer) while reasoning streamed, collapsed once the answer started.
  expect(await recorded(page)).toEqual(['true', 'false']);
  expect(labels.some((l) => /^Thinking… [\d.]+ s$/.test(l))).toBe(true);

  const panel = answer.getByRole('button', {
    name: /Thought for (under 1|\d+) s · 8 reasoning tokens/,
  });
  await expect(panel).toHaveAttribute('aria-expanded', 'false');
  await panel.click();
  await expect(panel).toHaveAttribute('aria-expanded', 'true');
  await expect(answer).toContainText('The user asks for the answer; 6 × 7 = 42.');
  // The panel sits above the answer.
  const order = await answer.evaluate((el) => {
    const text = el.textContent ?? '';
    return [text.indexOf('6 × 7 = 42.'), text.indexOf('The answer is')];
  });
  expect(order[0]).toBeLessThan(order[1]!);
});

test('<think> tags become reasoning too', async ({ page }) => {
  await openApp(page);
  await pickModel(page, 'vllm:think-tags');
  await send(page, `Think please ${nonce()}`);
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'complete');
  await expect(answer.getByRole('button', { name: /Thought for/ })).toBeVisible();
  await expect(answer.locator('.markdown')).toHaveText('The answer is 42.');
  await expect(answer.locator('.markdown')).not.toContainText('think');
});

test('the reasoning effort is beside Send for a reasoning model, and is sent', async ({ page }) => {
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  const effort = page.getByRole('combobox', { name: 'Reasoning effort' });
  await expect(effort).toHaveCount(0);
  await pickModel(page, 'vllm:slow-reasoning');
  await effort.selectOption('low');
  const marker = nonce();
  await send(page, `What is 6 × 7? ${marker}`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
  const [request] = await backendRequests('slow-reasoning', marker);
  expect(request?.body.reasoning_effort).toBe('low');
});
