import 'server-only';

/**
 * llama.cpp's server, asked to continue an assistant message in place (assistant prefill), streams
 * the prefilled text again at the start of its answer, joined to the first new token
 * (`"Rain is formed when water from"` for a prefill `"Rain is formed when water"`, seen with its
 * `peg-native` chat format). Runnel's answer is only what is new, so the repeated text is dropped
 * — when it is really there: content is held only while it still matches the prefill, and a
 * server that does not repeat it loses nothing.
 */
export function createPrefillEcho(prefill: string) {
  // Whitespace at the end of the prefill may be tokenized away; what precedes must match.
  const stem = prefill.trimEnd();
  let held = '';
  let settled = stem.length === 0;

  return {
    /** What of `text` to pass on now. */
    take(text: string): string {
      if (settled) return text;
      held += text;
      if (held.length < stem.length) {
        if (stem.startsWith(held)) return '';
        settled = true;
        return held;
      }
      settled = true;
      if (!held.startsWith(stem)) return held;
      const rest = held.slice(stem.length);
      // The prefill's own trailing whitespace, when the server repeated it too.
      const tail = prefill.slice(stem.length);
      return tail && rest.startsWith(tail) ? rest.slice(tail.length) : rest;
    },
    /** At the end of the answer: what was held and proved not to be a repetition. */
    flush(): string {
      const out = settled ? '' : held;
      settled = true;
      held = '';
      return out;
    },
  };
}
