import type { ChatMessage, ChatRequest } from '../../protocol/chat-request';
import { textWithFiles, userContent } from '../attachments/message-content';
import { fitMessages } from './context-fit';
import type { ConversationSettings } from './conversation';
import type { AssistantMessage, Message } from './message';

/** What the request builder needs to know about the model. */
export interface ModelTraits {
  id: string;
  kind: 'chat' | 'completion';
  reasoning?: boolean;
  /** Its provider can keep the conversation between requests (`session`). */
  statefulSessions?: boolean;
  /**
   * Leave out the oldest turns so the messages fit in `budget` tokens (estimated, times `ratio`):
   * the reader's choice when a conversation outgrew the model's context (context-fit.ts).
   */
  fit?: { budget: number; ratio: number };
}

function sampling(settings: ConversationSettings, model: ModelTraits): Partial<ChatRequest> {
  const out: Partial<ChatRequest> = {};
  if (settings.temperature !== null) out.temperature = settings.temperature;
  if (settings.maxTokens !== null) out.max_tokens = settings.maxTokens;
  if (model.reasoning && settings.reasoningEffort !== null)
    out.reasoning_effort = settings.reasoningEffort;
  return out;
}

/**
 * History as the API wants it: empty failed answers are left out, reasoning is not sent back, and
 * attachments become fenced text and `image_url` parts.
 */
function toChatMessages(history: readonly Message[], systemPrompt: string): ChatMessage[] {
  const out: ChatMessage[] = [];
  if (systemPrompt.trim()) out.push({ role: 'system', content: systemPrompt });
  for (const m of history) {
    if (m.role === 'assistant') {
      if (m.content) out.push({ role: 'assistant', content: m.content });
    } else {
      out.push({ role: 'user', content: userContent(m.content, m.attachments) });
    }
  }
  return out;
}

/** A completion model's prompt: the last user message, with its text files (it cannot see images). */
function lastPrompt(history: readonly Message[]): string {
  const last = [...history].reverse().find((m) => m.role === 'user');
  if (!last) return '';
  return last.attachments?.length ? textWithFiles(last.content, last.attachments) : last.content;
}

/**
 * The body of `POST /api/chat` for a new answer after `history` (which ends with the user's turn).
 * Text-completion models get the last user message as a plain prompt: each prompt stands alone.
 */
export function buildAnswerRequest(
  history: readonly Message[],
  settings: ConversationSettings,
  model: ModelTraits,
): ChatRequest {
  if (model.kind === 'completion') {
    return { model: model.id, prompt: lastPrompt(history), ...sampling(settings, model) };
  }
  const messages = toChatMessages(history, settings.systemPrompt);
  return {
    model: model.id,
    messages: model.fit ? fitMessages(messages, model.fit.budget, model.fit.ratio) : messages,
    ...sampling(settings, model),
  };
}

/**
 * The body for **Continue** on an answer cut at `length`: the partial answer goes last with
 * `continue_final_message: true, add_generation_prompt: false`; the server turns this into a
 * follow-up turn for presets that cannot continue in place. A text completion simply resumes from
 * prompt + partial text.
 */
export function buildContinueRequest(
  history: readonly Message[],
  partial: AssistantMessage,
  settings: ConversationSettings,
  model: ModelTraits,
): ChatRequest {
  if (model.kind === 'completion') {
    return {
      model: model.id,
      prompt: lastPrompt(history) + partial.content,
      ...sampling(settings, model),
    };
  }
  const messages = toChatMessages(history, settings.systemPrompt);
  messages.push({ role: 'assistant', content: partial.content });
  return {
    model: model.id,
    messages,
    continue_final_message: true,
    add_generation_prompt: false,
    ...sampling(settings, model),
  };
}
