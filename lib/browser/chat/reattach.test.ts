import { describe, expect, it } from 'vitest';
import type { RunnelEvent } from '../../protocol/events';
import { followToEnd, type ReattachOptions } from './reattach';
import { fakeFetch, sseResponse } from '../../../testing/unit/chat-test-support';

const handle = { requestId: 'chat_x', token: 't' };

/** Runs `followToEnd` against `respond`, on a clock that only the sleeps move. */
async function follow(
  respond: (attempt: number) => Response,
  extra: Partial<ReattachOptions> = {},
) {
  let clock = 0;
  let attempt = 0;
  const sleeps: number[] = [];
  const events: RunnelEvent[] = [];
  let lastId = 0;
  let ended = false;
  const f = fakeFetch(() => respond(attempt++));
  const end = await followToEnd({
    fetch: f,
    handle,
    lastEventId: () => lastId,
    ended: () => ended,
    signal: new AbortController().signal,
    onEvents: (batch, id) => {
      events.push(...batch);
      if (id !== undefined) lastId = id;
      if (batch.some((e) => e.type === 'done')) ended = true;
    },
    now: () => clock,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    delaysMs: [100, 1000],
    giveUpAfterMs: 5000,
    ...extra,
  });
  return { end, events, sleeps, requests: f.requests };
}

describe('followToEnd', () => {
  it('reattaches after every drop from the last event received, until the end', async () => {
    const { end, events, requests, sleeps } = await follow((n) =>
      n === 0
        ? sseResponse([{ type: 'content', text: 'a' }], { firstId: 5 })
        : n === 1
          ? new Response('bad gateway', { status: 502 })
          : sseResponse([{ type: 'content', text: 'b' }, { type: 'done' }], { firstId: 6 }),
    );
    expect(end).toEqual({ kind: 'ended' });
    expect(events.map((e) => e.type)).toEqual(['content', 'content', 'done']);
    expect(requests.map((r) => r.headers.get('last-event-id'))).toEqual(['0', '5', '5']);
    // After progress the first wait is short; after a failure the next one grows.
    expect(sleeps).toEqual([100, 100]);
  });

  it('stops at once when the answer is gone or not ours', async () => {
    for (const status of [404, 403]) {
      const { end, requests } = await follow(() =>
        Response.json({ error: { code: 'x', message: 'x' } }, { status }),
      );
      expect(end).toEqual({ kind: 'ended' });
      expect(requests).toHaveLength(1);
    }
  });

  it('gives up after a while without getting anything, backing off', async () => {
    const { end, sleeps } = await follow(() => new Response('down', { status: 503 }));
    expect(end).toEqual({ kind: 'ended' });
    expect(sleeps.slice(0, 3)).toEqual([100, 1000, 1000]);
    expect(sleeps.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(5000);
    expect(sleeps.length).toBeLessThan(10);
  });
});
