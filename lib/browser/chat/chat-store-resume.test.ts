import { describe, expect, it, vi } from 'vitest';
import type { RunnelEvent } from '../../protocol/events';
import { encodeEvent } from '../../protocol/sse';
import { createMemoryBackend, type KvBackend } from './kv-backend';
import type { AssistantMessage } from './message';
import type { NetworkWatch } from './network-watch';
import { CONVERSATION_PREFIX } from './persistence';
import {
  sseResponse,
  until,
  untilRead,
  type SeenRequest,
} from '../../../testing/unit/chat-test-support';
import { storeHarness } from '../../../testing/unit/chat-store-harness';

const CHAT = { id: 'vllm:chat', kind: 'chat' as const };
const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDE';
const REQUEST_ID = 'chat_00000000-0000-4000-8000-000000000001';
const WORDS = Array.from({ length: 12 }, (_, i) => `w${i} `);

/** The answer as the server keeps it: start (with the token), twelve words, usage, done. */
const ANSWER: RunnelEvent[] = [
  { type: 'start', request_id: REQUEST_ID, model: 'm', resume_token: TOKEN },
  ...WORDS.map((text) => ({ type: 'content' as const, text })),
  {
    type: 'usage',
    usage: { prompt_tokens: 3, completion_tokens: 12, total_tokens: 15 },
    final: true,
  },
  { type: 'finish', reason: 'stop' },
  { type: 'done' },
];

/**
 * A server that keeps the answer: the POST delivers the first `cut` events and then its connection
 * drops (or, with `hangPost`, stays open until a stop ends it with `stopped`, as the real server
 * does); `GET …/events` answers what came after `Last-Event-ID` (or `eventsStatus`).
 */
function resumingServer(cut: number, opts: { eventsStatus?: number; hangPost?: boolean } = {}) {
  let endWithStopped: (() => void) | undefined;
  return (_body: Record<string, unknown>, request: SeenRequest): Response => {
    if (request.url.endsWith('/stop')) {
      endWithStopped?.();
      return new Response(null, { status: 204 });
    }
    if (request.url.endsWith('/events')) {
      if (opts.eventsStatus) {
        return Response.json({ error: { code: 'not_found', message: 'gone' } }, { status: 404 });
      }
      const after = Number(request.headers.get('last-event-id'));
      return sseResponse(ANSWER.slice(after), { firstId: after + 1 });
    }
    if (!opts.hangPost) return sseResponse(ANSWER.slice(0, cut));
    const bytes = (seq: number, event: RunnelEvent) =>
      new TextEncoder().encode(encodeEvent(seq, event));
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        ANSWER.slice(0, cut).forEach((event, i) => c.enqueue(bytes(i + 1, event)));
        endWithStopped = () => {
          c.enqueue(bytes(cut + 1, { type: 'stopped', released_ms: 3 }));
          c.close();
        };
      },
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  };
}

const eventsRequests = (f: { requests: SeenRequest[] }) =>
  f.requests.filter((r) => r.url.endsWith('/events'));

/** Waits until the stored copy's last answer passes `check` (saving is asynchronous). */
async function untilStored(
  backend: KvBackend,
  check: (answer: AssistantMessage | undefined) => boolean,
): Promise<void> {
  await untilRead(async () => {
    const entries = await backend.entries();
    const stored = entries.find(([key]) => key.startsWith(CONVERSATION_PREFIX))?.[1] as
      { messages: AssistantMessage[] } | undefined;
    return stored?.messages.at(-1);
  }, check);
}

/**
 * A page whose answer is still generating (its POST held open) once the text of the first `cut`
 * events is saved with their id: what a reload finds in storage.
 */
async function leftStreaming(backend: KvBackend, cut: number) {
  const page = storeHarness(resumingServer(cut, { hangPost: true }), backend);
  await page.store.getState().hydrate();
  page.store.getState().send('count', CHAT);
  await until(() => page.frames.pending > 0);
  page.frames.runFrame();
  await untilStored(backend, (answer) => (answer?.lastEventId ?? 0) >= cut);
  return page;
}

