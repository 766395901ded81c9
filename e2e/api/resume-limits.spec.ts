import { expect, test } from '@playwright/test';
import { APP_ENV } from '../../testing/stack/app-env';
import { startInstance, type Instance } from '../../testing/stack/instance';
import { backendRecord, monotonicNow, nonce } from '../support/chat-client';
import { contentOf, readFrames, reattach, startResumable } from '../support/resume-client';

/**
 * The bounds of resumable answers, on an instance of its own with short ones: a 1.5 s grace
 * period, a 2 s TTL and 16,000 bytes kept in all (about 3 s of a fast answer).
 */
const GRACE_MS = 1500;
const TTL_S = 2;
let app: Instance;

test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  app = await startInstance({
    ...APP_ENV,
    RESUME_GRACE_MS: String(GRACE_MS),
    RESUME_TTL_S: String(TTL_S),
    RESUME_MAX_BYTES: '16000',
  });
});
test.afterAll(async () => app?.stop());

test('when nobody reattaches within the grace period, the upstream is closed', async () => {
  const marker = nonce('grace');
  const started = await startResumable('vllm:counting-long', marker, app.url);
  let reads = 0;
  const before = await readFrames(started.body, () => ++reads >= 3);
  const leftAt = monotonicNow();
  await expect
    .poll(async () => (await backendRecord('counting-long', marker))?.outcome, {
      timeout: GRACE_MS + 5000,
    })
    .toBe('client_closed');
  const record = await backendRecord('counting-long', marker);
  const waited = record!.monotonic.closedAt! - leftAt;
  console.log(
    `[resume] grace ${GRACE_MS} ms: upstream closed ${waited.toFixed(0)} ms after leaving`,
  );
  expect(waited).toBeGreaterThanOrEqual(GRACE_MS - 50);
  expect(waited).toBeLessThan(GRACE_MS + 2000);
  // A late reader learns how it ended: cut off, with every word generated until then.
  const replay = await readFrames(
    (await reattach(started.requestId, started.token, 0, { baseURL: app.url })).body!,
  );
  // The same frames, but for the resume token, which only the asking connection is given.
  const { resume_token: _token, ...start } = before[0]!.event as Record<string, unknown>;
  expect(replay.slice(0, before.length)).toEqual([
    { ...before[0]!, event: start },
    ...before.slice(1),
  ]);
  expect(replay.at(-1)!.event).toMatchObject({
    type: 'error',
    error: { code: 'incomplete_stream' },
  });
  expect(contentOf(replay)).toMatch(/^w1 w2 (w\d+ )*$/);
});

test('a finished answer is readable for the TTL, then 404', async () => {
  const started = await startResumable('vllm:chat', nonce('ttl'), app.url);
  const all = await readFrames(started.body);
  const endedAt = monotonicNow();
  expect(all.at(-1)!.event.type).toBe('done');
  const again = await reattach(started.requestId, started.token, 0, { baseURL: app.url });
  expect((await readFrames(again.body!)).length).toBe(all.length);
  // Reading it does not keep it: asked again and again, it is readable until the TTL, then gone.
  let expired: Response | undefined;
  await expect
    .poll(
      async () => {
        const response = await reattach(started.requestId, started.token, 0, {
          baseURL: app.url,
        });
        if (response.status === 404) expired = response;
        else await response.body?.cancel();
        return response.status;
      },
      // Asked every 100 ms: an expiry well before the TTL is seen as such.
      { timeout: TTL_S * 1000 + 5000, intervals: [100] },
    )
    .toBe(404);
  const after = monotonicNow() - endedAt;
  console.log(`[resume-limits] a finished answer read until ${after.toFixed(0)} ms after its end`);
  expect(after).toBeGreaterThanOrEqual(TTL_S * 1000 - 500);
  expect(await expired!.json()).toMatchObject({ error: { code: 'not_found' } });
});

test('an answer larger than what may be kept says so, then a disconnect stops it at once', async () => {
  const marker = nonce('big');
  const started = await startResumable('vllm:counting-long', marker, app.url);
  let leftAt = 0;
  const frames = await readFrames(started.body, (seen) => {
    const told = seen.some((f) => f.event.type === 'status' && /too large/.test(f.event.message));
    if (told) leftAt = monotonicNow();
    return told;
  });
  expect(frames.map((f) => f.id)).toEqual(frames.map((_, i) => i + 1));
  await expect
    .poll(async () => (await backendRecord('counting-long', marker))?.outcome, { timeout: 5000 })
    .toBe('client_closed');
  const record = await backendRecord('counting-long', marker);
  expect(record!.monotonic.closedAt! - leftAt).toBeLessThan(1000);
  // Nothing of it is kept: it cannot be reattached to.
  expect((await reattach(started.requestId, started.token, 0, { baseURL: app.url })).status).toBe(
    404,
  );
});
