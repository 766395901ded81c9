/**
 * A vision model (its id makes Runnel guess `vision`): it answers with what it received — how many
 * `image_url` parts the last user turn had and their data-URL media types — so a browser test can
 * see that images arrived as OpenAI/vLLM content parts.
 */
import { vllmFlavor as F } from '../flavors';
import { tokenize } from '../tokenize';
import type { RequestBody, Scenario } from '../types';
import { answer } from './common';

/** The `image_url` parts of the last user message. */
function lastUserImages(body: RequestBody): string[] {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const last = [...messages].reverse().find((m) => (m as { role?: unknown }).role === 'user') as
    { content?: unknown } | undefined;
  if (!last || !Array.isArray(last.content)) return [];
  return last.content.flatMap((part) => {
    const p = part as { type?: unknown; image_url?: { url?: unknown } };
    return p.type === 'image_url' && typeof p.image_url?.url === 'string' ? [p.image_url.url] : [];
  });
}

/** Vision scenarios, by model id. */
export const vllmVisionScenarios: Record<string, Scenario> = {
  vision: (body, ctx) => {
    const images = lastUserImages(body);
    const types = images.map((url) => /^data:([^;,]+)/.exec(url)?.[1] ?? 'a URL');
    const text = images.length
      ? `I see ${images.length} image${images.length > 1 ? 's' : ''} (${types.join(', ')}).`
      : 'I see no image.';
    return answer(F, ctx, tokenize(text));
  },
};
