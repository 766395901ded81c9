import { describe, expect, it } from 'vitest';
import { createNormalizer } from '../upstream/normalizer';
import { createEventOutput, type EventSink } from './event-output';
import { relayNonStream } from './relay-non-stream';

/** A configured key, in no credential shape: only the configured-secret redaction knows it. */
const KEY = 'Zq7LmN4pR8sT2vW6yB1cD5fG9hJ3kX0a';
/** A backend's message with the key across character 300, where messages are shortened. */
const MESSAGE = `${'x'.repeat(260)} Incorrect API key provided: ${KEY}. Check your settings.`;

/** The browser-facing side of one answer, and all it wrote once the answer ended. */
function output(): { sink: EventSink; text: () => Promise<string> } {
  const out = createEventOutput(
    {
      requestId: 'r1',
      receivedAt: 0,
      secrets: [KEY],
      model: 'm',
      keepaliveIntervalMs: 60_000,
      signal: new AbortController().signal,
    },
    { now: () => 0 },
    () => undefined,
  );
  return { sink: out, text: () => new Response(out.stream).text() };
}

function sentMessage(wire: string): string {
  const error = wire
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as { type: string; error?: { message: string } })
    .find((event) => event.type === 'error');
  return error?.error?.message ?? '';
}

describe('backend error messages reach the browser redacted, then shortened', () => {
  it('from an HTTP error body: no part of a key across the cut survives', async () => {
    expect(MESSAGE.indexOf(KEY)).toBeLessThan(300);
    expect(MESSAGE.indexOf(KEY) + KEY.length).toBeGreaterThan(300);
    const { sink, text } = output();
    const body = JSON.stringify({ error: { message: MESSAGE, type: 'invalid_request_error' } });
    const response = new Response(body, {
      status: 401,
      headers: { 'content-type': 'application/json' },
    });
    await relayNonStream(response, 'application/json', {}, sink);
    const wire = await text();
    expect(wire).not.toContain(KEY.slice(0, 8));
    const message = sentMessage(wire);
    expect(message.length).toBeLessThanOrEqual(300);
    expect(message).toMatch(/^x+ Incorrect API key provided: \[redac/);
    expect(message.endsWith('…')).toBe(true);
  });

  it('from an error frame in the event stream', async () => {
    const { sink, text } = output();
    const frame = JSON.stringify({ error: { message: MESSAGE, code: 401 } });
    sink.sendAll(createNormalizer().push({ type: 'data', data: frame }));
    const wire = await text();
    expect(wire).not.toContain(KEY.slice(0, 8));
    expect(sentMessage(wire).length).toBeLessThanOrEqual(300);
  });

  it('leaves a short message whole', async () => {
    const { sink, text } = output();
    sink.send({ type: 'error', error: { code: 'upstream_error', message: `bad key ${KEY}` } });
    expect(sentMessage(await text())).toBe('bad key [redacted]');
  });
});
