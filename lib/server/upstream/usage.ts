import 'server-only';

import type { Usage } from '../../protocol/events';
import { asNumber, asObject } from './json-fields';

/**
 * Reads an OpenAI-style `usage` object into Runnel's flat shape. Reasoning and cached tokens come
 * from the `*_details` objects (DeepSeek counts its cache hits in `prompt_cache_hit_tokens`);
 * `credits_used` / `credit_balance` are ARK Cloud extensions, and OpenRouter's `cost` is the
 * credits an answer cost (its usage accounting). Returns
 * undefined when there are no token counts at all (`"usage": null` on ARK's ordinary chunks).
 */
export function readUsage(raw: unknown): Usage | undefined {
  const usage = asObject(raw);
  if (!usage) return undefined;
  const prompt = asNumber(usage.prompt_tokens);
  const completion = asNumber(usage.completion_tokens);
  if (prompt === undefined && completion === undefined) return undefined;
  const result: Usage = {
    prompt_tokens: prompt ?? 0,
    completion_tokens: completion ?? 0,
    total_tokens: asNumber(usage.total_tokens) ?? (prompt ?? 0) + (completion ?? 0),
  };
  const reasoning =
    asNumber(asObject(usage.completion_tokens_details)?.reasoning_tokens) ??
    asNumber(usage.reasoning_tokens);
  if (reasoning !== undefined) result.reasoning_tokens = reasoning;
  const cached =
    asNumber(asObject(usage.prompt_tokens_details)?.cached_tokens) ??
    asNumber(usage.cached_tokens) ??
    asNumber(usage.prompt_cache_hit_tokens);
  if (cached !== undefined) result.cached_tokens = cached;
  const creditsUsed = asNumber(usage.credits_used) ?? asNumber(usage.cost);
  if (creditsUsed !== undefined) result.credits_used = creditsUsed;
  const creditBalance = asNumber(usage.credit_balance);
  if (creditBalance !== undefined) result.credit_balance = creditBalance;
  return result;
}

/**
 * llama.cpp's `timings`, which its server puts on every chunk when asked (`timings_per_token`):
 * the engine's own running counts, as live usage. `cache_n` prompt tokens came from its prompt
 * cache and were not evaluated again, but they are part of the prompt, as in its final `usage`.
 */
export function readTimings(raw: unknown): Usage | undefined {
  const timings = asObject(raw);
  const evaluated = asNumber(timings?.prompt_n);
  const predicted = asNumber(timings?.predicted_n);
  // Before the first token its counts say nothing yet (a prompt of 0 tokens while it is read).
  if (evaluated === undefined || !predicted) return undefined;
  const cached = asNumber(timings?.cache_n) ?? 0;
  const prompt = evaluated + cached;
  return {
    prompt_tokens: prompt,
    completion_tokens: predicted,
    total_tokens: prompt + predicted,
    ...(cached ? { cached_tokens: cached } : {}),
  };
}

/**
 * llama.cpp's `prompt_progress` (sent when asked, `return_progress`) as a status line, so a long
 * prompt read on a CPU shows it moves: "Reading the prompt — 40 %". Undefined when the chunk has
 * none, or when nothing is left to read (the rest came from the prompt cache).
 */
const LONG_PROMPT_TOKENS = 256;

export function promptProgress(raw: unknown): string | undefined {
  const progress = asObject(raw);
  const total = asNumber(progress?.total);
  const cached = asNumber(progress?.cache) ?? 0;
  const processed = asNumber(progress?.processed);
  if (total === undefined || processed === undefined || total - cached < LONG_PROMPT_TOKENS) {
    return undefined;
  }
  const share = Math.min(100, Math.floor(((processed - cached) / (total - cached)) * 100));
  return `Reading the prompt — ${Math.max(0, share)} %`;
}
