import 'server-only';

import type { ChatMessage, ChatRequest } from '../../protocol/chat-request';
import type { ModelKind } from '../../protocol/api-shapes';
import type { ProviderConfig } from '../config/providers-config';
import { PRESETS, type Preset } from './presets';

export interface UpstreamRequest {
  /** On the provider's first address. */
  url: string;
  /** The endpoint, to be appended to whichever replica's base URL is chosen. */
  path: string;
  headers: Record<string, string>;
  /** JSON text. */
  body: string;
  /** The partial answer sent for the backend to continue in place, when it was (Continue). */
  prefill?: string;
}

export interface BuildOptions {
  provider: ProviderConfig;
  /** The backend's own model id (without Runnel's provider prefix). */
  upstreamModel: string;
  kind: ModelKind;
  maxOutputTokens: number;
  systemPrompt?: string;
  /** Fields the caller adds (a provider session's), subject to what the preset accepts. */
  extraFields?: Record<string, unknown>;
}

/** The follow-up turn used where the provider cannot continue a message in place. */
export const CONTINUE_PROMPT =
  'Continue exactly where your previous answer stopped, without repeating it.';

function textOf(message: ChatMessage): string {
  const { content } = message;
  if (typeof content === 'string') return content;
  return (content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('');
}

function withSystemPrompt(messages: ChatMessage[], systemPrompt?: string): ChatMessage[] {
  if (!systemPrompt || messages.some((m) => m.role === 'system' || m.role === 'developer'))
    return messages;
  return [{ role: 'system', content: systemPrompt }, ...messages];
}

/** Reasoning is Runnel's own field on stored messages; backends get the answer only. */
function forUpstream(messages: ChatMessage[]): Record<string, unknown>[] {
  return messages.map(({ reasoning: _reasoning, ...rest }) => rest);
}

function thinkingFields(
  preset: Preset,
  effort: ChatRequest['reasoning_effort'],
): Record<string, unknown> {
  if (!effort) return {};
  const off = effort === 'none';
  if (preset.thinking === 'template_kwargs') {
    return off ? { chat_template_kwargs: { enable_thinking: false } } : {};
  }
  if (preset.thinking === 'effort_or_template_kwargs' && off) {
    return { chat_template_kwargs: { enable_thinking: false } };
  }
  const mapped = effort in preset.effortMap ? preset.effortMap[effort] : effort;
  return mapped ? { reasoning_effort: mapped } : {};
}

function chatBody(
  request: ChatRequest,
  preset: Preset,
  options: BuildOptions,
): Record<string, unknown> {
  let messages = withSystemPrompt(
    request.messages ?? [{ role: 'user', content: request.prompt ?? '' }],
    options.systemPrompt,
  );
  const body: Record<string, unknown> = {};
  if (request.continue_final_message && messages.at(-1)?.role === 'assistant') {
    if (preset.continuation === 'continue_final_message') {
      body.continue_final_message = true;
      body.add_generation_prompt = false;
    } else if (preset.continuation === 'follow_up') {
      messages = [...messages, { role: 'user', content: CONTINUE_PROMPT }];
    }
  }
  body.messages = forUpstream(messages);
  for (const key of ['tools', 'tool_choice', 'response_format'] as const) {
    if (request[key] !== undefined) body[key] = request[key];
  }
  Object.assign(body, thinkingFields(preset, request.reasoning_effort));
  return body;
}

function completionBody(request: ChatRequest, options: BuildOptions): Record<string, unknown> {
  // A text-completion model continues text; a conversation sent to it becomes its plain text.
  const prompt =
    request.prompt ??
    withSystemPrompt(request.messages ?? [], options.systemPrompt)
      .map(textOf)
      .join('\n\n');
  return { prompt };
}

/**
 * Builds the upstream request for a validated `/api/chat` body: the endpoint for the model's kind,
 * the preset's fields only, usage always requested, `max_tokens` capped. The base URL and key come
 * from configuration only; nothing in the body can change where the request goes.
 */
export function buildUpstreamRequest(request: ChatRequest, options: BuildOptions): UpstreamRequest {
  const preset = PRESETS[options.provider.preset];
  const isChat = options.kind === 'chat';
  const body: Record<string, unknown> = {
    model: options.upstreamModel,
    ...(isChat ? chatBody(request, preset, options) : completionBody(request, options)),
    stream: true,
    stream_options: preset.continuousUsage
      ? { include_usage: true, continuous_usage_stats: true }
      : { include_usage: true },
    [preset.maxTokensField]: Math.min(
      request.max_tokens ?? options.maxOutputTokens,
      options.maxOutputTokens,
    ),
  };
  for (const key of ['temperature', 'top_p', 'stop'] as const) {
    if (request[key] !== undefined) body[key] = request[key];
  }
  Object.assign(body, preset.extraFields, options.extraFields);
  if (preset.accepts !== 'any') {
    for (const key of Object.keys(body)) if (!preset.accepts.has(key)) delete body[key];
  }
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'text/event-stream',
  };
  if (options.provider.apiKey) headers.Authorization = `Bearer ${options.provider.apiKey}`;
  const path = isChat ? '/chat/completions' : '/completions';
  const last = request.messages?.at(-1);
  const prefilled =
    isChat &&
    request.continue_final_message &&
    preset.continuation === 'assistant_prefill' &&
    last?.role === 'assistant';
  return {
    url: `${options.provider.baseURL}${path}`,
    path,
    headers,
    body: JSON.stringify(body),
    ...(prefilled ? { prefill: textOf(last) } : {}),
  };
}
