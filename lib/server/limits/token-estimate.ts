import 'server-only';

import type { ChatRequest } from '../../protocol/chat-request';
import type { RunnelEvent, Usage } from '../../protocol/events';

/**
 * A rough count of the prompt's tokens (about 4 characters a token for English text), for the
 * reservation only: the final usage settles it, so being approximate costs nothing but a moment
 * of being counted a little high or low.
 */
export function estimatePromptTokens(chat: ChatRequest): number {
  const text = chat.prompt ?? JSON.stringify(chat.messages ?? []);
  return Math.ceil(text.length / 4);
}

/**
 * Follows an answer's events to say how many tokens it cost: its last usage (prompt + completion;
 * the final one when it came), else — a stream cut before any usage — the prompt estimate plus
 * the text streamed, else nothing (the backend never started answering).
 */
export function createUsageMeter(promptEstimate: number) {
  let usage: Usage | undefined;
  let streamedChars = 0;
  return {
    observe(event: RunnelEvent): void {
      if (event.type === 'usage') usage = event.usage;
      else if (event.type === 'content' || event.type === 'reasoning')
        streamedChars += event.text.length;
    },
    tokens(): number {
      if (usage) return usage.prompt_tokens + usage.completion_tokens;
      return streamedChars > 0 ? promptEstimate + Math.ceil(streamedChars / 4) : 0;
    },
  };
}
