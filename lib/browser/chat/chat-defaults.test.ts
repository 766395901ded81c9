import { describe, expect, it } from 'vitest';
import { parseChatDefaults, serializeChatDefaults, hasOwnSettings } from './chat-defaults';
import { DEFAULT_SETTINGS } from './conversation';

describe('defaults for new chats', () => {
  it('round-trips what a reader sets', () => {
    const mine = {
      ...DEFAULT_SETTINGS,
      systemPrompt: 'Be brief.',
      temperature: 0.3,
      maxTokens: 500,
    };
    expect(parseChatDefaults(serializeChatDefaults(mine))).toEqual(mine);
  });

  it('falls back to the model defaults for anything malformed', () => {
    expect(parseChatDefaults(null)).toEqual(DEFAULT_SETTINGS);
    expect(parseChatDefaults('{')).toEqual(DEFAULT_SETTINGS);
    expect(parseChatDefaults('{"temperature":9,"maxTokens":-2,"systemPrompt":3}')).toEqual(
      DEFAULT_SETTINGS,
    );
  });

  it('tells a chat with its own settings', () => {
    const defaults = { ...DEFAULT_SETTINGS, systemPrompt: 'Be brief.' };
    expect(hasOwnSettings(defaults, defaults)).toBe(false);
    expect(hasOwnSettings({ ...defaults, temperature: 1 }, defaults)).toBe(true);
    expect(hasOwnSettings({ ...defaults, reasoningEffort: 'high' }, defaults)).toBe(false);
  });
});
