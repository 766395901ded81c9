import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFrameBridge, type BridgeWindow } from './frame-bridge';
import { hostMessage, type HostMessageInput } from './frame-messages';

const HOST = 'https://host.test';

function setup(allowlist: '*' | string[] = [HOST], verifiedOrigin: string | null = null) {
  const listeners = new Set<(e: MessageEvent) => void>();
  const parent = { postMessage: vi.fn() };
  const win: BridgeWindow = {
    parent,
    addEventListener: (_t, l) => listeners.add(l),
    removeEventListener: (_t, l) => listeners.delete(l),
  };
  const onCommand = vi.fn();
  const onConnect = vi.fn();
  const bridge = createFrameBridge({ win, allowlist, onCommand, onConnect, verifiedOrigin });
  const deliver = (data: unknown, origin = HOST, source: unknown = parent) => {
    for (const l of listeners) l({ data, origin, source } as MessageEvent);
  };
  const from = (payload: HostMessageInput, origin = HOST, source: unknown = parent) =>
    deliver(hostMessage(payload), origin, source);
  return { bridge, parent, onCommand, onConnect, from, deliver, listeners };
}

describe('createFrameBridge', () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup();
  });

  it('sends nothing before the handshake', () => {
    expect(t.bridge.send({ type: 'unread', count: 1 })).toBe(false);
    expect(t.parent.postMessage).not.toHaveBeenCalled();
  });

  it('completes the handshake with an allowed parent and then talks to its origin only', () => {
    t.from({ type: 'hello' });
    expect(t.bridge.parentOrigin()).toBe(HOST);
    expect(t.onConnect).toHaveBeenCalledWith(HOST);
    expect(t.parent.postMessage).toHaveBeenLastCalledWith(
      { protocol: 'runnel-embed', version: 1, type: 'ready' },
      HOST,
    );
    expect(t.bridge.send({ type: 'answer', outcome: 'complete' })).toBe(true);
    for (const call of t.parent.postMessage.mock.calls) expect(call[1]).toBe(HOST);
  });

  it('passes commands from the verified parent on', () => {
    t.from({ type: 'hello' });
    t.from({ type: 'open' });
    t.from({ type: 'theme', theme: 'dark' });
    expect(t.onCommand.mock.calls.map((c) => c[0].type)).toEqual(['open', 'theme']);
  });

  it('answers a repeated hello again without reconnecting', () => {
    t.from({ type: 'hello' });
    t.from({ type: 'hello' });
    expect(t.parent.postMessage).toHaveBeenCalledTimes(2);
    expect(t.onConnect).toHaveBeenCalledTimes(1);
  });

  it('ignores a parent whose origin is not allowed', () => {
    t.from({ type: 'hello' }, 'https://evil.test');
    t.from({ type: 'hello' }, 'null');
    expect(t.bridge.parentOrigin()).toBeNull();
    expect(t.parent.postMessage).not.toHaveBeenCalled();
  });

  it('ignores other frames, even claiming an allowed origin', () => {
    const sibling = { postMessage: vi.fn() };
    t.from({ type: 'hello' }, HOST, sibling);
    expect(t.bridge.parentOrigin()).toBeNull();
    t.from({ type: 'hello' });
    t.from({ type: 'theme', theme: 'dark' }, HOST, sibling);
    t.from({ type: 'close' }, 'https://evil.test');
    expect(t.onCommand).not.toHaveBeenCalled();
  });

  it('ignores invalid messages and commands before the handshake', () => {
    t.from({ type: 'open' });
    t.deliver({ protocol: 'runnel-embed', version: 1, type: 'hello', extra: 1 });
    t.deliver('hello');
    expect(t.bridge.parentOrigin()).toBeNull();
    expect(t.onCommand).not.toHaveBeenCalled();
  });

  it('accepts any http(s) parent with *', () => {
    const star = setup('*');
    star.from({ type: 'hello' }, 'https://anyone.test');
    expect(star.bridge.parentOrigin()).toBe('https://anyone.test');
  });

  it('handles events received before it existed like live ones', () => {
    t.bridge.receive({
      data: hostMessage({ type: 'hello' }),
      origin: HOST,
      source: t.parent,
    } as unknown as MessageEvent);
    expect(t.bridge.parentOrigin()).toBe(HOST);
    t.bridge.receive({
      data: hostMessage({ type: 'hello' }),
      origin: HOST,
      source: {},
    } as unknown as MessageEvent);
    expect(t.parent.postMessage).toHaveBeenCalledTimes(1);
  });

  it('takes over an origin verified by an earlier bridge, if still allowed', () => {
    const resumed = setup([HOST], HOST);
    expect(resumed.bridge.parentOrigin()).toBe(HOST);
    resumed.from({ type: 'open' });
    expect(resumed.onCommand).toHaveBeenCalledTimes(1);
    expect(setup([HOST], 'https://evil.test').bridge.parentOrigin()).toBeNull();
  });

  it('stops listening when disposed', () => {
    t.bridge.dispose();
    expect(t.listeners.size).toBe(0);
  });
});
