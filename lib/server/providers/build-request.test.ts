import { describe, expect, it } from 'vitest';
import type { ProviderConfig, PresetId } from '../config/providers-config';
import { parseChatRequest, type ChatRequest } from '../../protocol/chat-request';
import { testProvider } from '../../../testing/unit/provider-config';
import { buildUpstreamRequest, CONTINUE_PROMPT } from './build-request';

function provider(preset: PresetId, apiKey?: string): ProviderConfig {
  return testProvider(preset, apiKey ? { apiKey } : {});
}

function request(body: Record<string, unknown>): ChatRequest {
  const parsed = parseChatRequest({
    model: 'm',
    messages: [{ role: 'user', content: 'hi' }],
    ...body,
  });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

function build(
  preset: PresetId,
  body: Record<string, unknown> = {},
  kind: 'chat' | 'completion' = 'chat',
) {
  const upstream = buildUpstreamRequest(request(body), {
    provider: provider(preset, 'sk-test-key'),
    upstreamModel: 'up/model',
    kind,
    maxOutputTokens: 1000,
  });
  return { ...upstream, json: JSON.parse(upstream.body) as Record<string, unknown> };
}

describe('buildUpstreamRequest', () => {
  it('always streams and asks for usage; running counts where the preset takes them', () => {
    expect(build('vllm').json.stream_options).toEqual({
      include_usage: true,
      continuous_usage_stats: true,
    });
    expect(build('ark').json.stream_options).toEqual({
      include_usage: true,
      continuous_usage_stats: true,
    });
    expect(build('openai').json.stream_options).toEqual({ include_usage: true });
    expect(build('tai').json.stream_options).toEqual({ include_usage: true });
    expect(build('vllm').json.stream).toBe(true);
  });

  it('caps max_tokens at the server limit and fills it in when absent', () => {
    expect(build('vllm', { max_tokens: 5000 }).json.max_tokens).toBe(1000);
    expect(build('vllm', { max_tokens: 10 }).json.max_tokens).toBe(10);
    expect(build('vllm').json.max_tokens).toBe(1000);
    expect(build('openai', { max_tokens: 10 }).json).toMatchObject({ max_completion_tokens: 10 });
    expect(build('openai').json.max_tokens).toBeUndefined();
  });

  it('switches Qwen3 thinking off on vLLM with chat_template_kwargs', () => {
    const off = build('vllm', { reasoning_effort: 'none' }).json;
    expect(off.chat_template_kwargs).toEqual({ enable_thinking: false });
    expect(off.reasoning_effort).toBeUndefined();
    expect(build('vllm', { reasoning_effort: 'max' }).json.reasoning_effort).toBe('high');
    expect(build('vllm', { reasoning_effort: 'medium' }).json.chat_template_kwargs).toBeUndefined();
  });

  it('never sends ARK a field it does not document', () => {
    const ark = build('ark', {
      reasoning_effort: 'none',
      continue_final_message: true,
      add_generation_prompt: false,
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'partial', reasoning: 'thoughts' },
      ],
    }).json;
    const allowed = [
      'model',
      'messages',
      'stream',
      'stream_options',
      'max_tokens',
      'reasoning_effort',
    ];
    expect(Object.keys(ark).sort()).toEqual(allowed.sort());
    expect(ark.reasoning_effort).toBe('none');
    const messages = ark.messages as Record<string, unknown>[];
    expect(messages.at(-1)).toEqual({ role: 'user', content: CONTINUE_PROMPT });
    expect(messages[1]).toEqual({ role: 'assistant', content: 'partial' });
  });

  it('continues on llama.cpp by assistant prefill: the partial answer last, nothing added', () => {
    const built = build('llamacpp', {
      continue_final_message: true,
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'partial' },
      ],
    });
    const json = built.json;
    // What llama.cpp will repeat at the start of its answer, for the normalizer to drop.
    expect(built.prefill).toBe('partial');
    expect(build('vllm', { continue_final_message: true }).prefill).toBeUndefined();
    expect(json.messages).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'partial' },
    ]);
    expect(json.continue_final_message).toBeUndefined();
  });

  it('asks llama.cpp for running timings and prompt progress', () => {
    const json = build('llamacpp').json;
    expect(json).toMatchObject({ timings_per_token: true, return_progress: true });
    expect(build('vllm').json.timings_per_token).toBeUndefined();
  });

  it('continues in place on vLLM', () => {
    const json = build('vllm', {
      continue_final_message: true,
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'partial' },
      ],
    }).json;
    expect(json).toMatchObject({ continue_final_message: true, add_generation_prompt: false });
    expect((json.messages as unknown[]).length).toBe(2);
  });

  it('sends text-completion models to /completions with a prompt', () => {
    const up = build('acs', { messages: undefined, prompt: 'Five reasons:\n1.' }, 'completion');
    expect(up.url).toBe('http://backend.test/v1/completions');
    expect(up.json.prompt).toBe('Five reasons:\n1.');
    expect(up.json.messages).toBeUndefined();
    expect(build('vllm').url).toBe('http://backend.test/v1/chat/completions');
  });

  it('puts the key in the Authorization header only', () => {
    const up = build('vllm');
    expect(up.headers.Authorization).toBe('Bearer sk-test-key');
    expect(up.body).not.toContain('sk-test-key');
  });

  it('passes tools and response_format through', () => {
    const tools = [{ type: 'function', function: { name: 'f', parameters: {} } }];
    const json = build('ark', {
      tools,
      tool_choice: 'auto',
      response_format: { type: 'json_object' },
    }).json;
    expect(json).toMatchObject({
      tools,
      tool_choice: 'auto',
      response_format: { type: 'json_object' },
    });
  });

  it('prepends the system prompt only when the conversation has none', () => {
    const withPrompt = (body: Record<string, unknown>) =>
      JSON.parse(
        buildUpstreamRequest(request(body), {
          provider: provider('vllm'),
          upstreamModel: 'm',
          kind: 'chat',
          maxOutputTokens: 10,
          systemPrompt: 'Be brief.',
        }).body,
      ).messages;
    expect(withPrompt({})[0]).toEqual({ role: 'system', content: 'Be brief.' });
    const own = withPrompt({
      messages: [
        { role: 'developer', content: 'Mine' },
        { role: 'user', content: 'q' },
      ],
    });
    expect(own[0]).toEqual({ role: 'developer', content: 'Mine' });
  });
});
