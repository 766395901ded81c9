import 'server-only';

import type { ModelInfo } from '../../protocol/api-shapes';

/** Server-side view of a model: where it lives and its id at the backend. */
export interface ResolvedModel extends ModelInfo {
  upstreamId: string;
  /** Not in the backend's list, which could not be read: let through on the caller's word. */
  unlisted?: true;
}

/** Guesses from the id, used only when configuration says nothing (badges, effort control). */
export function guessCapabilities(id: string): { reasoning?: boolean; vision?: boolean } {
  const lower = id.toLowerCase();
  const reasoning =
    /(qwen3|qwq|deepseek-r1|-r1\b|reason|think|gpt-oss|\bo[134](-|$)|magistral|glm-4\.[5-9]|kimi-k2)/.test(
      lower,
    );
  const vision = /(vision|[-_/]vl\b|[-_]vl[-_]|llava|pixtral|gpt-4o|multimodal|gemma-3)/.test(
    lower,
  );
  return { ...(reasoning ? { reasoning } : {}), ...(vision ? { vision } : {}) };
}

/**
 * Models whose chat template writes `<think>` into the prompt, so that their output starts inside
 * the thought and only closes it: QwQ, the DeepSeek-R1 family (its distills too), Qwen3's
 * Thinking-2507 models. Served without a reasoning parser, their reasoning would otherwise be shown as
 * the answer, with a stray `</think>` in it. A model entry's `thinkPrefilled` says so either way.
 */
export function thinksFirst(id: string, configured?: boolean): boolean {
  return configured ?? /(qwq|deepseek-r1|thinking-2507)/i.test(id);
}

/** A short human label from a model id: its last path segment. */
export function labelFor(id: string): string {
  return id.split('/').at(-1) || id;
}
