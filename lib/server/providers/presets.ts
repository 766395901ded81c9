import 'server-only';
import arkRequestFields from './ark-request-fields.json' with { type: 'json' };

import type { ReasoningEffort } from '../../protocol/chat-request';
import type { PresetId } from '../config/providers-config';

/** How a provider switches thinking on and off. */
export type ThinkingSwitch =
  /** `reasoning_effort` as given (after `effortMap`). */
  | 'reasoning_effort'
  /** `reasoning_effort` for levels; `chat_template_kwargs.enable_thinking: false` for `none` (Qwen3 on vLLM). */
  | 'effort_or_template_kwargs'
  /** Only `chat_template_kwargs.enable_thinking` (llama.cpp's server has no effort levels). */
  | 'template_kwargs';

/**
 * What a provider accepts and how it misbehaves — data, not code (README.md, "Provider
 * presets"). Parsing is always tolerant of every spelling; a preset changes only what is sent and
 * which quirks are interpreted.
 */
export interface Preset {
  id: PresetId;
  label: string;
  /** Top-level request fields the provider takes; `'any'` when it ignores unknown ones (vLLM). */
  accepts: 'any' | ReadonlySet<string>;
  /** `stream_options.continuous_usage_stats` (running token counts on every chunk). */
  continuousUsage: boolean;
  thinking: ThinkingSwitch;
  /** Effort levels the provider does not know, mapped to the closest one it does (null: omit). */
  effortMap: Partial<Record<ReasoningEffort, ReasoningEffort | null>>;
  /** OpenAI's reasoning models reject `max_tokens`. */
  maxTokensField: 'max_tokens' | 'max_completion_tokens';
  /**
   * How Continue extends a partial answer: vLLM's `continue_final_message` /
   * `add_generation_prompt` flags; llama.cpp's assistant prefill (a conversation ending with an
   * assistant message is continued in place, its server's default); or, for the rest, a follow-up
   * user turn asking to go on.
   */
  continuation: 'continue_final_message' | 'assistant_prefill' | 'follow_up';
  /** tAI's bracketed failure notice (tAI's documentation). */
  bracketedNotice: boolean;
  /**
   * How the provider keeps a conversation between requests, when it can: the request fields naming
   * the session and capping what it may hold (stateful-session.ts).
   */
  sessions: { idField: string; maxTokensField: string } | null;
  /** Fields sent with every request, for what the provider offers only when asked. */
  extraFields?: Readonly<Record<string, unknown>>;
  /** What the provider's `credits_used` / `credit_balance` count, shown after the numbers. */
  creditUnit?: string;
}

/**
 * Top-level fields ARK Cloud documents; it rejects anything else with 400 (ARK Cloud's request
 * reference). Data in a JSON file because the scenario backend, which reproduces ARK, reads the
 * same list.
 */
const ARK_FIELDS: ReadonlySet<string> = new Set(arkRequestFields);

/** The OpenAI chat/completions fields; hosted OpenAI-compatible APIs take these. */
const OPENAI_FIELDS = new Set([
  'model',
  'messages',
  'prompt',
  'max_tokens',
  'max_completion_tokens',
  'temperature',
  'top_p',
  'stop',
  'n',
  'stream',
  'stream_options',
  'reasoning_effort',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'response_format',
  'seed',
  'presence_penalty',
  'frequency_penalty',
  'logit_bias',
  'logprobs',
  'top_logprobs',
  'user',
]);

/** vLLM's OpenAI server validates `reasoning_effort` as low | medium | high. */
const VLLM_EFFORTS: Preset['effortMap'] = { minimal: 'low', xhigh: 'high', max: 'high' };

export const PRESETS: Readonly<Record<PresetId, Preset>> = {
  vllm: {
    id: 'vllm',
    label: 'vLLM',
    accepts: 'any',
    continuousUsage: true,
    thinking: 'effort_or_template_kwargs',
    effortMap: VLLM_EFFORTS,
    maxTokensField: 'max_tokens',
    continuation: 'continue_final_message',
    bracketedNotice: false,
    sessions: null,
  },
  openai: {
    id: 'openai',
    label: 'OpenAI',
    accepts: OPENAI_FIELDS,
    continuousUsage: false,
    thinking: 'reasoning_effort',
    effortMap: { max: 'xhigh' },
    maxTokensField: 'max_completion_tokens',
    continuation: 'follow_up',
    bracketedNotice: false,
    sessions: null,
  },
  ark: {
    id: 'ark',
    label: 'ARK Cloud',
    accepts: ARK_FIELDS,
    continuousUsage: true,
    thinking: 'reasoning_effort',
    effortMap: {},
    maxTokensField: 'max_tokens',
    continuation: 'follow_up',
    bracketedNotice: false,
    // ARK: `ark_stateful` names the session, `ark_max_session_tokens` is required with it.
    sessions: { idField: 'ark_stateful', maxTokensField: 'ark_max_session_tokens' },
    // ARK bills in credits: its usage reports `credits_used` and `credit_balance` (ARK Cloud's streaming reference).
    creditUnit: 'credits',
  },
  acs: {
    id: 'acs',
    label: 'ACS',
    // ACS serves vLLM underneath (its frames carry vLLM's fields) but is a hosted API: send only
    // the OpenAI fields plus the thinking switch.
    accepts: new Set([...OPENAI_FIELDS, 'chat_template_kwargs']),
    continuousUsage: true,
    thinking: 'effort_or_template_kwargs',
    effortMap: VLLM_EFFORTS,
    maxTokensField: 'max_tokens',
    continuation: 'follow_up',
    bracketedNotice: false,
    sessions: null,
  },
  tai: {
    id: 'tai',
    label: 'tAI',
    accepts: OPENAI_FIELDS,
    continuousUsage: false,
    thinking: 'reasoning_effort',
    effortMap: { minimal: 'low', xhigh: 'high', max: 'high' },
    maxTokensField: 'max_tokens',
    continuation: 'follow_up',
    bracketedNotice: true,
    sessions: null,
  },
  llamacpp: {
    id: 'llamacpp',
    label: 'llama.cpp',
    accepts: 'any',
    continuousUsage: false,
    thinking: 'template_kwargs',
    effortMap: {},
    maxTokensField: 'max_tokens',
    continuation: 'assistant_prefill',
    // Running counts on every chunk (`timings`, read as live usage), and progress chunks while a
    // long prompt is read: llama.cpp's server notices a closed connection only when it has
    // something to send (or once a second), so without them a Stop during the prompt would leave
    // the engine working for up to a second.
    extraFields: { timings_per_token: true, return_progress: true },
    bracketedNotice: false,
    sessions: null,
  },
};
