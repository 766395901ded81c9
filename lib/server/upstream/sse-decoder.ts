import 'server-only';

import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** One item of a provider's SSE stream: a `data:` payload or a `:` comment line. */
export type SseItem =
  /** `unterminated`: the input ended inside this frame (no blank line after it). */
  | { type: 'data'; data: string; event?: string; unterminated?: boolean }
  | { type: 'comment'; text: string };

/** Bytes in, SSE items out. Tolerates frames split at any byte, CRLF and multi-byte characters. */
interface SseDecoder {
  push(bytes: Uint8Array): void;
  /** Input ended: decode what is left, including a last frame that lacks its blank line. */
  end(): void;
}

/**
 * Decodes a provider's byte stream into SSE items with eventsource-parser (spec-compliant, handles
 * `\r\n`, `\r` and frames split across reads). UTF-8 decoding is streaming so a character split
 * between two reads is never mangled.
 */
export function createSseDecoder(onItem: (item: SseItem) => void): SseDecoder {
  const decoder = new TextDecoder('utf-8');
  let ending = false;
  const parser = createParser({
    onEvent(message: EventSourceMessage) {
      // Built field by field: no throwaway objects per event for the optional fields.
      const item: SseItem & { type: 'data' } = { type: 'data', data: message.data };
      if (message.event) item.event = message.event;
      if (ending) item.unterminated = true;
      onItem(item);
    },
    onComment(comment: string) {
      onItem({ type: 'comment', text: comment.trim() });
    },
    onError(error) {
      // llama.cpp's server before late 2025 reported a failure after the 200 as a field of its
      // own, `error: {…}`, then `data: [DONE]`: read it as the error event it means, not as a
      // stray field that leaves the `[DONE]` to end the answer as if complete.
      if (error.type === 'unknown-field' && error.field === 'error' && error.value) {
        onItem({ type: 'data', data: error.value, event: 'error' });
      }
    },
  });
  return {
    push(bytes) {
      const text = decoder.decode(bytes, { stream: true });
      if (text) parser.feed(text);
    },
    end() {
      const rest = decoder.decode();
      if (rest) parser.feed(rest);
      // eventsource-parser never dispatches a final event that lacks its blank line
      // (ARCHITECTURE.md, "Pitfalls": `data: [DONE]` at end of input), so end it here and mark it.
      ending = true;
      parser.feed('\n\n');
      parser.reset();
    },
  };
}
