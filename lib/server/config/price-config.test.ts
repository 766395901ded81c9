import { describe, expect, it } from 'vitest';
import { buildConfig } from './schema';

const fileOf = (provider: Record<string, unknown>) => () =>
  JSON.stringify([{ id: 'gpu', label: 'GPU', baseURL: 'http://gpu.test/v1', ...provider }]);
const build = (provider: Record<string, unknown>) =>
  buildConfig({ PROVIDERS_FILE: 'p.json' }, fileOf(provider));

describe('prices in the providers file', () => {
  it('reads a provider price, a model price and the GPUs', () => {
    const config = build({
      price: { input: 0.5, output: 1.5, currency: 'EUR' },
      gpuHourly: 2.4,
      gpus: 4,
      models: ['a', { id: 'b', price: { input: 1, output: 2, cachedInput: 0.1, currency: 'EUR' } }],
    });
    expect(config.providers[0]).toMatchObject({
      // `per` defaults to a million tokens.
      price: { input: 0.5, output: 1.5, per: 1_000_000, currency: 'EUR' },
      gpu: { hourly: 2.4, gpus: 4 },
      models: [{ id: 'a' }, { id: 'b', price: { input: 1, cachedInput: 0.1, per: 1_000_000 } }],
    });
  });

  it('takes a GPU-only provider with just the currency', () => {
    const config = build({ price: { currency: 'USD' }, gpuHourly: 2 });
    expect(config.providers[0]).toMatchObject({ gpu: { hourly: 2, gpus: 1 } });
  });

  it('names the field that is wrong', () => {
    expect(() => build({ price: { input: -1, output: 1, currency: 'EUR' } })).toThrow(
      /providers\.0\.price\.input/,
    );
    expect(() => build({ price: { input: 1, output: 1, currency: 'euro' } })).toThrow(
      /price\.currency: a three-letter ISO 4217 code/,
    );
    expect(() => build({ price: { input: 1, currency: 'EUR' } })).toThrow(
      /price\.output: give both input and output/,
    );
    expect(() => build({ gpuHourly: 2 })).toThrow(
      /gpuHourly: needs the provider's price\.currency/,
    );
    expect(() => build({ gpus: 2 })).toThrow(/gpus: gpus needs gpuHourly/);
    expect(() =>
      build({
        price: { currency: 'EUR' },
        gpuHourly: 2,
        models: [{ id: 'b', price: { input: 1, output: 2, currency: 'USD' } }],
      }),
    ).toThrow(/model "b": price\.currency USD differs/);
  });
});
