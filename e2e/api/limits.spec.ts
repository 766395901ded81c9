import { expect, test } from '@playwright/test';
import { Redis } from 'ioredis';
import { backendRecord, chatBody, nonce } from '../support/chat-client';
import {
  CAP_HOST_ORIGIN,
  EMBED_MODELS,
  LIMITS,
  LIMITS_A_URL as A,
  LIMITS_B_URL as B,
  REDIS_URL,
} from '../../testing/stack/limits-stack';
import {
  openStream,
  postAs,
  randomAddress,
  randomVisitor,
  refusal,
} from '../../testing/stack/limits-client';

/**
 * Per-identity limits on the two-instance stack (both instances share one redis-server). Each test
 * is its own identity: a made-up address (x-forwarded-for), and a made-up visitor id for widget
 * visitors. Requests alternate between the instances, so every limit is also shown shared.
 */

const small = (marker: string, extra: Record<string, unknown> = {}) =>
  chatBody('vllm:chat', marker, { max_tokens: 50, ...extra });
const slow = (marker: string) => chatBody('vllm:slow', marker, { max_tokens: 100 });

/** The instances' shared state, read to see a slot given back or a reservation settled. */
const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
test.afterAll(() => redis.quit());

/** The stream slots `address` holds on both instances (the shared slot store's `…:held` set). */
async function streamsHeld(address: string): Promise<number> {
  const keys = await redis.keys(`runnel:slots:runnel:user:streams:*${address}:held`);
  const counts = await Promise.all(keys.map((key) => redis.zcard(key)));
  return counts.reduce((sum, n) => sum + n, 0);
}

/** The tokens counted today for `address` (rate-limiter-flexible's counter). */
async function tokensCounted(address: string): Promise<number> {
  const keys = await redis.keys(`runnel:user:tokens:*${address}`);
  const values = await Promise.all(keys.map((key) => redis.get(key)));
  return values.reduce((sum, v) => sum + Number(v ?? 0), 0);
}

