import 'server-only';

/** A piece of model output after `<think>` tags are taken out of the content. */
export interface OutputPiece {
  kind: 'reasoning' | 'content';
  text: string;
}

const OPEN = '<think>';
const CLOSE = '</think>';

/** Length of the longest suffix of `text` that is a proper prefix of `tag`. */
function partialTagSuffix(text: string, tag: string): number {
  const max = Math.min(text.length, tag.length - 1);
  for (let n = max; n > 0; n--) {
    if (tag.startsWith(text.slice(text.length - n))) return n;
  }
  return 0;
}

/**
 * Splits `<think>…</think>` out of streamed content when the backend runs without a reasoning
 * parser (vLLM without `--reasoning-parser`, raw llama.cpp templates). Tags may be split anywhere
 * across chunks; text that could still become a tag is held back until the next chunk, and nothing
 * is ever emitted twice. An opening tag counts only before the answer has started, so an answer
 * that talks about `<think>` tags is left alone.
 *
 * `startsInside`: the model's chat template writes `<think>` into the prompt itself (QwQ, the
 * DeepSeek-R1 family, Qwen3's Thinking models), so its output is reasoning up to a `</think>` it
 * never opened (an opening tag it writes anyway is dropped). As vLLM's own reasoning parsers for
 * these models do, output that never closes it stays reasoning. `parsed()` says the backend
 * separates reasoning itself (a reasoning field came first): content is then the answer.
 */
export function createThinkSplitter(startsInside = false) {
  let inThink = startsInside;
  let maybeOpen = startsInside;
  let answerStarted = false;
  let afterThink = false;
  let pending = '';

  function push(text: string): OutputPiece[] {
    // Once the answer started nothing is held back or split any more (an opening tag counts only
    // before it): the text passes as it came, without the work below for every token.
    if (answerStarted) return text ? [{ kind: 'content', text }] : [];
    const out: OutputPiece[] = [];
    let buf = pending + text;
    pending = '';
    while (buf) {
      if (maybeOpen) {
        // The template opened the thought; the model may still write `<think>` again.
        const trimmed = buf.trimStart();
        if (OPEN.startsWith(trimmed)) {
          pending = buf;
          break;
        }
        maybeOpen = false;
        if (trimmed.startsWith(OPEN)) buf = trimmed.slice(OPEN.length);
        continue;
      }
      if (inThink) {
        const close = buf.indexOf(CLOSE);
        if (close >= 0) {
          if (close > 0) out.push({ kind: 'reasoning', text: buf.slice(0, close) });
          buf = buf.slice(close + CLOSE.length);
          inThink = false;
          afterThink = true;
          continue;
        }
        const keep = partialTagSuffix(buf, CLOSE);
        if (buf.length > keep)
          out.push({ kind: 'reasoning', text: buf.slice(0, buf.length - keep) });
        pending = buf.slice(buf.length - keep);
        break;
      }
      // Before the answer (the early return handles after): a `<think>` may still open.
      const trimmed = buf.trimStart();
      if (trimmed.startsWith(OPEN)) {
        inThink = true;
        buf = trimmed.slice(OPEN.length);
        continue;
      }
      if (OPEN.startsWith(trimmed)) {
        // Whitespace only, or a possible start of `<think>`: wait for more.
        pending = buf;
        break;
      }
      answerStarted = true;
      // The blank line a template puts after `</think>` is layout, not answer.
      if (afterThink) buf = trimmed;
      out.push({ kind: 'content', text: buf });
      break;
    }
    return out;
  }

  /** The backend sent reasoning in a field of its own: it separates them, and content is answer. */
  function parsed(): void {
    if (!maybeOpen) return;
    inThink = false;
    maybeOpen = false;
  }

  /** Input ended: release whatever was held back. */
  function flush(): OutputPiece[] {
    const rest = pending;
    pending = '';
    if (!rest) return [];
    if (maybeOpen && !rest.trim()) return [];
    if (inThink) return [{ kind: 'reasoning', text: rest }];
    if (afterThink && !answerStarted && !rest.trim()) return [];
    return [{ kind: 'content', text: rest }];
  }

  return { push, parsed, flush };
}
