import { describe, expect, it } from 'vitest';
import { buildConfig, configSecrets } from './schema';
import { ConfigError } from './config-error';
import { EMBED_DEFAULTS } from './limits-schema';

const noFile = () => {
  throw new Error('no file expected');
};

describe('limits configuration', () => {
  it('defaults: no limit for the app, the widget limited, memory state', () => {
    const { limits, providers } = buildConfig({}, noFile);
    expect(limits).toEqual({
      user: {},
      embed: {
        rpm: EMBED_DEFAULTS.rpm,
        concurrent: EMBED_DEFAULTS.concurrent,
        tokensPerDay: EMBED_DEFAULTS.tokensPerDay,
        hostRpm: EMBED_DEFAULTS.hostRpm,
      },
      queueTimeoutMs: 30_000,
    });
    expect(providers[0]!.maxConcurrentStreams).toBeUndefined();
  });

  it('reads every variable; 0 turns a widget limit off', () => {
    const { limits, providers } = buildConfig(
      {
        RATE_LIMIT_RPM: '10',
        RATE_LIMIT_CONCURRENT: '2',
        RATE_LIMIT_TOKENS_PER_DAY: '50000',
        EMBED_RATE_LIMIT_RPM: '0',
        EMBED_RATE_LIMIT_CONCURRENT: '1',
        EMBED_RATE_LIMIT_TOKENS_PER_DAY: '0',
        EMBED_RATE_LIMIT_HOST_RPM: '100',
        EMBED_MODELS: 'a, gpu:b',
        MAX_CONCURRENT_STREAMS: '4',
        QUEUE_TIMEOUT_MS: '5000',
        REDIS_URL: 'redis://:pw%40x@127.0.0.1:6379/0',
      },
      noFile,
    );
    expect(limits).toEqual({
      user: { rpm: 10, concurrent: 2, tokensPerDay: 50_000 },
      embed: { concurrent: 1, hostRpm: 100 },
      embedModels: ['a', 'gpu:b'],
      maxConcurrentStreams: 4,
      queueTimeoutMs: 5000,
      redisUrl: 'redis://:pw%40x@127.0.0.1:6379/0',
    });
    expect(providers[0]!.maxConcurrentStreams).toBe(4);
  });

  it("takes a provider's own maxConcurrentStreams over MAX_CONCURRENT_STREAMS", () => {
    const file = JSON.stringify([
      { id: 'a', label: 'A', baseURL: 'http://a.test/v1', maxConcurrentStreams: 1 },
      { id: 'b', label: 'B', baseURL: 'http://b.test/v1' },
    ]);
    const { providers } = buildConfig(
      { PROVIDERS_FILE: 'p.json', MAX_CONCURRENT_STREAMS: '3' },
      () => file,
    );
    expect(providers.map((p) => p.maxConcurrentStreams)).toEqual([1, 3]);
  });

  it.each([
    ['RATE_LIMIT_RPM', 'ten'],
    ['RATE_LIMIT_CONCURRENT', '-1'],
    ['EMBED_RATE_LIMIT_TOKENS_PER_DAY', '1.5'],
    ['MAX_CONCURRENT_STREAMS', '2x'],
    ['QUEUE_TIMEOUT_MS', '0'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
  ])('refuses %s=%s naming the variable', (name, value) => {
    expect(() => buildConfig({ [name]: value }, noFile)).toThrow(ConfigError);
    expect(() => buildConfig({ [name]: value }, noFile)).toThrow(name);
  });

  it('never echoes a REDIS_URL it refuses, and redacts its password', () => {
    expect(() => buildConfig({ REDIS_URL: 'not a url secret-pw' }, noFile)).toThrow(
      /^(?!.*secret-pw)/,
    );
    const config = buildConfig({ REDIS_URL: 'redis://user:s3cret@127.0.0.1:6379' }, noFile);
    expect(configSecrets(config)).toContain('s3cret');
  });
});
