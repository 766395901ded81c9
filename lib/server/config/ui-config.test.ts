import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error';
import { buildUiConfig } from './ui-config';

describe('buildUiConfig', () => {
  it('has no prompts and the default image edge when nothing is set', () => {
    expect(buildUiConfig({})).toEqual({
      suggestedPrompts: [],
      imageMaxEdge: 1568,
      imageMaxEdgeSet: false,
      titleModel: null,
      signInHint: null,
    });
  });

  it('reads the sign-in hint, one line', () => {
    expect(buildUiConfig({ SIGN_IN_HINT: ' Ask IT for a code. ' }).signInHint).toBe(
      'Ask IT for a code.',
    );
    expect(() => buildUiConfig({ SIGN_IN_HINT: 'two\nlines' })).toThrow(/SIGN_IN_HINT/);
  });

  it('reads the model that names conversations', () => {
    expect(buildUiConfig({ TITLE_MODEL: ' vllm:small ' }).titleModel).toBe('vllm:small');
    expect(buildUiConfig({ TITLE_MODEL: 'off' }).titleModel).toBe('off');
    expect(buildUiConfig({ TITLE_MODEL: '' }).titleModel).toBeNull();
  });

  it('reads prompts separated by | or as a JSON array', () => {
    expect(
      buildUiConfig({ SUGGESTED_PROMPTS: ' Plan a trip | Explain, simply, DNS |' })
        .suggestedPrompts,
    ).toEqual(['Plan a trip', 'Explain, simply, DNS']);
    expect(buildUiConfig({ SUGGESTED_PROMPTS: '["A | B", "C"]' }).suggestedPrompts).toEqual([
      'A | B',
      'C',
    ]);
  });

  it('names the variable when a value is wrong', () => {
    expect(() => buildUiConfig({ SUGGESTED_PROMPTS: '[1, 2]' })).toThrow(ConfigError);
    expect(() => buildUiConfig({ SUGGESTED_PROMPTS: '[oops' })).toThrow(/SUGGESTED_PROMPTS/);
    expect(() => buildUiConfig({ SUGGESTED_PROMPTS: Array(9).fill('x').join('|') })).toThrow(
      /SUGGESTED_PROMPTS: at most 8 prompts/,
    );
    expect(() => buildUiConfig({ IMAGE_MAX_EDGE: '20' })).toThrow(/IMAGE_MAX_EDGE/);
    expect(() => buildUiConfig({ IMAGE_MAX_EDGE: '1.5' })).toThrow(/IMAGE_MAX_EDGE/);
  });

  it('takes an image edge in range', () => {
    expect(buildUiConfig({ IMAGE_MAX_EDGE: '1024' })).toMatchObject({
      imageMaxEdge: 1024,
      imageMaxEdgeSet: true,
    });
  });

  it("carries the main command's notice when it fell back to the scenario backend", () => {
    expect(buildUiConfig({}).notice).toBeUndefined();
    expect(buildUiConfig({ LOCAL_MODEL_NOTICE: ' No local model: CMake not found ' }).notice).toBe(
      'No local model: CMake not found',
    );
  });
});
