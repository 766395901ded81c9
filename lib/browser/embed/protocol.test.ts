import { describe, expect, it } from 'vitest';
import { frameMessage, hostMessage, parseFrameMessage, parseHostMessage } from './protocol';

const env = { protocol: 'runnel-embed', version: 1 };

describe('embed protocol', () => {
  it('accepts every message of each direction', () => {
    for (const m of [
      { type: 'hello' },
      { type: 'open' },
      { type: 'close' },
      { type: 'theme', theme: 'dark' },
    ]) {
      expect(parseHostMessage({ ...env, ...m })).toEqual({ ...env, ...m });
    }
    for (const m of [
      { type: 'ready' },
      { type: 'close' },
      { type: 'resize', expanded: true },
      { type: 'unread', count: 3 },
      { type: 'answer', outcome: 'stopped' },
    ]) {
      expect(parseFrameMessage({ ...env, ...m })).toEqual({ ...env, ...m });
    }
  });

  it('wraps payloads in the versioned envelope', () => {
    expect(frameMessage({ type: 'unread', count: 2 })).toEqual({
      ...env,
      type: 'unread',
      count: 2,
    });
    expect(hostMessage({ type: 'theme', theme: 'light' })).toEqual({
      ...env,
      type: 'theme',
      theme: 'light',
    });
  });

  it.each([
    ['another version', { protocol: 'runnel-embed', version: 2, type: 'ready' }],
    ['another protocol', { protocol: 'x', version: 1, type: 'ready' }],
    ['no envelope', { type: 'ready' }],
    ['an unknown type', { ...env, type: 'navigate' }],
    ['a URL smuggled in', { ...env, type: 'ready', url: 'https://evil.test' }],
    [
      'HTML smuggled in',
      { ...env, type: 'answer', outcome: 'complete', html: '<img onerror=alert(1)>' },
    ],
    ['a bad outcome', { ...env, type: 'answer', outcome: '<b>done</b>' }],
    ['a negative count', { ...env, type: 'unread', count: -1 }],
    ['a fractional count', { ...env, type: 'unread', count: 1.5 }],
    ['a huge count', { ...env, type: 'unread', count: 1e6 }],
    ['a string flag', { ...env, type: 'resize', expanded: 'yes' }],
    ['a string', 'ready'],
    ['null', null],
    ['an array', [env]],
  ])('refuses %s', (_label, data) => {
    expect(parseFrameMessage(data)).toBeNull();
  });

  it('keeps the directions apart', () => {
    expect(parseHostMessage({ ...env, type: 'ready' })).toBeNull();
    expect(parseFrameMessage({ ...env, type: 'hello' })).toBeNull();
    expect(parseHostMessage({ ...env, type: 'theme', theme: 'neon' })).toBeNull();
  });
});
