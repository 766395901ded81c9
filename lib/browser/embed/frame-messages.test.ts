import { describe, expect, it } from 'vitest';
import { frameMessageSchema, hostMessageSchema } from '../../../testing/unit/embed-message-schemas';
import { frameMessage, hostMessage, parseHostMessage } from './frame-messages';

const env = { protocol: 'runnel-embed', version: 1 };

/** Valid and invalid host messages: the iframe's validator must agree with the schema on each. */
const samples: unknown[] = [
  { ...env, type: 'hello' },
  { ...env, type: 'open' },
  { ...env, type: 'close' },
  { ...env, type: 'theme', theme: 'dark' },
  { ...env, type: 'theme', theme: 'light' },
  { ...env, type: 'theme', theme: 'auto' },
  { ...env, type: 'theme', theme: 'neon' },
  { ...env, type: 'theme' },
  { ...env, type: 'theme', theme: 'dark', extra: 1 },
  { ...env, type: 'hello', url: 'https://evil.test' },
  { ...env, type: 'open', html: '<img onerror=alert(1)>' },
  { ...env, type: 'close', theme: 'dark' },
  { ...env, type: 'ready' },
  { ...env, type: 'navigate', to: '/' },
  { ...env, type: 'toString' },
  { ...env, version: 2, type: 'hello' },
  { ...env, version: '1', type: 'hello' },
  { protocol: 'x', version: 1, type: 'hello' },
  { type: 'hello' },
  { protocol: 'runnel-embed', type: 'hello', theme: 'dark' },
  [env],
  'hello',
  null,
  undefined,
  42,
];

describe('embed protocol', () => {
  it.each(samples.map((s) => [JSON.stringify(s), s]))(
    'the iframe agrees with the protocol schema on %s',
    (_label, sample) => {
      const reference = hostMessageSchema.safeParse(sample);
      const parsed = parseHostMessage(sample);
      if (!reference.success) expect(parsed).toBeNull();
      else expect(parsed).toEqual(reference.data);
    },
  );

  it('returns a fresh object, not the received one', () => {
    const received = { ...env, type: 'open' };
    expect(parseHostMessage(received)).not.toBe(received);
  });

  it('wraps payloads in the versioned envelope, as the other side accepts them', () => {
    const frame = frameMessage({ type: 'unread', count: 2 });
    expect(frame).toEqual({ ...env, type: 'unread', count: 2 });
    expect(frameMessageSchema.safeParse(frame).success).toBe(true);
    const host = hostMessage({ type: 'theme', theme: 'light' });
    expect(host).toEqual({ ...env, type: 'theme', theme: 'light' });
    expect(parseHostMessage(host)).toEqual(host);
  });
});
