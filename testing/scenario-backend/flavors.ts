/**
 * Per-provider chunk shapes ("flavors"): field order, extra fields, how the
 * role, finish and usage chunks look. The stream builder is provider-neutral
 * and asks the flavor for every concrete JSON object.
 */

/** Token counters of the response so far. */
export interface UsageStats {
  prompt: number;
  completion: number;
  reasoning: number;
}

/** The OpenAI usage object plus provider extras. */
export type Usage = {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
} & Record<string, unknown>;

/** Identity fields shared by every chunk of one response. */
export interface ChunkHead {
  id: string;
  object: 'chat.completion.chunk' | 'text_completion';
  created: number;
  model: string;
}

/** What the flavor needs to assemble one chunk. */
export interface ChunkParts {
  head: ChunkHead;
  choices: object[];
  /** `undefined` = omit the key; `null` = send `"usage": null`. */
  usage: Usage | null | undefined;
  /** Extra top-level fields (llama.cpp `timings`). */
  extra?: Record<string, unknown>;
  /** True for the final `choices: []` usage chunk. */
  usageFrame?: boolean;
}

/** A provider's wire dialect. */
export interface Flavor {
  /** JSON serialisation style of frames. */
  jsonStyle?: 'compact' | 'spaced';
  /** First chat delta (`null`: the provider sends no role chunk). */
  roleDelta: Record<string, unknown> | null;
  /** Merged into every chat delta (ARK repeats the role each time). */
  deltaBase: Record<string, unknown>;
  /** Delta of the chunk carrying `finish_reason`. */
  finishDelta: Record<string, unknown>;
  /** Field name of reasoning text in deltas. */
  reasoningField: string;
  /** Whether `continuous_usage_stats` (with include_usage) is honoured. */
  honorsContinuousUsage: boolean;
  /** Sends the usage chunk even without include_usage (tAI). */
  alwaysUsage: boolean;
  /** Sends `"usage": null` on every chunk when include_usage is set (ARK). */
  nullUsageOnChunks: boolean;
  /** Model name reported in chunks (some providers resolve aliases). */
  responseModel(requested: string): string;
  chatChoice(delta: Record<string, unknown>, finish: string | null): object;
  textChoice(text: string, finish: string | null): object;
  usage(stats: UsageStats, final: boolean): Usage;
  chunk(parts: ChunkParts): object;
  /** Extra top-level fields of the finish chunk. */
  finishExtra?(stats: UsageStats): Record<string, unknown>;
}

function baseUsage(s: UsageStats): Usage {
  return {
    prompt_tokens: s.prompt,
    completion_tokens: s.completion,
    total_tokens: s.prompt + s.completion,
  };
}

/** Usage with reasoning details only when there was reasoning (vLLM, GPU). */
function usageWithReasoning(s: UsageStats, final: boolean): Usage {
  const u = baseUsage(s);
  if (final && s.reasoning > 0) u.completion_tokens_details = { reasoning_tokens: s.reasoning };
  return u;
}

/** id/object/created/model, then choices, then usage: the OpenAI/vLLM order. */
function standardChunk(p: ChunkParts, between: Record<string, unknown> = {}): object {
  const out: Record<string, unknown> = { ...p.head, ...between, choices: p.choices };
  if (p.usage !== undefined) out.usage = p.usage;
  return { ...out, ...p.extra };
}

/** vLLM's OpenAI-compatible server. */
export const vllmFlavor: Flavor = {
  roleDelta: { role: 'assistant', content: '' },
  deltaBase: {},
  finishDelta: { content: '' },
  reasoningField: 'reasoning',
  honorsContinuousUsage: true,
  alwaysUsage: false,
  nullUsageOnChunks: false,
  responseModel: (m) => m,
  chatChoice: (delta, finish) => ({
    index: 0,
    delta,
    logprobs: null,
    finish_reason: finish,
    stop_reason: null,
  }),
  textChoice: (text, finish) => ({
    index: 0,
    text,
    logprobs: null,
    finish_reason: finish,
    stop_reason: null,
  }),
  usage: usageWithReasoning,
  chunk: (p) => standardChunk(p),
};

/** The GPU provider: vLLM frames forwarded, but no continuous usage. */
export const gpuFlavor: Flavor = { ...vllmFlavor, honorsContinuousUsage: false };

