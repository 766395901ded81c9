import { describe, expect, it } from 'vitest';
import { createVisitor } from './visitor';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
    key: () => null,
    get length() {
      return map.size;
    },
  };
}

describe('createVisitor', () => {
  it('keeps one id in storage and sends it, with the verified host origin', async () => {
    const storage = memoryStorage();
    const seen: Headers[] = [];
    const base = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Headers(init?.headers));
      return new Response('');
    }) as typeof fetch;
    const visitor = createVisitor(() => storage, base);
    expect(createVisitor(() => storage, base).id).toBe(visitor.id);
    await visitor.fetch('/api/chat', { headers: { 'Content-Type': 'application/json' } });
    visitor.setHostOrigin('https://site.test');
    await visitor.fetch('/api/chat', {});
    expect(seen[0]!.get('x-runnel-visitor')).toBe(visitor.id);
    expect(seen[0]!.get('content-type')).toBe('application/json');
    expect(seen[0]!.has('x-runnel-host-origin')).toBe(false);
    expect(seen[1]!.get('x-runnel-host-origin')).toBe('https://site.test');
  });

  it('works without storage', () => {
    const blocked = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    expect(createVisitor(blocked, fetch).id).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  });
});
