import { expect, test } from '@playwright/test';
import { lastAnswer, nonce, openApp, pickModel, reloadApp, send } from './helpers';

test('the answer row is one short line on a wide screen, the rest on demand, actions first', async ({
  page,
}) => {
  await openApp(page);
  await pickModel(page, 'ark:reasoning');
  await send(page, `Row ${nonce()}`);
  const answer = lastAnswer(page);
  const usage = answer.getByTestId('usage');
  await expect(usage).toHaveAttribute('data-usage-final', 'true');

  // Short: the main figures only; credits and the prompt wait behind "All figures".
  await expect(usage.getByText(/^Balance/)).toBeHidden();
  await expect(usage.getByText(/^Prompt/)).toBeHidden();
  const copy = answer.getByRole('button', { name: 'Copy answer' });
  const row = { usage: (await usage.boundingBox())!, copy: (await copy.boundingBox())! };
  expect(row.usage.height).toBeLessThanOrEqual(30);
  // The actions come first, at the answer's left edge, on the figures' line.
  const article = (await answer.boundingBox())!;
  expect(row.copy.x - article.x).toBeLessThan(8);
  expect(
    Math.abs(row.copy.y + row.copy.height / 2 - (row.usage.y + row.usage.height / 2)),
  ).toBeLessThan(4);

  await usage.getByRole('button', { name: 'All figures' }).click();
  await expect(answer.getByRole('group', { name: 'Answer figures' })).toContainText(/Balance/);
  await page.keyboard.press('Escape');

  // A second version adds its switcher after the actions: Copy stays where it was.
  await answer.getByRole('button', { name: 'Regenerate' }).click();
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  await expect(lastAnswer(page).getByTestId('version-position')).toHaveText(/2 \/ 2/);
  const after = (await lastAnswer(page)
    .getByRole('button', { name: 'Copy answer' })
    .boundingBox())!;
  expect(Math.abs(after.x - row.copy.x)).toBeLessThan(1);
});

test('on a phone the row with versions stays one line', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openApp(page);
  await pickModel(page, 'ark:reasoning');
  await send(page, `Phone row ${nonce()}`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  await lastAnswer(page).getByRole('button', { name: 'Regenerate' }).click();
  const answer = lastAnswer(page);
  await expect(answer.getByTestId('usage')).toHaveAttribute('data-usage-final', 'true');
  const copy = (await answer.getByRole('button', { name: 'Copy answer' }).boundingBox())!;
  const figures = (await answer.getByRole('button', { name: 'All figures' }).boundingBox())!;
  const next = (await answer.getByRole('button', { name: 'Next version' }).boundingBox())!;
  for (const box of [figures, next]) expect(Math.abs(box.y - copy.y)).toBeLessThan(4);
  expect(figures.x + figures.width).toBeLessThanOrEqual(360);
});

test('the figures can be hidden, and the choice stays', async ({ page }) => {
  await openApp(page);
  await pickModel(page, 'vllm:chat');
  await send(page, `Hide ${nonce()}`);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  await expect(lastAnswer(page).getByTestId('usage')).toBeVisible();
  await expect(page.getByTestId('conversation-meter')).toContainText('tokens');

  await page.getByRole('button', { name: 'Conversation settings' }).click();
  await page.getByRole('checkbox', { name: /Show figures under answers/ }).uncheck();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(lastAnswer(page).getByTestId('usage')).toHaveCount(0);
  await expect(page.getByTestId('conversation-meter')).toHaveCount(0);

  await reloadApp(page);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  await expect(lastAnswer(page).getByTestId('usage')).toHaveCount(0);
  // The answer's actions are still there.
  await expect(lastAnswer(page).getByRole('button', { name: 'Copy answer' })).toBeVisible();
});

test('after Stop the live estimate stays; the meter says what its numbers are', async ({
  page,
}) => {
  await openApp(page);
  await pickModel(page, 'tai:slow');
  await send(page, `Halt ${nonce()}`);
  const answer = lastAnswer(page);
  const usage = answer.getByTestId('usage');
  await expect(usage).toContainText(/Completion ≈ \d+/);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(answer).toHaveAttribute('data-status', 'stopped');
  await expect(usage).toContainText(/Completion ≈ \d+/);
  await expect(answer).not.toContainText('Usage unknown');

  await pickModel(page, 'vllm:chat');
  await send(page, 'And a plain one');
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  const meter = page.getByTestId('conversation-meter');
  await expect(meter).toContainText(/\d+ tokens in this chat/);
  await expect(meter.getByRole('meter', { name: 'Context used' })).toContainText(
    /context [\d.]+k? \/ 32k/,
  );
});