/** ARK Cloud: role in every delta, usage null everywhere, credits in the final usage. */
export const arkFlavor: Flavor = {
  roleDelta: null,
  deltaBase: { role: 'assistant' },
  finishDelta: { role: 'assistant', content: '' },
  reasoningField: 'reasoning',
  honorsContinuousUsage: true,
  alwaysUsage: false,
  nullUsageOnChunks: true,
  responseModel: (m) => m,
  chatChoice: (delta, finish) => ({ index: 0, delta, finish_reason: finish }),
  textChoice: (text, finish) => ({ index: 0, text, finish_reason: finish }),
  usage(s, final) {
    const u = baseUsage(s);
    if (!final) return u;
    const creditsUsed = Math.max(1, Math.round(u.total_tokens * 0.18));
    return {
      ...u,
      prompt_tokens_details: {
        cached_tokens: s.prompt >= 32 ? Math.floor(s.prompt / 32) * 16 : 0,
        audio_tokens: 0,
      },
      completion_tokens_details: {
        reasoning_tokens: s.reasoning,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
      credits_used: creditsUsed,
      credit_balance: 5_000_000 - creditsUsed,
    };
  },
  chunk: (p) => standardChunk(p, { service_tier: 'default', system_fingerprint: null }),
};

/** ACS text completions (vLLM underneath, alias-resolved model name). */
export const acsFlavor: Flavor = {
  ...vllmFlavor,
  responseModel: () => 'meta-llama/Llama-3.1-8B',
  textChoice: (text, finish) => ({
    index: 0,
    text,
    logprobs: null,
    finish_reason: finish,
    stop_reason: null,
    prompt_token_ids: null,
    token_ids: null,
  }),
  chunk: (p) => standardChunk(p, p.usageFrame ? { system_fingerprint: null } : {}),
};

/** tAI: Python-spaced JSON, no role, empty finish delta, usage always. */
export const taiFlavor: Flavor = {
  jsonStyle: 'spaced',
  roleDelta: null,
  deltaBase: {},
  finishDelta: {},
  reasoningField: 'reasoning_content',
  honorsContinuousUsage: false,
  alwaysUsage: true,
  nullUsageOnChunks: false,
  responseModel: () => 'tai-4.0.6P',
  chatChoice: (delta, finish) => ({ index: 0, delta, finish_reason: finish }),
  textChoice: (text, finish) => ({ index: 0, text, finish_reason: finish }),
  usage: (s) => baseUsage(s),
  chunk: (p) => standardChunk(p),
};

/** llama.cpp's llama-server: choices first, `content: null` role chunk, timings on finish. */
export const llamacppFlavor: Flavor = {
  roleDelta: { role: 'assistant', content: null },
  deltaBase: {},
  finishDelta: {},
  reasoningField: 'reasoning_content',
  honorsContinuousUsage: false,
  alwaysUsage: false,
  nullUsageOnChunks: false,
  responseModel: (m) => m,
  chatChoice: (delta, finish) => ({ finish_reason: finish, index: 0, delta }),
  textChoice: (text, finish) => ({ text, index: 0, logprobs: null, finish_reason: finish }),
  usage: (s) => baseUsage(s),
  chunk(p) {
    const out: Record<string, unknown> = {
      choices: p.choices,
      created: p.head.created,
      id: p.head.id,
      model: p.head.model,
      system_fingerprint: 'b6450-3b2e1d9a',
      object: p.head.object,
      ...p.extra,
    };
    if (p.usage !== undefined) out.usage = p.usage;
    return out;
  },
  finishExtra(s) {
    const promptMs = s.prompt * 0.41;
    const predictedMs = s.completion * 14.2;
    return {
      timings: {
        cache_n: 0,
        prompt_n: s.prompt,
        prompt_ms: round3(promptMs),
        prompt_per_token_ms: round3(promptMs / Math.max(1, s.prompt)),
        prompt_per_second: round3((s.prompt / Math.max(promptMs, 0.001)) * 1000),
        predicted_n: s.completion,
        predicted_ms: round3(predictedMs),
        predicted_per_token_ms: 14.2,
        predicted_per_second: round3((s.completion / Math.max(predictedMs, 0.001)) * 1000),
      },
    };
  },
};

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
