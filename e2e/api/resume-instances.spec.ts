import { expect, test } from '@playwright/test';
import { startInstance, type Instance } from '../../testing/stack/instance';
import { randomAddress } from '../../testing/stack/limits-client';
import {
  LIMITS_A_URL,
  LIMITS_B_URL,
  LIMITS_RESUME_GRACE_MS as GRACE_MS,
  limitsEnv,
  writeLimitsProvidersFile,
} from '../../testing/stack/limits-stack';
import { SCENARIO_URL } from '../../testing/stack/ports';
import { backendRecord, monotonicNow, nonce } from '../support/chat-client';
import {
  contentOf,
  readFrames,
  reattach,
  startResumable,
  stopAnswer,
  type Frame,
} from '../support/resume-client';

/**
 * Resumable answers across instances: the limits stack's two `next start` instances (A and B)
 * sharing a real redis-server, with a 5 s grace period. Every answer comes from a made-up client
 * address of its own, so the stack's small limits never refuse one. The last test needs a generator
 * it can kill: a third instance on the same Redis, started in the background meanwhile.
 */
const a = { url: LIMITS_A_URL };
const b = { url: LIMITS_B_URL };
let dying: Promise<Instance> | undefined;

test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeAll(() => {
  dying = startInstance(limitsEnv(writeLimitsProvidersFile(SCENARIO_URL)));
  // Awaited by the last test; a failed start must not be an unhandled rejection before that.
  dying.catch(() => undefined);
});
test.afterAll(async () => {
  await (await dying?.catch(() => undefined))?.stop();
});

/** A resumable answer started on `baseURL` as a client of its own. */
const start = (model: string, marker: string, baseURL: string) =>
  startResumable(model, marker, baseURL, { 'x-forwarded-for': randomAddress() });

const full = (n: number) => Array.from({ length: n }, (_, i) => `w${i + 1} `).join('');
/**
 * Frames as every reader sees them: only the asking connection's `start` carries the resume token
 * (what is kept, and replayed, has its hash only), so it is left out of comparisons.
 */
const comparable = (frames: Frame[]) =>
  frames.map(({ id, event }) => {
    const { resume_token: _token, ...rest } = event as Record<string, unknown>;
    return { id, event: rest };
  });

test('an answer generated on A is followed on B, with no gap and no duplicate', async () => {
  const marker = nonce('ab');
  const started = await start('vllm:counting', marker, a.url);
  const straight = reattach(started.requestId, started.token, 0, { baseURL: a.url }).then((r) =>
    readFrames(r.body!),
  );
  let reads = 0;
  const onA = await readFrames(started.body, () => ++reads >= 3);
  const response = await reattach(started.requestId, started.token, onA.at(-1)!.id, {
    baseURL: b.url,
  });
  expect(response.status).toBe(200);
  const onB = await readFrames(response.body!);
  // Only the asking connection's `start` carries the resume token: what is kept has its hash only.
  const replayed = await straight;
  expect(JSON.stringify(replayed)).not.toContain(started.token);
  expect(onA[0]?.event).toMatchObject({ type: 'start', resume_token: started.token });
  expect(comparable([...onA, ...onB])).toEqual(comparable(replayed));
  expect(contentOf(onB).length).toBeGreaterThan(0);
  expect(contentOf([...onA, ...onB])).toBe(full(200));
  // Tokens are checked on B too.
  expect((await reattach(started.requestId, 'wrong', 0, { baseURL: b.url })).status).toBe(403);
  expect((await reattach(`chat_${crypto.randomUUID()}`, 'x', 0, { baseURL: b.url })).status).toBe(
    404,
  );
});

test('a reader on B alone keeps A generating past its grace period', async () => {
  const marker = nonce('presence');
  const started = await start('vllm:counting-long', marker, a.url);
  let reads = 0;
  const onA = await readFrames(started.body, () => ++reads >= 2);
  const response = await reattach(started.requestId, started.token, onA.at(-1)!.id, {
    baseURL: b.url,
  });
  const startedAt = Date.now();
  const onB = await readFrames(response.body!);
  // Nobody read on A for the whole answer (well past the grace period), yet it completed.
  expect(Date.now() - startedAt).toBeGreaterThan(GRACE_MS * 2);
  expect(onB.at(-1)!.event.type).toBe('done');
  expect((await backendRecord('counting-long', marker))?.outcome).toBe('completed');
});

test('a stop sent to B closes the backend connection held by A', async () => {
  const marker = nonce('stop-b');
  const started = await start('vllm:counting-long', marker, a.url);
  const seenOnA: Frame[] = [];
  const seenOnB: Frame[] = [];
  const onA = readFrames(started.body, undefined, seenOnA);
  const onB = reattach(started.requestId, started.token, 0, { baseURL: b.url }).then((r) =>
    readFrames(r.body!, undefined, seenOnB),
  );
  // Stopped in the middle: the readers on both instances have text of the answer.
  await expect.poll(() => contentOf(seenOnA) !== '' && contentOf(seenOnB) !== '').toBe(true);
  const stoppedAt = monotonicNow();
  expect((await stopAnswer(started.requestId, started.token, b.url)).status).toBe(204);
  await expect
    .poll(async () => (await backendRecord('counting-long', marker))?.outcome, { timeout: 5000 })
    .toBe('client_closed');
  const record = await backendRecord('counting-long', marker);
  const delay = record!.monotonic.closedAt! - stoppedAt;
  console.log(`[resume] stop on B: the backend saw A close ${delay.toFixed(1)} ms later`);
  expect(delay).toBeLessThan(1000);
  const [framesA, framesB] = await Promise.all([onA, onB]);
  // The end says how long the generating instance took to let the backend go.
  const end = framesA.at(-1)!.event;
  expect(end).toEqual({ type: 'stopped', released_ms: expect.any(Number) });
  console.log(`[resume] stop: released_ms ${end.type === 'stopped' ? end.released_ms : '?'}`);
  expect(end.type === 'stopped' && end.released_ms).toBeLessThan(1000);
  expect(comparable(framesB)).toEqual(comparable(framesA));
  expect((await stopAnswer(started.requestId, started.token, b.url)).status).toBe(204);
});

test('when the generating instance dies, a reader on B gets every kept event and learns within seconds that it ended', async () => {
  test.setTimeout(120_000);
  const generator = await dying!;
  const marker = nonce('death');
  const started = await start('vllm:counting-long', marker, generator.url);
  const response = await reattach(started.requestId, started.token, 0, { baseURL: b.url });
  let killedAt = 0;
  const frames = await readFrames(response.body!, (seen) => {
    if (!killedAt && seen.filter((f) => f.event.type === 'content').length >= 5) {
      killedAt = Date.now();
      void generator.kill();
    }
    return false;
  });
  const endedAfter = Date.now() - killedAt;
  console.log(`[resume] generator killed: the reader on B learnt it ${endedAfter} ms later`);
  expect(endedAfter).toBeLessThan(10_000);
  expect(frames.map((f) => f.id)).toEqual(frames.map((_, i) => i + 1));
  expect(frames.at(-1)!.event).toMatchObject({
    type: 'error',
    error: { code: 'incomplete_stream' },
  });
  expect(full(1000).startsWith(contentOf(frames))).toBe(true);
  // Replayed exactly, the end included, to a reader that comes later.
  const late = await readFrames(
    (await reattach(started.requestId, started.token, 0, { baseURL: b.url })).body!,
  );
  expect(comparable(late)).toEqual(comparable(frames));
});
