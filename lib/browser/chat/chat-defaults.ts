import { DEFAULT_SETTINGS, type ConversationSettings } from './conversation';

/** `localStorage` key of the defaults for new chats (the chat page's; the widget has none). */
export const CHAT_DEFAULTS_KEY = 'runnel:chat-defaults';

/** Longest system prompt kept as a default (a long one belongs in a conversation). */
const MAX_PROMPT = 100_000;

/**
 * The reader's defaults for new chats — custom instructions (a system prompt), temperature and max
 * tokens — from what `raw` holds; the model's own defaults for anything missing or malformed.
 */
export function parseChatDefaults(raw: string | null): ConversationSettings {
  if (!raw) return DEFAULT_SETTINGS;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return DEFAULT_SETTINGS;
  }
  if (!value || typeof value !== 'object') return DEFAULT_SETTINGS;
  const v = value as Record<string, unknown>;
  const temperature =
    typeof v.temperature === 'number' && v.temperature >= 0 && v.temperature <= 2
      ? v.temperature
      : null;
  const maxTokens =
    typeof v.maxTokens === 'number' && Number.isInteger(v.maxTokens) && v.maxTokens >= 1
      ? v.maxTokens
      : null;
  return {
    ...DEFAULT_SETTINGS,
    systemPrompt: typeof v.systemPrompt === 'string' ? v.systemPrompt.slice(0, MAX_PROMPT) : '',
    temperature,
    maxTokens,
  };
}

/** What is kept of `settings` as defaults (the reasoning effort goes with a model, not a reader). */
export function serializeChatDefaults(settings: ConversationSettings): string {
  const { systemPrompt, temperature, maxTokens } = settings;
  return JSON.stringify({ systemPrompt, temperature, maxTokens });
}

/** Whether a conversation's settings differ from the defaults in what the defaults hold. */
export function hasOwnSettings(
  settings: ConversationSettings,
  defaults: ConversationSettings,
): boolean {
  return (
    settings.systemPrompt !== defaults.systemPrompt ||
    settings.temperature !== defaults.temperature ||
    settings.maxTokens !== defaults.maxTokens
  );
}
