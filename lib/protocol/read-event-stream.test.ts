import { describe, expect, it } from 'vitest';
import type { RunnelEvent } from './events';
import { readEventBatches, readEventStream } from './read-event-stream';
import { REASONING_STREAM, sseResponse } from '../../testing/unit/chat-test-support';

async function flat(body: ReadableStream<Uint8Array>): Promise<RunnelEvent[]> {
  const out: RunnelEvent[] = [];
  for await (const batch of readEventBatches(body)) out.push(...batch.events);
  return out;
}

function bodyOf(text: string, chunk = 3): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(c) {
      for (let i = 0; i < bytes.length; i += chunk) c.enqueue(bytes.slice(i, i + chunk));
      c.close();
    },
  });
}

describe('readEventBatches', () => {
  it('yields the same events as readEventStream, at every chunking', async () => {
    for (const bytewise of [false, true]) {
      const reference: RunnelEvent[] = [];
      for await (const e of readEventStream(sseResponse(REASONING_STREAM, { bytewise }).body!))
        reference.push(e);
      expect(await flat(sseResponse(REASONING_STREAM, { bytewise }).body!)).toEqual(reference);
    }
  });

  it('batches the events of one read together', async () => {
    const batches: number[] = [];
    for await (const b of readEventBatches(sseResponse(REASONING_STREAM).body!))
      batches.push(b.events.length);
    expect(batches).toEqual([REASONING_STREAM.length]);
  });

  it('gives the id of the last event of each batch (where a reattach starts again)', async () => {
    const ids: (number | undefined)[] = [];
    for await (const b of readEventBatches(sseResponse(REASONING_STREAM, { bytewise: true }).body!))
      ids.push(b.lastId);
    // One byte per read: every event completes in its own read, numbered from 1.
    expect(ids).toEqual(REASONING_STREAM.map((_, i) => i + 1));
  });

  it('skips keepalive comments, and treats a cut final frame like readEventStream does', async () => {
    const text =
      ': keepalive\n\nid: 1\ndata: {"type":"content","text":"a"}\n\n: keepalive\n\nid: 2\ndata: {"type":"done"}';
    const reference: RunnelEvent[] = [];
    for await (const e of readEventStream(bodyOf(text))) reference.push(e);
    expect(await flat(bodyOf(text))).toEqual(reference);
    expect(reference[0]).toEqual({ type: 'content', text: 'a' });
  });

  it('an invalid frame becomes protocol_error and ends the stream', async () => {
    const text =
      'data: {"type":"content","text":"a"}\n\ndata: {"type":"content"}\n\ndata: {"type":"done"}\n\n';
    const events = await flat(bodyOf(text, 1000));
    expect(events).toEqual([
      { type: 'content', text: 'a' },
      {
        type: 'error',
        error: { code: 'protocol_error', message: 'The server sent an unreadable event' },
      },
    ]);
  });

  it('stopping early cancels the body', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('data: {"type":"content","text":"a"}\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const batch of readEventBatches(body)) {
      expect(batch.events).toHaveLength(1);
      break;
    }
    expect(cancelled).toBe(true);
  });
});
