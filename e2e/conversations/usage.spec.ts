import { expect, test, type Page } from '@playwright/test';
import { ADA_CODE, BOB_CODE } from '../../testing/stack/conversations-stack';
import type { UsageResponse } from '../../lib/protocol/usage-shapes';
import { lastAnswer, nonce, pickModel, send } from '../ui/helpers';
import { api, projectApp, sessionCookie, signIn } from './helpers';

// `priced:chat` in the test providers file: 400 USD per million prompt tokens, 1,600 per million
// completion tokens; `vllm:chat` has no price.
const PRICE = { input: 400, output: 1600, per: 1_000_000 };

async function usage(cookie: string, user?: string): Promise<UsageResponse> {
  const query = user ? `?user=${encodeURIComponent(user)}` : '';
  const res = await api(projectApp(), cookie, `/api/usage${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as UsageResponse;
}

const byModel = (report: UsageResponse, model: string) =>
  report.by_model.find((m) => m.model === model);

/** The token counts of the last answer's footer, once final. */
async function answerTokens(page: Page): Promise<{ prompt: number; completion: number }> {
  const line = lastAnswer(page).getByTestId('usage');
  await expect(line).toHaveAttribute('data-usage-final', 'true');
  return {
    prompt: Number(await line.getAttribute('data-prompt-tokens')),
    completion: Number(await line.getAttribute('data-completion-tokens')),
  };
}

test.describe('usage', () => {
  // Both tests count Bob's answers: one at a time.
  test.describe.configure({ mode: 'serial' });

  test('a user without admin rights cannot read others’ usage; an admin reads everyone’s', async () => {
    const app = projectApp();
    const bob = await sessionCookie(app, BOB_CODE);
    const ada = await sessionCookie(app, ADA_CODE);
    for (const user of ['code:ada', '*']) {
      const res = await api(app, bob, `/api/usage?user=${encodeURIComponent(user)}`);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('forbidden');
    }
    const own = await usage(bob, 'code:bob');
    expect(own).toMatchObject({ user: 'code:bob', admin: false, days: 30 });
    expect(own.by_user).toBeUndefined();
    const everyone = await usage(ada, '*');
    expect(everyone).toMatchObject({ user: '*', admin: true });
    expect(Array.isArray(everyone.by_user)).toBe(true);
    const asAda = await usage(ada, 'code:bob');
    expect(asAda.total).toEqual(own.total);
    // Asked without a session: the access gate answers first.
    expect((await fetch(`${app.url}/api/usage`)).status).toBe(401);
  });

  test('shows a user’s tokens, cost and answers by model and by day', async ({ page }) => {
    const app = projectApp();
    const cookie = await sessionCookie(app, BOB_CODE);
    const before = await usage(cookie);
    await signIn(page, app, BOB_CODE);
    await pickModel(page, 'priced:chat');
    await send(page, `What does this cost ${nonce()}`);
    await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
    const priced = await answerTokens(page);
    await pickModel(page, 'vllm:chat');
    await send(page, `And this, free ${nonce()}`);
    await expect(lastAnswer(page)).toHaveAttribute('data-status', 'complete');
    const free = await answerTokens(page);

    // The server counted both answers, the priced one at the hand-computed figure.
    await expect
      .poll(async () => (await usage(cookie)).total.answers)
      .toBeGreaterThanOrEqual(before.total.answers + 2);
    const after = await usage(cookie);
    const was = byModel(before, 'priced:chat');
    const now = byModel(after, 'priced:chat')!;
    expect(now.answers - (was?.answers ?? 0)).toBe(1);
    expect(now.prompt_tokens - (was?.prompt_tokens ?? 0)).toBe(priced.prompt);
    expect(now.completion_tokens - (was?.completion_tokens ?? 0)).toBe(priced.completion);
    const cost = (priced.prompt * PRICE.input + priced.completion * PRICE.output) / PRICE.per;
    expect(now.costs[0]!.currency).toBe('USD');
    expect(now.costs[0]!.amount - (was?.costs[0]?.amount ?? 0)).toBeCloseTo(cost, 9);
    const unpriced = byModel(after, 'vllm:chat')!;
    expect(unpriced.costs).toEqual([]);
    expect(unpriced.completion_tokens).toBeGreaterThanOrEqual(free.completion);

    await page.getByRole('button', { name: 'Usage' }).click();
    const dialog = page.getByRole('dialog', { name: 'Usage' });
    const models = dialog.getByRole('table', { name: 'By model' });
    // Both models are labelled "chat": the table tells them apart by their ids.
    const rowOf = (id: string) =>
      models.getByRole('row').filter({
        has: page.getByRole('rowheader', { name: `chat (${id})`, exact: true }),
      });
    const pricedRow = rowOf('priced:chat');
    await expect(pricedRow.getByRole('cell')).toHaveText([
      String(now.answers),
      now.prompt_tokens.toLocaleString('en-US'),
      now.completion_tokens.toLocaleString('en-US'),
      await page.evaluate(
        ([amount]) =>
          new Intl.NumberFormat(undefined, {
            style: 'currency',
            currency: 'USD',
            ...(amount! < 1 ? { maximumSignificantDigits: 3 } : {}),
          }).format(amount!),
        [now.costs[0]!.amount],
      ),
    ]);
    // Tokens only where no price is configured.
    const freeRow = rowOf('vllm:chat');
    await expect(freeRow.getByRole('cell').last()).toHaveText('no price');
    const days = dialog.getByRole('table', { name: 'By day' });
    await expect(days.getByRole('row')).toHaveCount(after.by_day.length + 1);
    // No "Whose usage" for a user who may read only their own.
    await expect(dialog.getByLabel('Whose usage')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
