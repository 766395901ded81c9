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
 * Follows JSON text as it arrives and says when its arrays and objects nest deeper than `max`. It
 * only tracks strings (a bracket inside one does not count) and depth — whether the text is valid
 * JSON is `JSON.parse`'s job afterwards. Bytes, not characters: every byte of a multi-byte UTF-8
 * character is ≥ 0x80, so it is never taken for a quote or a bracket.
 *
 * Inside a string it jumps from one quote or backslash to the next with `indexOf` (native, memchr
 * speed) instead of stepping byte by byte: most of a large body is strings (base64 images, long
 * texts), and a JavaScript loop over 8 MiB of them took about 25 ms of the event loop. Each found
 * position is kept until passed, so every byte is searched at most once per needle.
 */
export function createDepthScanner(max: number): { push(bytes: Uint8Array): boolean } {
  let depth = 0;
  let inString = false;
  let escaped = false;
  return {
    /** Whether the text so far has gone deeper than `max`. */
    push(bytes) {
      const end = bytes.length;
      let nextQuote = -1;
      let nextBackslash = -1;
      const find = (needle: number, from: number) => {
        const at = bytes.indexOf(needle, from);
        return at === -1 ? end : at;
      };
      let i = 0;
      while (i < end) {
        if (inString) {
          if (escaped) {
            escaped = false;
            i++;
            continue;
          }
          if (nextQuote < i) nextQuote = find(QUOTE, i);
          if (nextBackslash < i) nextBackslash = find(BACKSLASH, i);
          const stop = Math.min(nextQuote, nextBackslash);
          if (stop === end) return false;
          if (stop === nextBackslash) escaped = true;
          else inString = false;
          i = stop + 1;
          continue;
        }
        const b = bytes[i++]!;
        if (b === QUOTE) inString = true;
        else if (b === OPEN_BRACKET || b === OPEN_BRACE) {
          if (++depth > max) return true;
        } else if (b === CLOSE_BRACKET || b === CLOSE_BRACE) depth--;
      }
      return false;
    },
  };
}
