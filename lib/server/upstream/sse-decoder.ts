import 'server-only';

import { createParser, type EventSourceMessage } from 'eventsource-parser';

/**
 * One item of a provider's SSE stream: a `data:` payload, a `:` comment line, or a frame that
 * grew past `MAX_FRAME_CHARS` without ending (nothing is read after it).
 */
export type SseItem =
  /** `unterminated`: the input ended inside this frame (no blank line after it). */
  | { type: 'data'; data: string; event?: string; unterminated?: boolean }
  | { type: 'comment'; text: string }
  | { type: 'overflow' };

/**
 * The most one frame may hold before its end (16 Mi characters): a whole tool call's arguments
 * fit many times over; a backend that never ends a line does not fill the server's memory.
 */
export const MAX_FRAME_CHARS = 16 * 1024 * 1024;

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
export function createSseDecoder(
  onItem: (item: SseItem) => void,
  maxFrameChars = MAX_FRAME_CHARS,
): SseDecoder {
  const decoder = new TextDecoder('utf-8');
  let ending = false;
  let overflowed = false;
  const parser = createParser({
    maxBufferSize: maxFrameChars,
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
      } else if (error.type === 'max-buffer-size-exceeded') {
        overflowed = true;
        onItem({ type: 'overflow' });
      }
    },
  });
  return {
    push(bytes) {
      // The parser takes nothing more after an overflow.
      if (overflowed) return;
      const text = decoder.decode(bytes, { stream: true });
      if (text) parser.feed(text);
    },
    end() {
      if (overflowed) return;
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
