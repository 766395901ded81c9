import { describe, expect, it } from 'vitest';
import { buildConfig, configSecrets } from './schema';
import { ConfigError } from './config-error';

const noFile = () => {
  throw new Error('no file expected');
};

describe('buildConfig', () => {
  it('has the documented defaults', () => {
    const config = buildConfig({}, noFile);
    expect(config).toMatchObject({
      multiProvider: false,
      maxOutputTokens: 4096,
      maxRequestBytes: 8 * 1024 * 1024,
      upstreamHeadersTimeoutMs: 60_000,
      upstreamIdleTimeoutMs: 180_000,
      keepaliveIntervalMs: 15_000,
      ops: { logLevel: 'info', shutdownGraceMs: 25_000, benchRawPipe: false },
    });
    expect(config.providers).toEqual([
      {
        id: 'vllm',
        label: 'vllm',
        baseURL: 'http://localhost:8000/v1',
        baseURLs: ['http://localhost:8000/v1'],
        preset: 'vllm',
        models: [],
        modelsAreAllowlist: false,
      },
    ]);
  });

  it('reads the single-provider variables', () => {
    const config = buildConfig(
      {
        OPENAI_BASE_URL: 'https://api.example.test/v1/',
        OPENAI_API_KEY: 'k-123',
        PROVIDER_PRESET: 'ark',
        MODELS: 'a, b=completion ,c=chat',
        DEFAULT_MODEL: 'b',
        MAX_OUTPUT_TOKENS: '100',
        SYSTEM_PROMPT: 'Be kind.',
      },
      noFile,
    );
    expect(config.providers[0]).toMatchObject({
      baseURL: 'https://api.example.test/v1',
      apiKey: 'k-123',
      preset: 'ark',
      modelsAreAllowlist: true,
      models: [{ id: 'a' }, { id: 'b', kind: 'completion' }, { id: 'c', kind: 'chat' }],
    });
    expect(config).toMatchObject({
      defaultModel: 'b',
      maxOutputTokens: 100,
      systemPrompt: 'Be kind.',
    });
  });

  it.each([
    [{ PROVIDER_PRESET: 'nope' }, 'PROVIDER_PRESET'],
    [{ MAX_OUTPUT_TOKENS: 'lots' }, 'MAX_OUTPUT_TOKENS'],
    [{ OPENAI_BASE_URL: 'ftp://x' }, 'OPENAI_BASE_URL'],
    [{ UPSTREAM_IDLE_TIMEOUT_MS: '600000' }, 'UPSTREAM_IDLE_TIMEOUT_MS'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SHUTDOWN_GRACE_MS: '-1' }, 'SHUTDOWN_GRACE_MS'],
    [{ BENCH_RAW_PIPE: 'yes' }, 'BENCH_RAW_PIPE'],
    [{ OPENAI_BASE_URLS: 'http://a.test/v1,ftp://b' }, 'OPENAI_BASE_URLS'],
    [
      { OPENAI_BASE_URLS: 'http://a.test/v1', OPENAI_BASE_URL: 'http://b.test/v1' },
      'OPENAI_BASE_URLS',
    ],
  ])('names the bad variable (%#)', (env, name) => {
    expect(() => buildConfig(env, noFile)).toThrow(ConfigError);
    expect(() => buildConfig(env, noFile)).toThrow(name);
  });

  it('reads a providers file, with keys from the variables it names', () => {
    const file = JSON.stringify([
      {
        id: 'gpu',
        label: 'GPU',
        baseURL: 'http://gpu.test/v1',
        apiKeyEnv: 'GPU_KEY',
        models: ['x', 'y=completion', { id: 'z', vision: true, thinkPrefilled: true }],
      },
      { id: 'ark', label: 'ARK', baseURL: 'https://ark.test/api/v1', preset: 'ark' },
    ]);
    const config = buildConfig({ PROVIDERS_FILE: 'p.json', GPU_KEY: 'secret' }, () => file);
    expect(config.multiProvider).toBe(true);
    expect(config.providers[0]).toMatchObject({
      id: 'gpu',
      apiKey: 'secret',
      preset: 'vllm',
      modelsAreAllowlist: false,
      models: [
        { id: 'x' },
        { id: 'y', kind: 'completion' },
        { id: 'z', vision: true, thinkPrefilled: true },
      ],
    });
    expect(config.providers[1]).not.toHaveProperty('apiKey');
  });

  it('refuses a broken providers file clearly', () => {
    expect(() => buildConfig({ PROVIDERS_FILE: 'p.json' }, () => '{')).toThrow(/PROVIDERS_FILE/);
    expect(() => buildConfig({ PROVIDERS_FILE: 'p.json' }, () => '[{"id":"a"}]')).toThrow(
      /Invalid PROVIDERS_FILE/,
    );
    const dup = JSON.stringify([
      { id: 'a', label: 'A', baseURL: 'http://a.test' },
      { id: 'a', label: 'B', baseURL: 'http://b.test' },
    ]);
    expect(() => buildConfig({ PROVIDERS_FILE: 'p.json' }, () => dup)).toThrow(/duplicate/);
  });

  it('reads the operations variables', () => {
    const config = buildConfig(
      {
        METRICS_TOKEN: ' metrics-token-0123456789 ',
        LOG_LEVEL: 'DEBUG',
        SHUTDOWN_GRACE_MS: '0',
        BENCH_RAW_PIPE: '1',
      },
      noFile,
    );
    expect(config.ops).toEqual({
      metricsToken: 'metrics-token-0123456789',
      logLevel: 'debug',
      shutdownGraceMs: 0,
      benchRawPipe: true,
    });
    expect(configSecrets(config)).toContain('metrics-token-0123456789');
  });

  it('takes replicas from OPENAI_BASE_URLS and from baseURLs in a providers file', () => {
    const single = buildConfig(
      { OPENAI_BASE_URLS: 'http://a.test/v1/, http://b.test/v1,http://a.test/v1' },
      noFile,
    );
    expect(single.providers[0]).toMatchObject({
      baseURL: 'http://a.test/v1',
      baseURLs: ['http://a.test/v1', 'http://b.test/v1'],
    });
    const file = JSON.stringify([
      { id: 'gpu', label: 'GPU', baseURLs: ['http://g1.test/v1', 'http://g2.test/v1'] },
    ]);
    const multi = buildConfig({ PROVIDERS_FILE: 'p.json' }, () => file);
    expect(multi.providers[0]).toMatchObject({
      baseURL: 'http://g1.test/v1',
      baseURLs: ['http://g1.test/v1', 'http://g2.test/v1'],
    });
    const both = JSON.stringify([
      { id: 'gpu', label: 'GPU', baseURL: 'http://g.test/v1', baseURLs: ['http://g1.test/v1'] },
    ]);
    expect(() => buildConfig({ PROVIDERS_FILE: 'p.json' }, () => both)).toThrow(/baseURLs/);
  });

  it('marks providers with stateful sessions, only where the preset has them', () => {
    const file = (preset: string, extra: object) =>
      JSON.stringify([{ id: 'p', label: 'P', baseURL: 'https://p.test/v1', preset, ...extra }]);
    const on = buildConfig({ PROVIDERS_FILE: 'p.json' }, () =>
      file('ark', { statefulSessions: true, maxSessionTokens: 9000 }),
    );
    expect(on.providers[0]!.statefulSessions).toEqual({ maxTokens: 9000 });
    const off = buildConfig({ PROVIDERS_FILE: 'p.json' }, () => file('ark', {}));
    expect(off.providers[0]).not.toHaveProperty('statefulSessions');
    expect(() =>
      buildConfig({ PROVIDERS_FILE: 'p.json' }, () => file('vllm', { statefulSessions: true })),
    ).toThrow(/provider "p": statefulSessions needs a preset with sessions \(ark\)/);
  });
});
