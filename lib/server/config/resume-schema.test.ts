import { describe, expect, it } from 'vitest';
import { buildConfig } from './schema';

const noFile = () => {
  throw new Error('no file expected');
};

describe('resume configuration', () => {
  it('has the documented defaults', () => {
    expect(buildConfig({}, noFile).resume).toEqual({
      graceMs: 30_000,
      ttlMs: 300_000,
      maxBytes: 64 * 1024 * 1024,
      maxAnswerBytes: 4 * 1024 * 1024,
    });
  });

  it('reads the variables; one answer never keeps more than the total', () => {
    const config = buildConfig(
      { RESUME_GRACE_MS: '2500', RESUME_TTL_S: '5', RESUME_MAX_BYTES: '20000' },
      noFile,
    );
    expect(config.resume).toEqual({
      graceMs: 2500,
      ttlMs: 5000,
      maxBytes: 20_000,
      maxAnswerBytes: 20_000,
    });
  });

  it.each(['RESUME_GRACE_MS', 'RESUME_TTL_S', 'RESUME_MAX_BYTES'])(
    'refuses a bad %s, naming it',
    (name) => {
      expect(() => buildConfig({ [name]: 'soon' }, noFile)).toThrow(name);
      expect(() => buildConfig({ [name]: '0' }, noFile)).toThrow(name);
    },
  );
});
