import type { ChatMessage, ChatRequest } from '../../protocol/chat-request';
import { sendChat } from './send-chat';

/**
 * One answer the reader does not see being written (a summary, a title): the whole text once the
 * stream ended with `done`, or null when it failed, was cut off or came back empty.
 */
export async function askModel(
  fetchFn: typeof fetch,
  model: string,
  messages: ChatMessage[],
  options: { maxTokens?: number; signal?: AbortSignal; url?: string } = {},
): Promise<string | null> {
  const body: ChatRequest = { model, messages };
  if (options.maxTokens) body.max_tokens = options.maxTokens;
  let text = '';
  let done = false;
  let failed = false;
  const end = await sendChat({
    fetch: fetchFn,
    body,
    signal: options.signal ?? new AbortController().signal,
    ...(options.url ? { url: options.url } : {}),
    onEvents: (events) => {
      for (const event of events) {
        if (event.type === 'content') text += event.text;
        else if (event.type === 'done') done = true;
        else if (event.type === 'error') failed = true;
      }
    },
  });
  if (end.kind !== 'ended' || failed || !done) return null;
  return text.trim() || null;
}

/** What a new chat is told of the conversation it continues. */
export const SUMMARY_REQUEST =
  'Summarise our conversation so far for a new conversation that continues it: the facts, ' +
  'decisions and open questions that matter, in a few short paragraphs. Write only the summary.';
