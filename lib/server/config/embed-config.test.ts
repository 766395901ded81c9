import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('getEmbedAllowlist: an invalid EMBED_ALLOWED_ORIGINS fails closed', () => {
  it('refuses every embedder and says why, naming the variable, once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubEnv('EMBED_ALLOWED_ORIGINS', 'example.test');
    vi.resetModules();
    const { getEmbedAllowlist } = await import('./embed-config');
    expect(getEmbedAllowlist()).toEqual([]);
    expect(getEmbedAllowlist()).toEqual([]);
    expect(console.error).toHaveBeenCalledOnce();
    expect(String(vi.mocked(console.error).mock.calls[0]?.[0])).toContain('EMBED_ALLOWED_ORIGINS');
  });
});
