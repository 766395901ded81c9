import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error';
import { envSchema } from './schema';
import { parseEmbedAllowedOrigins } from './embed-config';

describe('EMBED_ALLOWED_ORIGINS', () => {
  it('is optional in the environment schema', () => {
    expect(envSchema.parse({}).EMBED_ALLOWED_ORIGINS).toBeUndefined();
    expect(envSchema.parse({ EMBED_ALLOWED_ORIGINS: ' ' }).EMBED_ALLOWED_ORIGINS).toBeUndefined();
    expect(envSchema.parse({ EMBED_ALLOWED_ORIGINS: 'https://a.test' }).EMBED_ALLOWED_ORIGINS).toBe(
      'https://a.test',
    );
  });

  it('parses to nobody, everybody or a list', () => {
    expect(parseEmbedAllowedOrigins(undefined)).toEqual([]);
    expect(parseEmbedAllowedOrigins('*')).toBe('*');
    expect(parseEmbedAllowedOrigins('https://a.test, http://localhost:4020/')).toEqual([
      'https://a.test',
      'http://localhost:4020',
    ]);
  });

  it('names the variable when an entry is not an origin', () => {
    expect(() => parseEmbedAllowedOrigins('a.test')).toThrow(ConfigError);
    expect(() => parseEmbedAllowedOrigins('a.test')).toThrow(/EMBED_ALLOWED_ORIGINS/);
  });
});
