import { describe, expect, it } from 'vitest';
import { configuredBackend, localModelChoice } from './local-model';

describe('localModelChoice', () => {
  it('is the built-in model by default, off when asked, or a GGUF file of ones own', () => {
    expect(localModelChoice({})).toEqual({ kind: 'builtin' });
    expect(localModelChoice({ LOCAL_MODEL: 'SmolLM2' })).toEqual({ kind: 'builtin' });
    expect(localModelChoice({ LOCAL_MODEL: 'off' })).toEqual({ kind: 'off' });
    expect(localModelChoice({ LOCAL_MODEL: '/models/qwen.gguf' })).toEqual({
      kind: 'file',
      path: '/models/qwen.gguf',
    });
    expect(() => localModelChoice({ LOCAL_MODEL: 'gpt-5' })).toThrow(/LOCAL_MODEL/);
  });
});

describe('configuredBackend', () => {
  it('names the variable that configures a backend, so no local model is started', () => {
    expect(configuredBackend({})).toBeNull();
    expect(configuredBackend({ OPENAI_BASE_URL: 'http://gpu:8000/v1' })).toBe('OPENAI_BASE_URL');
    expect(configuredBackend({ PROVIDERS_FILE: 'p.json' })).toBe('PROVIDERS_FILE');
    expect(configuredBackend({ OPENAI_BASE_URLS: 'http://a/v1,http://b/v1' })).toBe(
      'OPENAI_BASE_URLS',
    );
  });
});
