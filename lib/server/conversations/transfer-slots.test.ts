import { describe, expect, it } from 'vitest';
import { bodyBytes, createTransferSlots, releasedWhenSent } from './transfer-slots';

const MiB = 1024 * 1024;

describe('transfer slots', () => {
  it('lets a user send two writes at once, not three, and frees a slot when one is answered', () => {
    const slots = createTransferSlots(2, 256 * MiB);
    const first = slots.take('ada', MiB);
    const second = slots.take('ada', MiB);
    expect(first).toBeTypeOf('function');
    expect(second).toBeTypeOf('function');
    expect(slots.take('ada', MiB)).toBeNull();
    expect(slots.full('ada')).toBe(true);
    expect(slots.full('bob')).toBe(false);
    // Someone else is not held up by Ada's writes.
    expect(slots.take('bob', MiB)).toBeTypeOf('function');
    first!();
    first!(); // a second call gives nothing back twice
    expect(slots.full('ada')).toBe(false);
    expect(slots.take('ada', MiB)).toBeTypeOf('function');
    expect(slots.take('ada', MiB)).toBeNull();
  });

  it("refuses a write that would pass the process's budget, and takes it once bytes are freed", () => {
    const slots = createTransferSlots(2, 100 * MiB);
    const ada = slots.take('ada', 64 * MiB)!;
    expect(slots.take('bob', 40 * MiB)).toBeNull();
    expect(slots.take('bob', 36 * MiB)).toBeTypeOf('function');
    ada();
    expect(slots.take('carol', 64 * MiB)).toBeTypeOf('function');
  });

  it('keeps one user to a quarter of the budget beyond their first write', () => {
    const slots = createTransferSlots(4, 256 * MiB);
    const first = slots.take('ada', 64 * MiB)!;
    expect(slots.take('ada', MiB)).toBeNull();
    expect(slots.take('bob', 64 * MiB)).toBeTypeOf('function');
    first();
    expect(slots.take('ada', 30 * MiB)).toBeTypeOf('function');
    expect(slots.take('ada', 30 * MiB)).toBeTypeOf('function');
    expect(slots.take('ada', 5 * MiB)).toBeNull();
  });

  it('always lets one write through when nothing is held, however large', () => {
    const slots = createTransferSlots(2, 10 * MiB);
    expect(slots.take('ada', 64 * MiB)).toBeTypeOf('function');
  });

  it("holds a body's declared size, or its route's cap when it declares none or more", () => {
    const withLength = (value?: string) =>
      new Request('http://runnel.test/', {
        method: 'PUT',
        ...(value === undefined ? {} : { headers: { 'content-length': value } }),
      });
    expect(bodyBytes(withLength('1234'), 16 * MiB)).toBe(1234);
    expect(bodyBytes(withLength(String(99 * MiB)), 16 * MiB)).toBe(16 * MiB);
    expect(bodyBytes(withLength(), 16 * MiB)).toBe(16 * MiB);
    expect(bodyBytes(withLength('-5'), 16 * MiB)).toBe(16 * MiB);
  });
});

describe('releasedWhenSent', () => {
  it('gives the slot back once the answer has been read to its end, not before', async () => {
    let released = 0;
    const sent = releasedWhenSent(
      new Response('x'.repeat(100_000), { status: 200, headers: { 'Content-Length': '100000' } }),
      () => released++,
    );
    expect(sent.headers.get('content-length')).toBe('100000');
    const reader = sent.body!.getReader();
    const first = await reader.read();
    expect(released).toBe(0);
    let total = first.value!.byteLength;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      total += chunk.value.byteLength;
    expect(released).toBe(1);
    expect(total).toBe(100_000);
  });

  it('gives the slot back when the client goes away before reading it', async () => {
    let released = 0;
    let cancelled = false;
    const source = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.enqueue(new Uint8Array(1024)),
      cancel: () => {
        cancelled = true;
      },
    });
    const sent = releasedWhenSent(new Response(source), () => released++);
    expect(released).toBe(0);
    await sent.body!.cancel();
    expect(released).toBe(1);
    expect(cancelled).toBe(true);
  });

  it('gives an answer without a body its slot back at once', () => {
    let released = 0;
    releasedWhenSent(new Response(null, { status: 204 }), () => released++);
    expect(released).toBe(1);
  });
});
