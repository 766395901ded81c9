import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** One item of a provider's SSE stream: a `data:` payload or a `:` comment line. */
export type SseItem =
  | { type: 'data'; data: string; event?: string }
  | { type: 'comment'; text: string };

/** Bytes in, SSE items out. Tolerates frames split at any byte, CRLF and multi-byte characters. */
export interface SseDecoder {
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
  const parser = createParser({
    onEvent(message: EventSourceMessage) {
      onItem(
        message.event
          ? { type: 'data', data: message.data, event: message.event }
          : { type: 'data', data: message.data },
      );
    },
    onComment(comment: string) {
      onItem({ type: 'comment', text: comment.trim() });
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
      // eventsource-parser never dispatches a final event without its blank line; `consume` does
      // (ARCHITECTURE.md, "Pitfalls": `data: [DONE]` at end of input).
      parser.reset({ consume: true });
    },
  };
}
