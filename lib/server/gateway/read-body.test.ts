import { describe, expect, it } from 'vitest';
import { readJsonBody } from './read-body';

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://app.test/api/chat', { method: 'POST', body, headers });

describe('readJsonBody', () => {
  it('parses a JSON body', async () => {
    expect(await readJsonBody(post('{"a":1}'), 100)).toEqual({ ok: true, value: { a: 1 } });
  });

  it('refuses bytes that are not UTF-8 instead of replacing them', async () => {
    const bytes = new Uint8Array([...Buffer.from('{"a":"'), 0xc0, 0x80, ...Buffer.from('"}')]);
    const result = await readJsonBody(post(bytes), 100);
    expect(result).toMatchObject({
      ok: false,
      error: { status: 400, code: 'invalid_json', message: 'The request body is not valid UTF-8' },
    });
  });

  it('refuses a body over the limit, declared or not', async () => {
    const big = 'x'.repeat(200);
    expect(await readJsonBody(post(big), 100)).toMatchObject({ error: { status: 413 } });
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    });
    const chunked = new Request('http://app.test/', {
      method: 'POST',
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(await readJsonBody(chunked, 100)).toMatchObject({ error: { status: 413 } });
  });

  it('refuses a body nested deeper than any chat request, before anything recurses into it', async () => {
    const deep = `{"model":"m","response_format":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`;
    expect(await readJsonBody(post(deep), 1_000_000)).toMatchObject({
      ok: false,
      error: { status: 400, code: 'invalid_request' },
    });
    const fine = `{"tools":[{"function":{"parameters":${'{"a":'.repeat(20)}1${'}'.repeat(20)}}}]}`;
    expect(await readJsonBody(post(fine), 1_000_000)).toMatchObject({ ok: true });
  });
});
