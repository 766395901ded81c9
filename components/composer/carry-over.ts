import { askModel, SUMMARY_REQUEST } from '@/lib/browser/chat/ask-model';
import { buildAnswerRequest, type ModelTraits } from '@/lib/browser/chat/build-request';
import { NEW_CHAT_DRAFT } from '@/lib/browser/chat/chat-state';
import type { ChatStore } from '@/lib/browser/chat/chat-store';
import type { ContextFit } from './use-context-fit';

/** Heads the summary in the new chat's system prompt. */
export const SUMMARY_HEADING = 'A summary of an earlier conversation this one continues:';

/**
 * Starts a new chat that carries the open one on: the model summarises the conversation (its
 * oldest turns left out if even that would not fit), the summary goes into the new chat's system
 * prompt after the conversation's own, and the draft moves over, unsent, for the reader to look at.
 * False when no summary came (the conversation stays as it was).
 */
export async function carryOver(
  store: ChatStore,
  fetchFn: typeof fetch,
  traits: ModelTraits,
  fit: ContextFit,
  draft: string,
): Promise<boolean> {
  const s = store.getState();
  const id = s.activeId;
  const conversation = id ? s.conversations[id] : undefined;
  if (!id || !conversation) return false;
  const request = {
    id: '',
    role: 'user' as const,
    content: SUMMARY_REQUEST,
    createdAt: 0,
  };
  const summaryRoom = 1024;
  const body = buildAnswerRequest([...conversation.messages, request], conversation.settings, {
    ...traits,
    fit: { budget: fit.limit - summaryRoom, ratio: fit.ratio },
  });
  const summary = await askModel(fetchFn, traits.id, body.messages ?? [], {
    maxTokens: summaryRoom,
  });
  if (!summary) return false;
  const own = conversation.settings.systemPrompt.trim();
  const actions = store.getState();
  actions.setDraft(id, '');
  actions.startNewChat();
  actions.updateSettings(null, {
    ...conversation.settings,
    systemPrompt: `${own ? `${own}\n\n` : ''}${SUMMARY_HEADING}\n\n${summary}`,
  });
  actions.setDraft(NEW_CHAT_DRAFT, draft);
  return true;
}
