import { expect, test } from '@playwright/test';
import type { RunnelEvent } from '../../lib/protocol/events';
import { backendRecord, chatBody, nonce } from '../support/chat-client';
import {
  LIMITS,
  LIMITS_A_URL as A,
  LIMITS_B_URL as B,
  QUEUED_PROVIDER,
} from '../../testing/stack/limits-stack';
import { openStream, randomAddress, type OpenStream } from '../../testing/stack/limits-client';

/**
 * Admission control per backend: the `queued` provider takes one stream at a time
 * (`maxConcurrentStreams: 1`); the line is shared by both instances through Redis. Serial: the
 * tests share that one slot.
 */
test.describe.configure({ mode: 'serial' });

const model = (scenario: string) => `${QUEUED_PROVIDER}:${scenario}`;
/** A waiting status at `position` (1 = next), its words saying the same. */
const atPlace = (position: number) => (e: RunnelEvent) =>
  e.type === 'status' &&
  e.position === position &&
  e.message.startsWith(
    `Waiting for a free slot — ${position === 1 ? 'next in line' : `${position - 1} ahead`}`,
  );
/** The places a waiter was told, in order, each once. */
const places = (s: OpenStream) => [
  ...new Set(s.events.flatMap((e) => (e.type === 'status' ? [e.position] : []))),
];
const statuses = (s: OpenStream) =>
  s.events.flatMap((e) => (e.type === 'status' ? [e.message] : []));

test('waiters are served first come first served, hear how many are ahead, and one that leaves never reaches the backend', async () => {
  const holder = await openStream(
    A,
    { address: randomAddress() },
    chatBody(model('hold'), nonce('holder')),
  );
  await holder.next((e) => e.type === 'content');

  const [m1, m2, m3] = [nonce('w1'), nonce('w2'), nonce('w3')];
  const w1 = await openStream(B, { address: randomAddress() }, chatBody(model('chat'), m1));
  await w1.next(atPlace(1));
  // The backend publishes its load (its provider's metricsURL): the wait tells it too, with the
  // holder among the requests running there.
  const load = await w1.next(
    (e) => e.type === 'status' && e.position === 1 && e.backend_running !== undefined,
  );
  if (load.type !== 'status') throw new Error('not a status');
  expect(load.backend_running).toBeGreaterThanOrEqual(1);
  expect(load.backend_waiting).toBe(0);
  expect(load.message).toContain(`GPU busy: ${load.backend_running} running, 0 waiting`);
  const w2 = await openStream(A, { address: randomAddress() }, chatBody(model('chat'), m2));
  await w2.next(atPlace(2));
  const w3 = await openStream(B, { address: randomAddress() }, chatBody(model('chat'), m3));
  await w3.next(atPlace(3));
  // Every waiter got its 200 and `start` at once, before any slot.
  for (const w of [w1, w2, w3]) {
    expect(w.response.status).toBe(200);
    expect(w.events[0]?.type).toBe('start');
  }

  // The second leaves the line (Stop, or the tab closed): the third moves up.
  w2.abort();
  await w3.next(atPlace(2));

  holder.abort();
  await Promise.all([w1.ended, w3.ended]);
  expect(w1.events.at(-1)?.type).toBe('done');
  expect(w3.events.at(-1)?.type).toBe('done');
  // Its place counted down, 3 → 1; once an answer had ended on the backend (the holder's), each
  // status also told about how long the wait would be, in words and as `eta_s`.
  expect(places(w3)).toEqual([3, 2, 1]);
  const last = w3.events.filter((e) => e.type === 'status').at(-1);
  expect(last).toMatchObject({ position: 1, eta_s: expect.any(Number) });
  expect(last?.type === 'status' && last.message).toMatch(
    /^Waiting for a free slot — next in line · about \d+ (s|min)( · GPU busy: \d+ running, 0 waiting)?$/,
  );
  const [r1, r3] = await Promise.all([backendRecord('chat', m1), backendRecord('chat', m3)]);
  expect(r1!.receivedAt).toBeLessThan(r3!.receivedAt);
  // The one that left never reached the backend.
  expect(await backendRecord('chat', m2)).toBeUndefined();
});

test('a waiter that finds no slot within QUEUE_TIMEOUT_MS ends with `overloaded`, never reaching the backend', async () => {
  // It waits out the line's whole timeout.
  test.setTimeout(LIMITS.queueTimeoutMs + 30_000);
  // A holder that outlasts the line's timeout by far, however slowly this test runs.
  const holder = await openStream(
    A,
    { address: randomAddress() },
    chatBody(model('hold'), nonce('holder')),
  );
  await holder.next((e) => e.type === 'content');
  const marker = nonce('late');
  const started = Date.now();
  const waiter = await openStream(B, { address: randomAddress() }, chatBody(model('chat'), marker));
  await waiter.ended;
  const waited = Date.now() - started;
  expect(waited).toBeGreaterThanOrEqual(LIMITS.queueTimeoutMs - 100);
  expect(waited).toBeLessThan(LIMITS.queueTimeoutMs + 2000);
  // Its place (then the backend's load, read from its metrics), and the error: nothing else.
  expect(waiter.events.map((e) => e.type).join(' ')).toMatch(/^start (status )+error$/);
  expect(waiter.events.at(-1)).toMatchObject({ type: 'error', error: { code: 'overloaded' } });
  expect(await backendRecord('chat', marker)).toBeUndefined();
  holder.abort();
  await holder.ended;
});

test('a slot is given back when its stream ends, whichever instance held it', async () => {
  for (const [first, second] of [
    [A, B],
    [B, A],
  ] as const) {
    const one = await openStream(
      first,
      { address: randomAddress() },
      chatBody(model('chat'), nonce()),
    );
    await one.ended;
    expect(one.events.at(-1)?.type).toBe('done');
    const two = await openStream(
      second,
      { address: randomAddress() },
      chatBody(model('chat'), nonce()),
    );
    await two.ended;
    // Admitted straight away: no waiting status.
    expect(statuses(two)).toEqual([]);
    expect(two.events.at(-1)?.type).toBe('done');
  }
});
