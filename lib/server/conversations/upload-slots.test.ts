import { describe, expect, it } from 'vitest';
import { bodyBytes, createUploadSlots } from './upload-slots';

const MiB = 1024 * 1024;

describe('upload slots', () => {
  it('lets a user send two writes at once, not three, and frees a slot when one is answered', () => {
    const slots = createUploadSlots(2, 256 * MiB);
    const first = slots.take('ada', MiB);
    const second = slots.take('ada', MiB);
    expect(first).toBeTypeOf('function');
    expect(second).toBeTypeOf('function');
    expect(slots.take('ada', MiB)).toBeNull();
    // Someone else is not held up by Ada's writes.
    expect(slots.take('bob', MiB)).toBeTypeOf('function');
    first!();
    first!(); // a second call gives nothing back twice
    expect(slots.take('ada', MiB)).toBeTypeOf('function');
    expect(slots.take('ada', MiB)).toBeNull();
  });

  it("refuses a write that would pass the process's budget, and takes it once bytes are freed", () => {
    const slots = createUploadSlots(2, 100 * MiB);
    const ada = slots.take('ada', 64 * MiB)!;
    expect(slots.take('bob', 40 * MiB)).toBeNull();
    expect(slots.take('bob', 36 * MiB)).toBeTypeOf('function');
    ada();
    expect(slots.take('carol', 64 * MiB)).toBeTypeOf('function');
  });

  it('keeps one user to a quarter of the budget beyond their first write', () => {
    const slots = createUploadSlots(4, 256 * MiB);
    const first = slots.take('ada', 64 * MiB)!;
    expect(slots.take('ada', MiB)).toBeNull();
    expect(slots.take('bob', 64 * MiB)).toBeTypeOf('function');
    first();
    expect(slots.take('ada', 30 * MiB)).toBeTypeOf('function');
    expect(slots.take('ada', 30 * MiB)).toBeTypeOf('function');
    expect(slots.take('ada', 5 * MiB)).toBeNull();
  });

  it('always lets one write through when nothing is held, however large', () => {
    const slots = createUploadSlots(2, 10 * MiB);
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
