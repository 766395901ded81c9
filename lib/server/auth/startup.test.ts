import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** What `startAccess` writes to the console with `env` set, in a fresh copy of the modules. */
async function startWith(env: Record<string, string>) {
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.stubEnv('PORT', '3000');
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.resetModules();
  const { startAccess } = await import('./startup');
  startAccess();
  const lines = (spy: typeof error) => spy.mock.calls.map((call) => String(call[0]));
  return { errors: lines(error), warnings: lines(warn) };
}

describe('startAccess', () => {
  it.each([
    ['RATE_LIMIT_RPM', { RATE_LIMIT_RPM: 'ten' }],
    ['AUTH_SECRET', { ACCESS_CODES: 'team:a-long-enough-code' }],
    ['FORWARDED_ALLOW_IPS', { FORWARDED_ALLOW_IPS: 'nginx' }],
    [
      'EMBED_MODELS',
      {
        AUTH_SECRET: 'a-test-secret-that-is-at-least-32-bytes-long',
        ACCESS_CODES: 'team:a-long-enough-code',
        EMBED_ALLOWED_ORIGINS: 'https://site.test',
      },
    ],
    [
      'PUBLIC_URL',
      {
        AUTH_SECRET: 'a-test-secret-that-is-at-least-32-bytes-long',
        ACCESS_CODES: 'team:a-long-enough-code',
        NODE_ENV: 'production',
      },
    ],
  ])('logs one start-up error naming %s when its value is bad', async (name, env) => {
    const { errors } = await startWith(env);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^\[runnel\] Invalid configuration: /);
    expect(errors[0]).toContain(name);
    expect(errors[0]).toContain('requests fail until it is fixed');
  });

  it('warns, one line each, about what is risky in a valid setup', async () => {
    const { errors, warnings } = await startWith({
      AUTH_SECRET: 'a-test-secret-that-is-at-least-32-bytes-long',
      ACCESS_CODES: 'x7q',
    });
    expect(errors).toEqual([]);
    expect(warnings).toEqual([expect.stringMatching(/^\[runnel\] warning: ACCESS_CODES: entry 1/)]);
    expect(warnings.join('\n')).not.toContain('x7q');
  });
});
