import 'server-only';

import { asObject, asString } from './json-fields';

/**
 * Text and reasoning from a `content` that is an array of parts rather than a string — Mistral's
 * reasoning models stream `[{type:"thinking", thinking:[{type:"text",text}]}, {type:"text",text}]`.
 */
export function readContentParts(content: readonly unknown[]): { text: string; reasoning: string } {
  let text = '';
  let reasoning = '';
  for (const raw of content) {
    const part = asObject(raw);
    if (!part) continue;
    if (part.type === 'thinking' || part.type === 'reasoning') {
      const inner = part.thinking ?? part.reasoning ?? part.text;
      if (typeof inner === 'string') reasoning += inner;
      else if (Array.isArray(inner)) reasoning += readContentParts(inner).text;
    } else {
      text += asString(part.text) ?? '';
    }
  }
  return { text, reasoning };
}
