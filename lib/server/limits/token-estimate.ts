import 'server-only';

import type { ChatMessage, ChatRequest } from '../../protocol/chat-request';
import type { RunnelEvent, Usage } from '../../protocol/events';
import { inlineImageSize } from './image-size';

/** What the role markers and separators of one message cost, about (OpenAI's counting guide). */
const PER_MESSAGE = 4;

/**
 * Tokens of an image as vision models count them: scaled to fit 2048 px, then its short side to
 * 768 px, then 170 per 512-pixel tile plus 85 (OpenAI's documented tiling; Qwen-VL's 28-pixel
 * patches of a downscaled picture come to the same order). An image whose size cannot be read is
 * taken to be as large as one can be.
 */
export function imageTokens(size: { width: number; height: number } | undefined): number {
  let { width, height } = size ?? { width: 2048, height: 2048 };
  if (width <= 0 || height <= 0) return 85;
  const fit = Math.min(1, 2048 / Math.max(width, height));
  width *= fit;
  height *= fit;
  const short = Math.min(1, 768 / Math.min(width, height));
  width *= short;
  height *= short;
  return 85 + 170 * Math.ceil(width / 512) * Math.ceil(height / 512);
}

// Scripts whose every character is about one token (or more) in common tokenizers.
const DENSE =
  /[\u1100-\u11ff\u2e80-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\uff00-\uffef]|[\ud840-\ud87f][\udc00-\udfff]/g;
// Letters outside Latin (Cyrillic, Greek, Arabic, Hebrew, Indic…): about two characters a token.
const OTHER_LETTERS = /[\u0370-\u1fff]/g;

/**
 * A rough count of a text's tokens by script: about 4 characters a token for Latin-script text,
 * 2 for other alphabets, 1 for CJK ideographs, kana and Hangul — counted at 4 characters a token,
 * a Chinese prompt was reserved at a quarter of what it cost.
 */
export function textTokens(text: string): number {
  return Math.ceil(fractionalTokens(text));
}

function fractionalTokens(text: string): number {
  const dense = text.match(DENSE)?.length ?? 0;
  const other = text.match(OTHER_LETTERS)?.length ?? 0;
  const rest = text.length - dense - other;
  return dense + other / 2 + Math.max(0, rest) / 4;
}

function messageTokens(m: ChatMessage): number {
  let tokens = PER_MESSAGE + textTokens(m.role) + (m.name ? textTokens(m.name) : 0);
  if (typeof m.content === 'string') tokens += textTokens(m.content);
  else
    for (const part of m.content ?? [])
      tokens +=
        part.type === 'text'
          ? textTokens(part.text)
          : imageTokens(inlineImageSize(part.image_url.url));
  if (m.reasoning) tokens += textTokens(m.reasoning);
  if (m.tool_calls) tokens += textTokens(JSON.stringify(m.tool_calls));
  return tokens;
}

/**
 * A rough count of the prompt's tokens, for the reservation only: the final usage settles it, so
 * being approximate costs nothing but a moment of being counted a little high or low. Images
 * count by their pixel size, never by the length of their base64 text.
 */
export function estimatePromptTokens(chat: ChatRequest): number {
  if (chat.prompt !== undefined) return textTokens(chat.prompt);
  let tokens = (chat.messages ?? []).reduce((sum, m) => sum + messageTokens(m), 0);
  if (chat.tools) tokens += textTokens(JSON.stringify(chat.tools));
  return tokens;
}

/**
 * Follows an answer's events to say how many tokens it cost: its last usage (prompt + completion;
 * the final one when it came), else — a stream cut before any usage — the prompt estimate plus
 * the text streamed, else nothing (the backend never started answering).
 */
export function createUsageMeter(promptEstimate: number) {
  let usage: Usage | undefined;
  let streamed = 0;
  return {
    observe(event: RunnelEvent): void {
      if (event.type === 'usage') usage = event.usage;
      else if (event.type === 'content' || event.type === 'reasoning')
        streamed += fractionalTokens(event.text);
    },
    tokens(): number {
      if (usage) return usage.prompt_tokens + usage.completion_tokens;
      return streamed > 0 ? promptEstimate + Math.ceil(streamed) : 0;
    },
  };
}