describe('chat store: resumable answers', () => {
  it('asks for a resumable answer and reattaches when its connection drops: no repeat, no gap', async () => {
    const t = storeHarness(resumingServer(5));
    await t.store.getState().hydrate();
    t.store.getState().send('count', CHAT);
    await until(t.idle);
    expect(t.fetch.bodies[0]).toMatchObject({ resumable: true });
    const [get] = eventsRequests(t.fetch);
    expect(get!.url).toBe(`/api/chat/${REQUEST_ID}/events`);
    expect(get!.headers.get('x-resume-token')).toBe(TOKEN);
    expect(get!.headers.get('last-event-id')).toBe('5');
    expect(t.answer()).toMatchObject({ status: 'complete', content: WORDS.join('') });
    expect(t.answer().usage?.completion_tokens).toBe(12);
    // An ended answer keeps no token.
    expect(t.answer().resumeToken).toBeUndefined();
  });

  it('after a reload, reattaches from the last event saved with the text', async () => {
    const backend = createMemoryBackend();
    const first = await leftStreaming(backend, 6);

    const reloaded = storeHarness(resumingServer(0), backend);
    await reloaded.store.getState().hydrate();
    await until(reloaded.idle);
    const [get] = eventsRequests(reloaded.fetch);
    expect(get!.headers.get('last-event-id')).toBe('6');
    expect(reloaded.answer()).toMatchObject({ status: 'complete', content: WORDS.join('') });
    expect(reloaded.fetch.bodies).toHaveLength(0);
    first.store.getState().stop(first.active().id);
  });

  it('saves the token the moment it arrives, not with the next throttled save', async () => {
    const backend = createMemoryBackend();
    const t = storeHarness(resumingServer(1, { hangPost: true }), backend, {
      saveIntervalMs: 60_000,
    });
    await t.store.getState().hydrate();
    t.store.getState().send('count', CHAT);
    await until(() => t.frames.pending > 0);
    t.frames.runFrame();
    // Only the save made at once can store the token: the throttled one is a minute away.
    await untilStored(backend, (answer) => answer?.resumeToken !== undefined);
    const saved = (await backend.get(`conversation:${t.active().id}`)) as {
      messages: AssistantMessage[];
    };
    expect(saved.messages[1]).toMatchObject({
      status: 'streaming',
      requestId: REQUEST_ID,
      resumeToken: TOKEN,
      lastEventId: 1,
    });
    t.store.getState().stop(t.active().id);
    await until(t.idle);
  });

  it('after a reload that lost the token’s database write, reattaches with the page-hide stash', async () => {
    const backend = createMemoryBackend();
    let stashed: unknown = null;
    const stash = {
      write: (meta: unknown) => void (stashed = structuredClone(meta)),
      read: () => stashed,
      clear: () => void (stashed = null),
    };
    const first = storeHarness(resumingServer(1, { hangPost: true }), backend, { stash });
    await first.store.getState().hydrate();
    first.store.getState().send('count', CHAT);
    await until(() => first.frames.pending > 0);
    first.frames.runFrame();
    // The page goes away: the stash is written, and the database write of the token is aborted
    // with the page (the record stays as it was before the answer's start arrived).
    first.store.getState().flushSaves();
    const key = `conversation:${first.active().id}`;
    // The saves have landed (so none lands after the record is put back below).
    let record: { messages: AssistantMessage[] } | undefined;
    await vi.waitFor(async () => {
      record = (await backend.get(key)) as typeof record;
      expect(record?.messages[1]?.resumeToken).toBe(TOKEN);
    });
    const { requestId: _r, resumeToken: _t, lastEventId: _l, ...lost } = record!.messages[1]!;
    await backend.set(key, { ...record, messages: [record!.messages[0], lost] });

    const reloaded = storeHarness(resumingServer(0), backend, { stash });
    await reloaded.store.getState().hydrate();
    await until(reloaded.idle);
    const [get] = eventsRequests(reloaded.fetch);
    expect(get!.headers.get('x-resume-token')).toBe(TOKEN);
    expect(reloaded.answer()).toMatchObject({ status: 'complete', content: WORDS.join('') });
    first.store.getState().stop(first.active().id);
  });

  it('after a reload, an answer the server no longer has ends incomplete, as before', async () => {
    const backend = createMemoryBackend();
    const first = await leftStreaming(backend, 4);

    const reloaded = storeHarness(resumingServer(0, { eventsStatus: 404 }), backend);
    await reloaded.store.getState().hydrate();
    await until(reloaded.idle);
    expect(reloaded.answer()).toMatchObject({
      status: 'incomplete',
      content: 'w0 w1 w2 ',
      interruption: 'reload',
    });
    expect(reloaded.answer().resumeToken).toBeUndefined();
    first.store.getState().stop(first.active().id);
  });

  it('after a reload, a Stop in the task before the reattach starts still stops on the server', async () => {
    const backend = createMemoryBackend();
    const first = await leftStreaming(backend, 6);

    // The page starts a run's request in a task after the one that marks it running.
    const tasks: (() => void)[] = [];
    const reloaded = storeHarness(resumingServer(0), backend, { later: (cb) => tasks.push(cb) });
    await reloaded.store.getState().hydrate();
    await until(() => tasks.length > 0);
    reloaded.store.getState().stop(reloaded.active().id);
    tasks.shift()!();
    await until(() => reloaded.fetch.requests.some((r) => r.url.endsWith('/stop')));
    const stop = reloaded.fetch.requests.find((r) => r.url.endsWith('/stop'));
    expect(stop!.headers.get('x-resume-token')).toBe(TOKEN);
    first.store.getState().stop(first.active().id);
  });

  it('Stop calls the stop endpoint with the token and reads the answer to its `stopped` event', async () => {
    const t = storeHarness(resumingServer(3, { hangPost: true }));
    await t.store.getState().hydrate();
    t.store.getState().send('count', CHAT);
    await until(() => t.frames.pending > 0);
    t.store.getState().stop(t.active().id);
    await until(t.idle);
    const stop = t.fetch.requests.find((r) => r.url.endsWith('/stop'));
    expect(stop).toMatchObject({ method: 'POST', url: `/api/chat/${REQUEST_ID}/stop` });
    expect(stop!.headers.get('x-resume-token')).toBe(TOKEN);
    // The connection read the server's `stopped` event, which says how fast the backend was let go.
    expect(t.answer()).toMatchObject({ status: 'stopped', content: 'w0 w1 ', releasedMs: 3 });
    expect(eventsRequests(t.fetch)).toHaveLength(0);
  });

  it('a refused stop closes the connection at once (closing is then what stops the answer)', async () => {
    const hanging = resumingServer(3, { hangPost: true });
    const t = storeHarness((body, request) =>
      request.url.endsWith('/stop')
        ? Response.json({ error: { code: 'not_found', message: 'gone' } }, { status: 404 })
        : hanging(body, request),
    );
    await t.store.getState().hydrate();
    t.store.getState().send('count', CHAT);
    await until(() => t.frames.pending > 0);
    t.store.getState().stop(t.active().id);
    // Well before the moment a silent server is given (1.5 s).
    await until(t.idle, 1000);
    expect(t.fetch.signals[0]!.aborted).toBe(true);
    expect(t.answer().status).toBe('stopped');
  });

  it('a Stop pressed before the token arrived waits for it, then stops on the server too', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const t = storeHarness((body, request) => {
      if (request.method === 'POST' && !request.url.endsWith('/stop')) {
        const stream = new ReadableStream<Uint8Array>({
          async start(c) {
            await gate;
            const first = await new Response(sseResponse(ANSWER.slice(0, 2)).body).text();
            c.enqueue(new TextEncoder().encode(first));
          },
        });
        return new Response(stream, { status: 200 });
      }
      return resumingServer(0)(body, request);
    });
    await t.store.getState().hydrate();
    t.store.getState().send('count', CHAT);
    // The request is under way; its answer, and the token, wait for the gate.
    await until(() => t.fetch.signals.length === 1);
    t.store.getState().stop(t.active().id);
    expect(t.fetch.signals[0]!.aborted).toBe(false);
    release();
    // This server never ends the stream with `stopped`: the connection is closed after a moment.
    await until(t.idle, 3000);
    expect(t.fetch.requests.some((r) => r.url.endsWith('/stop'))).toBe(true);
    expect(t.fetch.signals[0]!.aborted).toBe(true);
    expect(t.answer().status).toBe('stopped');
  });

  it('while offline, waits for the network before reattaching', async () => {
    let online = false;
    let wake!: () => void;
    const network: NetworkWatch = {
      whenOnline: () => (online ? Promise.resolve() : new Promise((r) => (wake = r))),
    };
    const t = storeHarness(resumingServer(4), createMemoryBackend(), { network });
    await t.store.getState().hydrate();
    t.store.getState().send('count', CHAT);
    await until(() => wake !== undefined);
    // A bounded negative check: no signal says a request will not come, so one is given 20 ms.
    await new Promise((r) => setTimeout(r, 20));
    expect(eventsRequests(t.fetch)).toHaveLength(0);
    expect(t.answer().status).toBe('streaming');
    online = true;
    wake();
    await until(t.idle);
    expect(t.answer()).toMatchObject({ status: 'complete', content: WORDS.join('') });
  });

  it('Continue picks up a cut-off answer where it stopped', async () => {
    const t = storeHarness((body, request) =>
      body.continue_final_message
        ? sseResponse([
            { type: 'start', request_id: REQUEST_ID, model: 'm' },
            { type: 'content', text: 'w3 ' },
            { type: 'done' },
          ])
        : resumingServer(4, { eventsStatus: 404 })(body, request),
    );
    await t.store.getState().hydrate();
    t.store.getState().send('count', CHAT);
    await until(t.idle);
    expect(t.answer()).toMatchObject({ status: 'incomplete', content: 'w0 w1 w2 ' });
    t.store.getState().continueAnswer(t.active().id, t.answer().id, CHAT);
    await until(t.idle);
    expect(t.fetch.bodies[1]).toMatchObject({
      continue_final_message: true,
      messages: [
        { role: 'user', content: 'count' },
        { role: 'assistant', content: 'w0 w1 w2 ' },
      ],
    });
    expect(t.answer()).toMatchObject({ status: 'complete', content: 'w0 w1 w2 w3 ' });
  });
});
