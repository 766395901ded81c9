import { describe, expect, it } from 'vitest';
import { parseHostMessage } from '../lib/browser/embed/frame-messages';
import { frameMessageSchema } from '../testing/unit/embed-message-schemas';
import { hostMessage, readFrameMessage } from './messages';

const env = { protocol: 'runnel-embed', version: 1 };

/** Valid and invalid frame messages: the loader's validator must agree with the zod schema on each. */
const samples: unknown[] = [
  { ...env, type: 'ready' },
  { ...env, type: 'close' },
  { ...env, type: 'resize', expanded: false },
  { ...env, type: 'unread', count: 0 },
  { ...env, type: 'unread', count: 999 },
  { ...env, type: 'answer', outcome: 'complete' },
  { ...env, type: 'answer', outcome: 'incomplete' },
  { ...env, type: 'ready', extra: 1 },
  { ...env, type: 'close', url: 'https://evil.test' },
  { ...env, type: 'resize', expanded: 1 },
  { ...env, type: 'resize' },
  { ...env, type: 'unread', count: 1000 },
  { ...env, type: 'unread', count: -1 },
  { ...env, type: 'unread', count: 0.5 },
  { ...env, type: 'unread', count: '1' },
  { ...env, type: 'answer', outcome: 'streaming' },
  { ...env, type: 'answer', outcome: 'complete', html: '<b>' },
  { ...env, type: 'hello' },
  { ...env, type: 'navigate', to: '/' },
  { ...env, version: 2, type: 'ready' },
  { protocol: 'other', version: 1, type: 'ready' },
  { type: 'ready' },
  [env],
  'ready',
  null,
  undefined,
  42,
];

describe('the loader’s message validator', () => {
  it.each(samples.map((s) => [JSON.stringify(s), s]))(
    'agrees with the protocol schema on %s',
    (_label, sample) => {
      const reference = frameMessageSchema.safeParse(sample);
      const loader = readFrameMessage(sample);
      if (!reference.success) expect(loader).toBeNull();
      else expect({ ...env, ...loader }).toEqual(reference.data);
    },
  );

  it('sends only messages the iframe accepts', () => {
    for (const command of [
      { type: 'hello' },
      { type: 'open' },
      { type: 'close' },
      { type: 'theme', theme: 'auto' },
    ] as const) {
      expect(parseHostMessage(hostMessage(command))).toEqual(hostMessage(command));
    }
  });
});
