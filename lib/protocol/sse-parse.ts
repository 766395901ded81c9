/**
 * Splits the browser-facing event stream (`/api/chat`, see `encodeEvent` in sse.ts) into its
 * events. It follows the server-sent events rules a reader of that stream can meet — any line
 * ending (LF, CRLF, CR, split across reads), comments, `data:` with or without its space, several
 * `data:` lines joined — and keeps only what a Runnel event needs: its `data` and its `id`. (A
 * byte order mark never reaches it: `TextDecoder` drops it.) Upstream providers' streams are read with eventsource-parser on the server
 * (lib/server/upstream/sse-decoder.ts); the browser's JavaScript has a size budget
 * (docs/performance.md) and reads only its own server, so it carries this instead.
 * `sse-parse.test.ts` checks it against eventsource-parser.
 */

/** One event of the stream. */
export interface SseMessage {
  /** The event's `id:`, when it had one. */
  id: string | undefined;
  data: string;
}

export interface SseParser {
  /** Feeds the next piece of decoded text. */
  feed(text: string): void;
}

const LINE_END = /\r\n|\r|\n/g;

/**
 * A parser that calls `onEvent` for each complete event (one ended by a blank line). An event
 * still open when the input ends is never dispatched, as the SSE rules say: a frame cut off by
 * a dropped connection is not an event.
 */
export function createSseParser(onEvent: (message: SseMessage) => void): SseParser {
  let rest = '';
  let data = '';
  let hasData = false;
  let id: string | undefined;
  // The last piece ended with CR: an LF at the start of the next belongs to the same line end.
  let afterCr = false;

  const onLine = (line: string) => {
    if (line === '') {
      if (hasData) onEvent({ id, data });
      data = '';
      hasData = false;
      id = undefined;
      return;
    }
    if (line.charCodeAt(0) === 58 /* ':' */) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32 /* ' ' */) value = value.slice(1);
    if (field === 'data') {
      data = hasData ? `${data}\n${value}` : value;
      hasData = true;
    } else if (field === 'id' && !value.includes('\0')) {
      id = value;
    }
  };

  return {
    feed(text) {
      if (!text) return;
      if (afterCr && text.charCodeAt(0) === 10) text = text.slice(1);
      afterCr = false;
      const input = rest + text;
      let start = 0;
      LINE_END.lastIndex = 0;
      for (let m = LINE_END.exec(input); m; m = LINE_END.exec(input)) {
        onLine(input.slice(start, m.index));
        start = m.index + m[0].length;
        if (m[0] === '\r' && start === input.length) afterCr = true;
      }
      rest = input.slice(start);
    },
  };
}
