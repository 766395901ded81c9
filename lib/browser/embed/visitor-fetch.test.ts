import { describe, expect, it } from 'vitest';
import { createVisitorFetch } from './visitor-fetch';
import { visitorId } from './visitor-id';

type Call = { url: string; headers: Headers };

function recorder(passes: string[]) {
  const calls: Call[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = String(input);
    calls.push({ url, headers: new Headers(init?.headers) });
    if (url === '/embed/pass')
      return Response.json({ pass: passes.shift(), expires_at: 10_000_000 });
    return new Response('{}');
  };
  return { calls, fetch };
}

describe('createVisitorFetch', () => {
  it('adds the visitor id and pass to API requests only', async () => {
    const { calls, fetch } = recorder([]);
    const visitor = createVisitorFetch({
      visitorId: 'v'.repeat(20),
      pass: { pass: 'p1', expires_at: 3_600_000 },
      fetch,
      now: () => 0,
    });
    await visitor('/api/models', { headers: { Accept: 'application/json' } });
    await visitor('/widget.js');
    expect(calls[0]!.headers.get('x-runnel-visitor')).toBe('v'.repeat(20));
    expect(calls[0]!.headers.get('x-runnel-embed-pass')).toBe('p1');
    expect(calls[0]!.headers.get('accept')).toBe('application/json');
    expect(calls[1]!.headers.get('x-runnel-visitor')).toBeNull();
  });

  it('renews the pass past half its life, once for concurrent requests', async () => {
    const { calls, fetch } = recorder(['p2']);
    let now = 0;
    const visitor = createVisitorFetch({
      visitorId: 'v'.repeat(20),
      pass: { pass: 'p1', expires_at: 3_600_000 },
      fetch,
      now: () => now,
    });
    now = 1_900_000;
    await Promise.all([visitor('/api/chat', { method: 'POST' }), visitor('/api/models')]);
    expect(calls.map((c) => c.url)).toEqual(['/embed/pass', '/api/chat', '/api/models']);
    expect(calls[1]!.headers.get('x-runnel-embed-pass')).toBe('p2');
  });

  it('sends no pass when the server gave none', async () => {
    const { calls, fetch } = recorder([]);
    await createVisitorFetch({ visitorId: 'v'.repeat(20), pass: null, fetch, now: () => 1e12 })(
      '/api/chat',
    );
    expect(calls.map((c) => c.url)).toEqual(['/api/chat']);
    expect(calls[0]!.headers.get('x-runnel-embed-pass')).toBeNull();
  });
});

describe('visitorId', () => {
  it('keeps one id in storage, and makes one up when storage is blocked', () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
    } as Storage;
    const first = visitorId(
      () => storage,
      () => 'a'.repeat(36),
    );
    expect(
      visitorId(
        () => storage,
        () => 'b'.repeat(36),
      ),
    ).toBe(first);
    expect(
      visitorId(
        () => {
          throw new Error('blocked');
        },
        () => 'c'.repeat(36),
      ),
    ).toBe('c'.repeat(36));
  });
});
