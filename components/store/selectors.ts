import type { ChatActions } from '@/lib/browser/chat/chat-actions';
import type { ChatState } from '@/lib/browser/chat/chat-state';
import type { Message } from '@/lib/browser/chat/message';

/**
 * The chat store's derived reads, in one place so components share one definition of "the open
 * conversation's …". Each returns a primitive or an existing object, so a subscription re-renders
 * only when that value changes.
 */
type S = ChatState & ChatActions;

/** The open conversation, if any. */
const active = (s: S) => (s.activeId ? s.conversations[s.activeId] : undefined);

/** Whether the open conversation has any message (else the new-chat screen shows). */
export const selectActiveHasMessages = (s: S): boolean => (active(s)?.messages.length ?? 0) > 0;

/**
 * Whether an answer streams in conversation `id`: run by this tab, or by another tab (its last
 * answer is still `streaming` — Stop then reaches that tab). O(1): read on every store update.
 */
const streaming = (s: S, id: string): boolean => {
  if (s.running[id]) return true;
  const last = s.conversations[id]?.messages.at(-1);
  return last?.role === 'assistant' && last.status === 'streaming';
};

/** Whether an answer is streaming in the open conversation. */
export const selectActiveRunning = (s: S): boolean =>
  s.activeId ? streaming(s, s.activeId) : false;

/** The open conversation's title. */
export const selectActiveTitle = (s: S): string | undefined => active(s)?.title;

/** The open conversation's model, or for a new chat the last one picked. */
export const selectChosenModel = (s: S): string | null =>
  s.activeId ? (active(s)?.model ?? null) : s.lastModel;

/** The open conversation's settings, or those a new chat starts with. */
export const selectActiveSettings = (s: S) => active(s)?.settings ?? s.newChatSettings;

/** Whether an answer is streaming in conversation `id`. */
export const selectRunning =
  (id: string) =>
  (s: S): boolean =>
    streaming(s, id);

const NO_MESSAGES: readonly Message[] = [];

/**
 * The open conversation's messages, or `kept` while an answer streams in it and it has as many
 * messages, the first the same: then only that answer changes, with every update. What reads a
 * whole conversation (the context estimate, its totals) works once when an answer starts and once
 * when it ends, not with each update (docs/performance.md).
 */
export const settledMessages = (kept: readonly Message[], s: S): readonly Message[] => {
  const next = active(s)?.messages ?? NO_MESSAGES;
  return selectActiveRunning(s) && next.length === kept.length && next[0] === kept[0] ? kept : next;
};
