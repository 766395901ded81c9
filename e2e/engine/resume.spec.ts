import { expect, test } from '@playwright/test';
import { lastAnswer, nonce, openApp, reloadApp, send } from '../ui/helpers';
import { engineSlots, pollSlots, waitBusySlot } from './engine-probe';

test.describe.configure({ timeout: 120_000 });

test('a reload mid-answer resumes, and the answer ends with exactly the text of a straight run', async ({
  page,
}) => {
  const marker = nonce();
  const question = `(${marker}) Write a story about a river that reaches the sea, in five paragraphs.`;
  await openApp(page);
  await send(page, question);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', /^(complete|length)$/, {
    timeout: 60_000,
  });
  const straight = await lastAnswer(page).locator('.markdown').innerText();
  // Nothing else in the engine meanwhile: two requests decoded together are computed otherwise than
  // one alone, and greedy decoding can then part ways where two tokens nearly tie.
  await pollSlots((slots) => slots.every((s) => !s.is_processing));

  // The same question in a new chat (greedy decoding, same seed), reloaded while it is written.
  await openApp(page);
  await send(page, question);
  await waitBusySlot('decode', { minDecoded: 20 });
  await reloadApp(page);
  // Still generating after the reload: what follows comes through the reattached stream.
  const slots = await engineSlots();
  expect(slots.some((s) => s.is_processing)).toBe(true);
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', /^(complete|length)$/, { timeout: 60_000 });
  expect(await answer.locator('.markdown').innerText()).toBe(straight);
});
