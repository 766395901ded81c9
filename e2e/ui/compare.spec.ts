import { expect, test, type Locator, type Page } from '@playwright/test';
import { backendRecordsMentioning } from '../support/chat-client';
import { lastAnswer, nonce, openApp, send } from './helpers';

// `priced:chat` costs 400 USD per million prompt tokens and 1,600 per million completion tokens;
// `priced:default-price` takes its provider's 2.5 / 10 EUR; `vllm:chat` has no price.
const PRICES: Record<string, { input: number; output: number; currency: string }> = {
  'priced:chat': { input: 400, output: 1600, currency: 'USD' },
  'priced:default-price': { input: 2.5, output: 10, currency: 'EUR' },
};

/** Types `text` and compares it across `models` (their ids), through the Compare dialog. */
async function compare(page: Page, text: string, models: string[]): Promise<Locator> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Compare' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compare models' });
  // The dialog is loaded on demand: its first pick shows once it is there.
  await expect(dialog.getByRole('checkbox', { checked: true }).first()).toBeVisible();
  const checked = dialog.getByRole('checkbox', { checked: true });
  while ((await checked.count()) > 0) await checked.first().uncheck();
  for (const id of models) await dialog.locator(`input[data-model-id="${id}"]`).check();
  await dialog.getByRole('button', { name: `Compare ${models.length} models` }).click();
  await expect(dialog).toBeHidden();
  return page.getByRole('region', { name: 'Comparison' });
}

const column = (panel: Locator, id: string) => panel.locator(`section[data-model-id="${id}"]`);

/** The value of a figure in a column's list ("TTFT", "Speed", "Completion", "Cost", "End"). */
const figure = (col: Locator, label: string) =>
  col.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');

test('three models answer side by side with their figures; one is kept, the others as versions', async ({
  page,
}) => {
  await openApp(page);
  const question = `Which answer is best ${nonce()}`;
  const models = ['priced:chat', 'priced:default-price', 'vllm:chat'];
  const panel = await compare(page, question, models);
  await expect(panel.locator('section[data-model-id]')).toHaveCount(3);
  // One polite summary per model, said when it starts and ends, never per token.
  await expect(panel.locator('[aria-live="polite"]')).toHaveCount(3);
  const columns = await panel
    .locator('section[data-model-id]')
    .evaluateAll((s) => s.map((e) => e.getBoundingClientRect().x));
  expect(new Set(columns).size).toBe(3);

  const texts: Record<string, string> = {};
  for (const id of models) {
    const col = column(panel, id);
    await expect(col).toHaveAttribute('data-status', 'complete');
    await expect(col).toHaveAttribute('data-completion-tokens', /\d+/);
    for (const label of ['TTFT', 'Speed', 'Completion'])
      await expect(col.locator('dt', { hasText: new RegExp(`^${label}$`) })).toHaveCount(1);
    await expect(figure(col, 'End')).toHaveText('Complete');
    await expect(col.locator('[aria-live="polite"]')).toContainText('complete');
    const price = PRICES[id];
    const cost = col.locator('dt', { hasText: /^Cost$/ });
    if (!price) {
      // No price configured: tokens only, never a made-up figure.
      await expect(cost).toHaveCount(0);
    } else {
      const prompt = Number(await col.getAttribute('data-prompt-tokens'));
      const completion = Number(await col.getAttribute('data-completion-tokens'));
      const amount = (prompt * price.input + completion * price.output) / 1_000_000;
      const expected = await page.evaluate(
        ([a, currency]) =>
          new Intl.NumberFormat(undefined, {
            style: 'currency',
            currency: currency as string,
            ...((a as number) < 1 ? { maximumSignificantDigits: 3 } : {}),
          }).format(a as number),
        [amount, price.currency] as const,
      );
      await expect(figure(col, 'Cost')).toHaveText(expected);
    }
    texts[id] = (await col.locator('.markdown').textContent()) ?? '';
    expect(texts[id]).not.toBe('');
  }

  // Versions keep the columns' order (the model list's).
  const order = await panel
    .locator('section[data-model-id]')
    .evaluateAll((s) => s.map((e) => (e as HTMLElement).dataset.modelId!));
  expect([...order].sort()).toEqual([...models].sort());
  const kept = 'priced:default-price';
  const at = order.indexOf(kept) + 1;
  const neighbour = order[at === 1 ? 1 : at - 2]!;
  await column(panel, kept).getByRole('button', { name: 'Use this answer' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('log')).toContainText(question);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  await expect(lastAnswer(page).locator('.markdown')).toHaveText(texts[kept]!);
  await expect(page.getByTestId('version-position')).toHaveText(`Version ${at} / 3`);
  // The others are versions of that turn.
  await page.getByRole('button', { name: at === 1 ? 'Next version' : 'Previous version' }).click();
  await expect(page.getByTestId('version-position')).toHaveText(
    `Version ${order.indexOf(neighbour) + 1} / 3`,
  );
  await expect(lastAnswer(page).locator('.markdown')).toHaveText(texts[neighbour]!);
  // The conversation goes on from the answer shown, with the chosen answer's model.
  const next = `Go on ${nonce()}`;
  await send(page, next);
  await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
  const [request] = await backendRecordsMentioning(next, 0);
  expect(request?.model).toBe('default-price');
  const history = JSON.stringify(request?.body);
  expect(history).toContain(JSON.stringify(texts[neighbour]!.trim()).slice(1, 40));
  expect(history).toContain(question);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the answers stack, and Stop all stops all three upstream', async ({ page }) => {
    await openApp(page);
    const question = `Stop them all ${nonce()}`;
    const models = ['vllm:slow', 'ark:slow', 'gpu:slow'];
    const panel = await compare(page, question, models);
    const cols = panel.locator('section[data-model-id]');
    await expect(cols).toHaveCount(3);
    // Every answer is streaming before the stop.
    for (const id of models)
      await expect(column(panel, id).locator('dt', { hasText: /^TTFT$/ })).toHaveCount(1);
    const boxes = await cols.evaluateAll((s) => s.map((e) => e.getBoundingClientRect()));
    for (let i = 1; i < boxes.length; i++) {
      expect(boxes[i]!.x).toBe(boxes[0]!.x);
      expect(boxes[i]!.y).toBeGreaterThanOrEqual(boxes[i - 1]!.y + boxes[i - 1]!.height);
    }
    await panel.getByRole('button', { name: 'Stop all' }).click();
    for (const id of models) {
      const col = column(panel, id);
      await expect(col).toHaveAttribute('data-status', 'stopped');
      await expect(figure(col, 'End')).toHaveText('Stopped');
      await expect(col).toContainText(/backend released in \d+ ms/);
    }
    // Each upstream request was closed by the app, long before its 20 s answer would have ended.
    await expect
      .poll(async () => {
        const records = await backendRecordsMentioning(question, 0);
        return records
          .filter((r) => r.closedAt !== undefined)
          .map((r) => `${r.provider}:${r.outcome}`)
          .sort();
      })
      .toEqual(['ark:client_closed', 'gpu:client_closed', 'vllm:client_closed']);
  });
});
