import { expect, test } from '@playwright/test';
import { backendRecord, chatBody, monotonicNow, nonce, postChat } from '../support/chat-client';
import {
  contentOf,
  readFrames,
  reattach,
  startResumable,
  stopAnswer,
  type Frame,
} from '../support/resume-client';

/**
 * Resumable answers on one instance (in memory), against `next start` and the scenario backend.
 * The numbered-word scenarios make any repeated or missing text visible.
 */
test.describe.configure({ timeout: 90_000 });

const full = (n: number) => Array.from({ length: n }, (_, i) => `w${i + 1} `).join('');

/**
 * What a frame is as every reader sees it: only the asking connection's `start` carries the resume
 * token (what is kept, and replayed, has its hash only), so it is left out.
 */
function comparable(frames: Frame[]) {
  return frames.map(({ id, event }) => {
    const { resume_token: _token, ...rest } = event as Record<string, unknown>;
    return { id, event: rest };
  });
}

test('disconnect and reattach at 100 random points: the joined events equal a straight-through run', async () => {
  const marker = nonce('resume');
  const started = await startResumable('vllm:counting-long', marker);
  // The straight-through run: a reader attached from the first event to the last.
  const straightRun = reattach(started.requestId, started.token, 0).then((r) =>
    readFrames(r.body!),
  );
  // The chain: the browser's own connection, then reattaches that each read 1–3 network reads and
  // leave, from wherever the previous one stopped.
  const chain: Frame[] = [];
  const firstReads = 1 + Math.floor(Math.random() * 3);
  let reads = 0;
  chain.push(...(await readFrames(started.body, () => ++reads >= firstReads)));
  let reattaches = 0;
  while (chain.at(-1)!.event.type !== 'done') {
    const response = await reattach(started.requestId, started.token, chain.at(-1)!.id);
    expect(response.status).toBe(200);
    reattaches += 1;
    let n = 0;
    const limit = 1 + Math.floor(Math.random() * 3);
    chain.push(...(await readFrames(response.body!, () => ++n >= limit)));
  }
  const straight = await straightRun;
  expect(reattaches).toBeGreaterThanOrEqual(100);
  expect(chain.map((f) => f.id)).toEqual(straight.map((_, i) => i + 1));
  expect(comparable(chain)).toEqual(comparable(straight));
  expect(contentOf(straight)).toBe(full(1000));
  console.log(`[resume] ${reattaches} reattaches over ${straight.length} events, joined exactly`);

  // And the finished answer, from 100 random event ids.
  for (let i = 0; i < 100; i++) {
    const after = Math.floor(Math.random() * (straight.length + 1));
    const response = await reattach(started.requestId, started.token, after);
    expect(comparable(await readFrames(response.body!))).toEqual(comparable(straight.slice(after)));
  }
});

test('the answer goes on while nobody reads; a reattach replays what came meanwhile', async () => {
  const marker = nonce('away');
  const started = await startResumable('vllm:counting', marker);
  let reads = 0;
  const before = await readFrames(started.body, () => ++reads >= 2);
  // Generation did not stop when the browser left: the backend gets to finish the answer with
  // nobody reading it (had the server let go, its outcome would be `client_closed`).
  await expect
    .poll(async () => (await backendRecord('counting', marker))?.outcome, { timeout: 15_000 })
    .toBe('completed');
  const response = await reattach(started.requestId, started.token, before.at(-1)!.id);
  const rest = await readFrames(response.body!);
  expect(rest[0]!.id).toBe(before.at(-1)!.id + 1);
  expect(contentOf([...before, ...rest])).toBe(full(200));
  expect(rest.at(-1)!.event.type).toBe('done');
});

test('stop closes the backend connection at once and ends every reader with `stopped`', async () => {
  const marker = nonce('stop');
  const started = await startResumable('vllm:counting-long', marker);
  const seenFirst: Frame[] = [];
  const seenSecond: Frame[] = [];
  const first = readFrames(started.body, undefined, seenFirst);
  const second = reattach(started.requestId, started.token, 0).then((r) =>
    readFrames(r.body!, undefined, seenSecond),
  );
  // Stopped in the middle: both readers have text of the answer.
  await expect.poll(() => contentOf(seenFirst) !== '' && contentOf(seenSecond) !== '').toBe(true);
  const stoppedAt = monotonicNow();
  const response = await stopAnswer(started.requestId, started.token);
  expect(response.status).toBe(204);
  const [a, b] = await Promise.all([first, second]);
  // The end says how long the generating instance took to let the backend go.
  const end = a.at(-1)!.event;
  expect(end).toEqual({ type: 'stopped', released_ms: expect.any(Number) });
  console.log(`[resume] stop: released_ms ${end.type === 'stopped' ? end.released_ms : '?'}`);
  expect(end.type === 'stopped' && end.released_ms).toBeLessThan(1000);
  expect(comparable(b)).toEqual(comparable(a));
  await expect
    .poll(async () => (await backendRecord('counting-long', marker))?.outcome, { timeout: 5000 })
    .toBe('client_closed');
  const record = await backendRecord('counting-long', marker);
  const delay = record!.monotonic.closedAt! - stoppedAt;
  console.log(`[resume] stop: backend saw the close ${delay.toFixed(1)} ms after the stop request`);
  expect(delay).toBeLessThan(1000);
  // Idempotent: again 204, and a reader still learns it was stopped, once.
  expect((await stopAnswer(started.requestId, started.token)).status).toBe(204);
  const replay = await readFrames((await reattach(started.requestId, started.token, 0)).body!);
  expect(replay.filter((f) => f.event.type === 'stopped')).toHaveLength(1);
});

test('unknown ids are 404, a wrong or missing token 403, and neither stops anything', async () => {
  const started = await startResumable('vllm:counting', nonce('auth'));
  const unknown = `chat_${crypto.randomUUID()}`;
  for (const id of [unknown, 'chat_nope', 'anything']) {
    const response = await reattach(id, started.token, 0);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
    expect((await stopAnswer(id, started.token)).status).toBe(404);
  }
  for (const token of ['wrong-token', null]) {
    const response = await reattach(started.requestId, token, 0);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: 'forbidden' } });
  }
  expect((await stopAnswer(started.requestId, 'wrong-token')).status).toBe(403);
  const frames = await readFrames(started.body);
  expect(frames.at(-1)!.event.type).toBe('done');
  expect(contentOf(frames)).toBe(full(200));
});

test('without `resumable`, nothing changes: no token, nothing kept, a disconnect stops at once', async () => {
  const marker = nonce('plain');
  const controller = new AbortController();
  const response = await postChat(chatBody('vllm:counting', marker), {
    signal: controller.signal,
  });
  const [start] = await readFrames(response.body!, (f) => f.length > 0);
  expect(start!.event).toEqual({
    type: 'start',
    request_id: start!.event.type === 'start' ? start!.event.request_id : '',
    model: 'vllm:counting',
  });
  controller.abort();
  await expect
    .poll(async () => (await backendRecord('counting', marker))?.outcome, { timeout: 5000 })
    .toBe('client_closed');
  const requestId = start!.event.type === 'start' ? start!.event.request_id : '';
  expect((await reattach(requestId, 'any', 0)).status).toBe(404);
});
