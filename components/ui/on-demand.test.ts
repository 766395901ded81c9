import { describe, expect, it } from 'vitest';
import { onDemand } from './on-demand';

describe('onDemand', () => {
  it('imports once, and has the module once it loaded', async () => {
    let imports = 0;
    const mod = onDemand(async () => ({ n: ++imports }));
    expect(mod.current()).toBeNull();
    const [a, b] = await Promise.all([mod.load(), mod.load()]);
    expect(a).toBe(b);
    expect(imports).toBe(1);
    expect(mod.current()).toBe(a);
  });

  it('tries a failed import again on the next load', async () => {
    let attempts = 0;
    const mod = onDemand(async () => {
      if (++attempts === 1) throw new Error('chunk failed to load');
      return { ok: true };
    });
    await expect(mod.load()).rejects.toThrow('chunk failed');
    expect(mod.current()).toBeNull();
    await expect(mod.load()).resolves.toEqual({ ok: true });
    expect(attempts).toBe(2);
  });
});
