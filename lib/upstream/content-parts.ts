import { asObject, asString } from './json-fields';

/**
 * Text and reasoning from a `content` that is an array of parts rather than a string — Mistral's
 * reasoning models stream `[{type:"thinking", thinking:[{type:"text",text}]}, {type:"text",text}]`.
 */
export function readContentParts(content: unknown): { text: string; reasoning: string } {
  let text = '';
  let reasoning = '';
  if (!Array.isArray(content)) return { text, reasoning };
  for (const raw of content) {
    const part = asObject(raw);
    if (!part) continue;
    if (part.type === 'thinking' || part.type === 'reasoning') {
      const inner = part.thinking ?? part.reasoning ?? part.text;
      reasoning += typeof inner === 'string' ? inner : readContentParts(inner).text;
    } else {
      text += asString(part.text) ?? '';
    }
  }
  return { text, reasoning };
}
