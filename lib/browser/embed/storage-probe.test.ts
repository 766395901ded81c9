import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { probeIndexedDb } from './storage-probe';

describe('probeIndexedDb', () => {
  it('is true where IndexedDB opens', async () => {
    await expect(probeIndexedDb(() => new IDBFactory())).resolves.toBe(true);
  });

  it('is false where it is missing, throws, fails or never answers', async () => {
    await expect(probeIndexedDb(() => undefined)).resolves.toBe(false);
    await expect(
      probeIndexedDb(() => {
        throw new DOMException('blocked', 'SecurityError');
      }),
    ).resolves.toBe(false);
    const failing = {
      open: () => {
        const request = {} as IDBOpenDBRequest;
        setTimeout(() => request.onerror?.call(request, new Event('error')), 0);
        return request;
      },
    } as unknown as IDBFactory;
    await expect(probeIndexedDb(() => failing)).resolves.toBe(false);
    const silent = { open: () => ({}) as IDBOpenDBRequest } as unknown as IDBFactory;
    await expect(probeIndexedDb(() => silent, 20)).resolves.toBe(false);
  });
});
