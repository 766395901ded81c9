import { expect, test } from '@playwright/test';
import { chatBody, contentText, nonce, postChat, readAllEvents } from '../support/chat-client';
import { backendRequests, lastAnswer, openApp, pickModel, send } from '../ui/helpers';
import { logLines, startOpsApp } from './ops-stack';

test.describe.configure({ timeout: 150_000 });

test('SIGTERM mid-answer: 503 for new chats, short answers finish, long ones end server_shutdown, exit 0', async ({
  page,
}) => {
  const app = await startOpsApp({ SHUTDOWN_GRACE_MS: '2500' });
  try {
    page.context().setDefaultNavigationTimeout(60_000);
    // In the browser: a long answer (400 tokens, 50 ms apart), under way.
    await openApp(page, app.url);
    await pickModel(page, 'vllm:slow');
    const browserMarker = nonce();
    await send(page, `Long ${browserMarker}`);
    const answer = lastAnswer(page);
    await expect(answer.locator('.markdown')).not.toBeEmpty();

    // Over the API: another long answer, and one that fits in the grace (1.2 s of prefill).
    const longMarker = nonce();
    const long = await postChat(chatBody('vllm:slow', longMarker), { baseURL: app.url });
    const longEvents = readAllEvents(long);
    const short = await postChat(chatBody('vllm:long-prefill', nonce()), { baseURL: app.url });
    const shortEvents = readAllEvents(short);

    app.process.kill('SIGTERM');
    await expect
      .poll(async () => (await fetch(`${app.url}/api/health`)).status, { timeout: 5_000 })
      .toBe(503);
    const refused = await postChat(chatBody('vllm:chat', nonce()), { baseURL: app.url });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ error: { code: 'shutting_down' } });
    const health = await fetch(`${app.url}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'shutting_down' });

    // Within the grace the short answer completes; the long one ends with server_shutdown.
    const shortList = await shortEvents;
    expect(shortList.at(-1)?.type).toBe('done');
    expect(contentText(shortList)).toBe('Done thinking about that long prompt.');
    const longList = await longEvents;
    const last = longList.at(-1);
    expect(last?.type === 'error' && last.error.code).toBe('server_shutdown');
    expect(contentText(longList).length).toBeGreaterThan(0);

    // The process exits 0, and every upstream connection was closed.
    expect(await app.exited).toBe(0);
    for (const marker of [longMarker, browserMarker]) {
      const [record] = await backendRequests('slow', marker);
      expect(record?.closedAt).toBeDefined();
      expect(record?.outcome).toBe('client_closed');
    }
    const lines = logLines(app);
    expect(lines.some((l) => l.event === 'shutdown' && l.ended === 2)).toBe(true);

    // The page keeps the partial answer and offers Continue.
    await expect(answer).toHaveAttribute('data-status', 'incomplete');
    await expect(answer).toContainText('the server restarted');
    const kept = await answer.locator('.markdown').textContent();
    expect(kept?.length).toBeGreaterThan(0);

    // A new server on the same address: Continue picks the answer up where it stopped.
    const restarted = await startOpsApp({}, app.port);
    try {
      await answer.getByRole('button', { name: 'Continue' }).click();
      await expect(answer).toHaveAttribute('data-status', 'streaming');
      await expect
        .poll(async () => (await answer.locator('.markdown').textContent())?.length ?? 0)
        .toBeGreaterThan(kept!.length);
      const continued = await backendRequests('slow', browserMarker);
      expect(continued.at(-1)?.body.continue_final_message).toBe(true);
      await page.getByRole('button', { name: 'Stop' }).click();
      await expect(answer).toHaveAttribute('data-status', 'stopped');
    } finally {
      restarted.kill();
    }
  } finally {
    app.kill();
  }
});
