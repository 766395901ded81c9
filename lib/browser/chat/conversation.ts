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
  /** The shown path: the messages on screen, sent as history, in order (versions.ts). */
  messages: Message[];
  /**
   * Versions: for each message with more than one child, its children's ids, oldest first. The key
   * is the parent's id, `ROOT` for the first message. Absent while nothing was regenerated or edited.
   */
  versions?: Record<string, string[]>;
  /** Messages off the shown path (earlier versions and the turns written under them), by id. */
  hidden?: Record<string, HiddenMessage>;
  /**
   * Ids of messages taken back (a question a limit refused): a merge with a copy that still has
   * them leaves them out.
   */
  removed?: string[];
  /** Pinned conversations are listed first in the sidebar. */
  pinned?: boolean;
  /**
   * When fields another tab may also change were last changed (epoch ms): when two tabs saved
   * different values, the later change wins (conversation-merge.ts).
   */
  changed?: Partial<Record<TrackedField, number>>;
}

/** Conversation fields whose last change is timed for merging. */
export type TrackedField = 'title' | 'pinned' | 'model' | 'settings';

/** A message that is not on the shown path. */
export interface HiddenMessage {
  /** The id of the message it follows; `ROOT` for a first message. */
  parent: string;
  /** When it left the shown path: of several hidden children, the last one shown comes back. */
  hiddenAt: number;
  message: Message;
}

/** The parent key of first messages (message ids are never empty). */
export const ROOT = '';

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
