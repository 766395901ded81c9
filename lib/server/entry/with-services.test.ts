import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envSchema } from '../config/schema';
import type { Services } from './services';

const KEY = 'rnl-config-key-31b7c0de5a';

/** with-services as a fresh server process would load it (the configuration is read once). */
async function freshWithServices() {
  vi.resetModules();
  return (await import('./with-services')).withServices;
}

/** Starts from a clean environment: of the variables Runnel reads, only what each test sets. */
function stubEnvironment(env: Record<string, string>): void {
  for (const name of Object.keys(envSchema.shape)) vi.stubEnv(name, undefined);
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('withServices: configuration errors', () => {
  it.each([
    [{ MAX_OUTPUT_TOKENS: 'lots' }, 'MAX_OUTPUT_TOKENS'],
    [{ PROVIDER_PRESET: 'nope' }, 'PROVIDER_PRESET'],
    [{ PROVIDERS_FILE: '/nonexistent/providers.json' }, 'PROVIDERS_FILE'],
  ])('answers 500 configuration_error naming the variable (%#)', async (env, name) => {
    stubEnvironment({ OPENAI_API_KEY: KEY, ...env });
    const withServices = await freshWithServices();
    const handler = vi.fn(async () => new Response('reached'));
    const response = await withServices(handler);
    expect(handler).not.toHaveBeenCalled();
    expect(response.status).toBe(500);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('configuration_error');
    expect(body.error.message).toContain(name);
    expect(JSON.stringify(body)).not.toContain(KEY);
    // Logged once for the operator, naming the variable too — never the key.
    expect(console.error).toHaveBeenCalledOnce();
    const logged = String(vi.mocked(console.error).mock.calls[0]?.[0]);
    expect(logged).toContain(name);
    expect(logged).not.toContain(KEY);
  });

  it('hands a valid configuration to the route, with the configured key among the secrets', async () => {
    stubEnvironment({ OPENAI_API_KEY: KEY, MAX_OUTPUT_TOKENS: '100' });
    const withServices = await freshWithServices();
    let services: Services | undefined;
    const response = await withServices(async (r) => {
      services = r;
      return new Response('reached');
    });
    expect(await response.text()).toBe('reached');
    expect(services?.config.maxOutputTokens).toBe(100);
    expect(services?.secrets).toEqual([KEY]);
    // The request log masks it whatever field it ends up in.
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    services?.log({ event: 'chat', errorMessage: `echoed ${KEY}` });
    const line = String(write.mock.calls.at(-1)?.[0]);
    expect(line).toContain('echoed [redacted]');
    expect(line).not.toContain(KEY);
  });
});
