import 'server-only';

/**
 * Deeper than any real chat request (a message's content parts are four levels down; tool
 * schemas a dozen or so). A body nested deeper is refused while it arrives, before it is parsed:
 * parsing and then walking megabytes of `[[[…` held the event loop for seconds.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Follows JSON text byte by byte, as it arrives, and says when its arrays and objects nest deeper
 * than `max`. It only tracks strings (a bracket inside one does not count) and depth — whether the
 * text is valid JSON is `JSON.parse`'s job afterwards. Bytes, not characters: every byte of a
 * multi-byte UTF-8 character is ≥ 0x80, so it is never taken for a quote or a bracket.
 */
export function createDepthScanner(max: number): { push(bytes: Uint8Array): boolean } {
  let depth = 0;
  let inString = false;
  let escaped = false;
  return {
    /** Whether the text so far has gone deeper than `max`. */
    push(bytes) {
      for (let i = 0; i < bytes.length; i++) {
        const b = bytes[i]!;
        if (inString) {
          if (escaped) escaped = false;
          else if (b === BACKSLASH) escaped = true;
          else if (b === QUOTE) inString = false;
        } else if (b === QUOTE) inString = true;
        else if (b === OPEN_BRACKET || b === OPEN_BRACE) {
          if (++depth > max) return true;
        } else if (b === CLOSE_BRACKET || b === CLOSE_BRACE) depth--;
      }
      return false;
    },
  };
}