test('requests a minute: the one over the limit is refused with 429, Retry-After and the limit, and never reaches the backend', async () => {
  const address = randomAddress();
  for (let i = 0; i < LIMITS.rpm; i++) {
    const response = await postAs(i % 2 ? B : A, { address }, small(nonce()));
    expect(response.status).toBe(200);
    await response.text();
  }
  const marker = nonce('refused');
  const refused = await postAs(B, { address }, small(marker));
  expect(refused.status).toBe(429);
  const retryAfter = Number(refused.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  const error = await refusal(refused);
  expect(error).toMatchObject({
    code: 'rate_limited',
    limit: 'requests_per_minute',
    retry_after_s: retryAfter,
  });
  expect(error.message).toContain(`${LIMITS.rpm} a minute`);
  expect(await backendRecord('chat', marker)).toBeUndefined();
  // Another identity is not affected.
  expect((await postAs(A, { address: randomAddress() }, small(nonce()))).status).toBe(200);
});

test('streams at once: a slot held by a stream on one instance is seen by the other, and freed when it ends', async () => {
  const address = randomAddress();
  const first = await openStream(A, { address }, slow(nonce()));
  const second = await openStream(B, { address }, slow(nonce()));
  await Promise.all([first, second].map((s) => s.next((e) => e.type === 'content')));
  const third = await postAs(B, { address }, small(nonce()));
  expect(third.status).toBe(429);
  expect(await refusal(third)).toMatchObject({ code: 'rate_limited', limit: 'concurrent_streams' });
  expect(await streamsHeld(address)).toBe(2);
  first.abort();
  // The slot is given back as the server sees the connection close: watched in the shared state,
  // since every try of a request counts against the requests a minute.
  await expect.poll(() => streamsHeld(address)).toBe(1);
  expect((await postAs(A, { address }, small(nonce()))).status).toBe(200);
  second.abort();
});

test('stream slots are given back on every end: done, error, and the client going away (Stop)', async () => {
  const address = randomAddress();
  // done
  expect(await (await postAs(A, { address }, small(nonce()))).text()).toContain('"type":"done"');
  // error (the backend answers 500)
  expect(
    await (await postAs(B, { address }, chatBody('vllm:http-error', nonce()))).text(),
  ).toContain('"type":"error"');
  // the client goes away mid-stream
  const dropped = await openStream(A, { address }, slow(nonce()));
  await dropped.next((e) => e.type === 'content');
  expect(await streamsHeld(address)).toBe(1);
  dropped.abort();
  await expect.poll(() => streamsHeld(address)).toBe(0);
  // If any slot had leaked, one of these two would be refused.
  const both = await Promise.all([
    postAs(A, { address }, small(nonce())),
    postAs(B, { address }, small(nonce())),
  ]);
  await Promise.all(both.map((r) => r.text()));
  expect(both.map((r) => r.status)).toEqual([200, 200]);
});

test('tokens a day: reserved before the call (parallel requests cannot overshoot), settled with the final usage', async () => {
  const address = randomAddress();
  const body = (max: number, model = 'vllm:chat') => chatBody(model, 'quota', { max_tokens: max });
  // The server's reservation estimate for plain ASCII messages (token-estimate.ts): 4 tokens a
  // message, plus its role and text at 4 characters a token.
  const messages = body(1).messages as { role: string; content: string }[];
  const estimate = messages.reduce(
    (sum, m) => sum + 4 + Math.ceil(m.role.length / 4) + Math.ceil(m.content.length / 4),
    0,
  );

  // One answer, settled with its final usage (not its reservation of max_tokens + prompt).
  const done = await postAs(A, { address }, body(LIMITS.maxOutputTokens));
  const finalUsage = (await done.text()).split('\n').find((l) => l.includes('"final":true'))!;
  const usage = (
    JSON.parse(finalUsage.slice('data: '.length)) as {
      usage: { prompt_tokens: number; completion_tokens: number };
    }
  ).usage;
  const used = usage.prompt_tokens + usage.completion_tokens;
  // The settlement is one Redis command as the stream ends: the day's count becomes what it cost.
  await expect.poll(() => tokensCounted(address)).toBe(used);

  // A long answer holds a full reservation while it streams (it fits only if the first settled)…
  const big = await openStream(B, { address }, body(LIMITS.maxOutputTokens, 'vllm:slow'));
  expect(big.response.status).toBe(200);
  await big.next((e) => e.type === 'content');
  const left = LIMITS.tokensPerDay - used - (LIMITS.maxOutputTokens + estimate);
  expect(left - estimate).toBeGreaterThan(0);

  // …so a parallel one reserving one token more than what is left is refused, with the day's wait…
  const over = await postAs(A, { address }, body(left - estimate + 1));
  expect(over.status).toBe(429);
  const error = await refusal(over);
  expect(error).toMatchObject({ code: 'rate_limited', limit: 'tokens_per_day' });
  expect(error.retry_after_s).toBeGreaterThan(86_000);
  // …and, the refusal having taken nothing, exactly what is left is accepted.
  const exact = await postAs(B, { address }, body(left - estimate));
  expect(exact.status).toBe(200);
  await exact.text();
  big.abort();
});

test.describe('widget visitors', () => {
  test('have their own, stricter limits, counted by visitor id and by address: a new id does not reset them', async () => {
    const address = randomAddress();
    const visitor = randomVisitor();
    for (let i = 0; i < LIMITS.embedRpm; i++) {
      const response = await postAs(i % 2 ? B : A, { address, visitor }, small(nonce()));
      expect(response.status).toBe(200);
      await response.text();
    }
    // A fresh visitor id from the same address: still refused (the address count).
    const rotated = await postAs(A, { address, visitor: randomVisitor() }, small(nonce()));
    expect(rotated.status).toBe(429);
    expect(await refusal(rotated)).toMatchObject({ limit: 'requests_per_minute' });
    // The same visitor from another address: still refused (the visitor count).
    expect((await postAs(B, { address: randomAddress(), visitor }, small(nonce()))).status).toBe(
      429,
    );
    // The app's own limits for that address are separate, and a new visitor elsewhere is fine.
    expect((await postAs(A, { address }, small(nonce()))).status).toBe(200);
    expect(
      (await postAs(A, { address: randomAddress(), visitor: randomVisitor() }, small(nonce())))
        .status,
    ).toBe(200);
  });

  test('streams at once per visitor', async () => {
    const as = { address: randomAddress(), visitor: randomVisitor() };
    const streams = [
      await openStream(A, as, slow(nonce())),
      await openStream(B, as, slow(nonce())),
    ];
    await Promise.all(streams.map((s) => s.next((e) => e.type === 'content')));
    // Another visitor id from the same address is counted by the address too.
    const third = await postAs(B, { ...as, visitor: randomVisitor() }, small(nonce()));
    expect(third.status).toBe(429);
    expect(await refusal(third)).toMatchObject({ limit: 'concurrent_streams' });
    for (const s of streams) s.abort();
  });

  test('tokens a day per visitor', async () => {
    const as = { address: randomAddress(), visitor: randomVisitor() };
    const max = { max_tokens: LIMITS.maxOutputTokens };
    const holding = await openStream(A, as, chatBody('vllm:slow', nonce(), max));
    await holding.next((e) => e.type === 'content');
    const response = await postAs(B, as, small(nonce(), max));
    expect(response.status).toBe(429);
    expect(await refusal(response)).toMatchObject({ limit: 'tokens_per_day' });
    holding.abort();
  });

  test('EMBED_MODELS: only those models, for visitors only', async () => {
    expect(EMBED_MODELS).not.toContain('vllm:reasoning');
    const visitor = await postAs(
      A,
      { address: randomAddress(), visitor: randomVisitor() },
      chatBody('vllm:reasoning', nonce()),
    );
    expect(visitor.status).toBe(403);
    expect(await refusal(visitor)).toMatchObject({ code: 'forbidden', param: 'model' });
    const app = await postAs(A, { address: randomAddress() }, chatBody('vllm:reasoning', nonce()));
    expect(app.status).toBe(200);
    await app.text();
  });

  test("one site's visitors together are capped", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.embedHostRpm; i++) {
      const response = await postAs(
        i % 2 ? B : A,
        { address: randomAddress(), visitor: randomVisitor(), hostOrigin: CAP_HOST_ORIGIN },
        small(nonce()),
      );
      statuses.push(response.status);
      await response.text();
    }
    expect(statuses.slice(0, LIMITS.embedHostRpm).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
