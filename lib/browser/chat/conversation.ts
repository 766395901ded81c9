import type { ReasoningEffort } from '../../protocol/chat-request';
import type { Message } from './message';

/** Generation settings kept with each conversation. `null` means "the model's default". */
export interface ConversationSettings {
  systemPrompt: string;
  temperature: number | null;
  maxTokens: number | null;
  reasoningEffort: ReasoningEffort | null;
}

/** Model defaults: backends ship the sampling settings their model authors recommend. */
export const DEFAULT_SETTINGS: ConversationSettings = {
  systemPrompt: '',
  temperature: null,
  maxTokens: null,
  reasoningEffort: null,
};

export interface Conversation {
  id: string;
  title: string;
  /** True once the user renamed it: the title is no longer derived from the first message. */
  titleEdited?: boolean;
  createdAt: number;
  /** Last time a message was sent: the sidebar's order (most recent first). */
  updatedAt: number;
  model: string | null;
  settings: ConversationSettings;
  messages: Message[];
}

/** The default title until the first message gives it one. */
export const UNTITLED = 'New chat';

/** An empty conversation. */
export function createConversation(
  id: string,
  model: string | null,
  now: number,
  settings = DEFAULT_SETTINGS,
): Conversation {
  return {
    id,
    title: UNTITLED,
    createdAt: now,
    updatedAt: now,
    model,
    settings: { ...settings },
    messages: [],
  };
}

/** A title from the first message: its first line, shortened at a word boundary. */
export function deriveTitle(text: string, max = 48): string {
  const line = text.trim().split('\n', 1)[0]?.replace(/\s+/g, ' ').trim() ?? '';
  if (!line) return UNTITLED;
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Ids of conversations, most recently used first. */
export function sortByRecent(conversations: readonly Conversation[]): string[] {
  return [...conversations].sort((a, b) => b.updatedAt - a.updatedAt).map((c) => c.id);
}
