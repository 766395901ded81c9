import { expect, test } from '@playwright/test';
import type { RunnelEvent } from '../../lib/protocol/events';
import {
  ACS_TOKENS,
  ANSWER_TOKENS,
  CHAT_TOKENS,
  REASONING_TOKENS,
  TAI_NOTICE,
  TAI_PARTIAL_TOKENS,
} from '../../testing/scenario-backend/scenarios/texts';
import { backendRecord, chat, chatBody, compact, nonce } from '../support/chat-client';

const join = (tokens: readonly string[]) => tokens.join('');
const types = (events: RunnelEvent[]) =>
  compact(events).map((e) => (e.type === 'text' ? e.kind : e.type));

test.describe('ARK Cloud', () => {
  test('reasoning first, running usage, final usage with credits and token details', async () => {
    const marker = nonce();
    const { events } = await chat(chatBody('ark:reasoning', marker));
    expect(compact(events)).toEqual([
      { type: 'start' },
      { type: 'text', kind: 'reasoning', text: join(REASONING_TOKENS) },
      { type: 'text', kind: 'content', text: join(ANSWER_TOKENS) },
      { type: 'finish', reason: 'stop' },
      {
        type: 'usage',
        final: true,
        usage: expect.objectContaining({
          credits_used: expect.any(Number),
          credit_balance: expect.any(Number),
          reasoning_tokens: REASONING_TOKENS.length,
          cached_tokens: expect.any(Number),
        }),
      },
      { type: 'done' },
    ]);
    const running = events.filter(
      (e): e is Extract<RunnelEvent, { type: 'usage' }> => e.type === 'usage' && !e.final,
    );
    expect(running.length).toBeGreaterThan(5);
    const counts = running.map((e) => e.usage.completion_tokens);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
  });

  test('the request carries only fields ARK documents (it would 400 otherwise)', async () => {
    const marker = nonce();
    const { events } = await chat(
      chatBody('ark:chat', marker, { reasoning_effort: 'none', temperature: 0.3 }),
    );
    expect(events.at(-1)?.type).toBe('done');
    const record = await backendRecord('chat', marker);
    expect(record?.path).toBe('/ark/v1/chat/completions');
    expect(record?.body).toMatchObject({
      reasoning_effort: 'none',
      temperature: 0.3,
      max_tokens: 4096,
    });
    expect(record?.body).not.toHaveProperty('chat_template_kwargs');
  });

  test('tool calls arrive whole, one event per call', async () => {
    const { events } = await chat(chatBody('ark:tool-calls', nonce()));
    const calls = events.filter((e) => e.type === 'tool_call');
    expect(calls).toHaveLength(2);
    calls.forEach((c, i) =>
      expect(c).toMatchObject({ index: i, id: expect.any(String), name: expect.any(String) }),
    );
    expect(compact(events).find((e) => e.type === 'finish')).toEqual({
      type: 'finish',
      reason: 'tool_calls',
    });
  });

  test('an error frame after the first token, without [DONE], fails the stream and keeps the text', async () => {
    const { events } = await chat(chatBody('ark:error-midstream', nonce()));
    expect(types(events)).toEqual(['start', 'content', 'error']);
    expect(events.at(-1)).toMatchObject({
      error: {
        code: 'upstream_error',
        message: 'Inference worker failed while generating the response.',
      },
    });
  });

  test('an error before the first token keeps its HTTP status', async () => {
    const { events } = await chat(chatBody('ark:http-error', nonce()));
    expect(events.at(-1)).toMatchObject({
      error: {
        code: 'upstream_http_error',
        status: 503,
        message: expect.stringContaining('No capacity'),
      },
    });
  });

  test('inference_timeout is passed through as the finish reason', async () => {
    const { events } = await chat(chatBody('ark:inference-timeout', nonce()));
    expect(compact(events).find((e) => e.type === 'finish')).toEqual({
      type: 'finish',
      reason: 'inference_timeout',
    });
    expect(events.at(-1)?.type).toBe('done');
  });
});

test.describe('ACS text completions', () => {
  test('prompt in, choices[0].text out as content, keepalives skipped', async () => {
    const marker = nonce();
    const { events } = await chat({
      model: 'acs:completion',
      prompt: `Five reasons to learn Rust (${marker}):\n1.`,
    });
    expect(compact(events)).toEqual([
      { type: 'start' },
      { type: 'text', kind: 'content', text: join(ACS_TOKENS) },
      { type: 'finish', reason: 'length' },
      {
        type: 'usage',
        final: true,
        usage: expect.objectContaining({ completion_tokens: ACS_TOKENS.length }),
      },
      { type: 'done' },
    ]);
    const record = await backendRecord('completion', marker);
    expect(record?.path).toBe('/acs/v1/completions');
    expect(record?.body).toMatchObject({ prompt: expect.stringContaining(marker), stream: true });
  });

  test('a cold start shows its stages as status events', async () => {
    const { events } = await chat({ model: 'acs:cold-start', prompt: 'Hi' });
    expect(compact(events).slice(0, 4)).toEqual([
      { type: 'start' },
      { type: 'status', message: 'cold start: allocating GPU' },
      { type: 'status', message: 'cold start: loading weights (1/2)' },
      { type: 'status', message: 'cold start: loading weights (2/2)' },
    ]);
    expect(events.at(-1)?.type).toBe('done');
  });

  test('a chat conversation sent to a completion model becomes its prompt', async () => {
    const marker = nonce();
    const { events } = await chat(chatBody('acs:completion', marker));
    expect(events.at(-1)?.type).toBe('done');
    expect((await backendRecord('completion', marker))?.body?.prompt).toContain(marker);
  });

  for (const [model, code] of [
    ['error-frame', 'upstream_error'],
    ['cold-boot-failure', 'upstream_error'],
    ['no-done', 'incomplete_stream'],
  ] as const) {
    test(`${model}: failure inside the 200 is ${code}`, async () => {
      const { events } = await chat({ model: `acs:${model}`, prompt: 'Hi' });
      expect(events.at(-1)).toMatchObject({ type: 'error', error: { code } });
      expect(events.some((e) => e.type === 'done')).toBe(false);
    });
  }
});

test.describe('tAI', () => {
  test('empty-delta finish then a usage chunk, Turkish text intact', async () => {
    const { events } = await chat(chatBody('tai:chat', nonce()));
    const seq = compact(events);
    expect(types(events)).toEqual(['start', 'content', 'finish', 'usage', 'done']);
    expect((seq[1] as { text: string }).text).toMatch(/[şğıçöü]/);
  });

  test('the bracketed notice is a provider_notice failure, not an answer', async () => {
    const { events } = await chat(chatBody('tai:notice', nonce()));
    expect(compact(events)).toEqual([
      { type: 'start' },
      { type: 'text', kind: 'content', text: join(TAI_PARTIAL_TOKENS) },
      { type: 'error', error: { code: 'provider_notice', message: TAI_NOTICE.slice(1, -1) } },
    ]);
  });

  test('a dropped connection without [DONE] failed', async () => {
    const { events } = await chat(chatBody('tai:dropped', nonce()));
    expect(events.at(-1)).toMatchObject({ error: { code: 'incomplete_stream' } });
  });
});

test.describe('GPU provider', () => {
  test('`: ping` during a long time-to-first-token is skipped, not shown', async () => {
    const { raw, events } = await chat(chatBody('gpu:ping', nonce()));
    expect(events.some((e) => e.type === 'status')).toBe(false);
    expect(raw).not.toMatch(/^: ?ping/m);
    expect(events.at(-1)?.type).toBe('done');
  });

  test('frames split across TCP reads are reassembled', async () => {
    const { events } = await chat(chatBody('gpu:split', nonce()));
    expect(compact(events).slice(0, 3)).toEqual([
      { type: 'start' },
      { type: 'text', kind: 'content', text: join(CHAT_TOKENS) },
      { type: 'finish', reason: 'stop' },
    ]);
    expect(types(events).at(-1)).toBe('done');
  });

  test('reasoning model: reasoning then content', async () => {
    const { events } = await chat(chatBody('gpu:qwen/qwen3-8b', nonce()));
    expect(types(events)).toEqual(['start', 'reasoning', 'content', 'finish', 'usage', 'done']);
  });

  test('a mid-stream failure is an error frame without [DONE]', async () => {
    const { events } = await chat(chatBody('gpu:error-midstream', nonce()));
    expect(types(events)).toEqual(['start', 'content', 'error']);
  });
});

test.describe('llama.cpp', () => {
  test('content:null first chunk, reasoning_content, timings ignored', async () => {
    const { events } = await chat(chatBody('llamacpp:chat', nonce()));
    expect(types(events)).toEqual(['start', 'reasoning', 'content', 'finish', 'usage', 'done']);
  });

  test('reasoning_effort none switches thinking off through chat_template_kwargs', async () => {
    const marker = nonce();
    await chat(chatBody('llamacpp:chat', marker, { reasoning_effort: 'none' }));
    expect((await backendRecord('chat', marker))?.body).toMatchObject({
      chat_template_kwargs: { enable_thinking: false },
    });
  });

  test('an error frame then a closed connection fails the stream', async () => {
    const { events } = await chat(chatBody('llamacpp:error', nonce()));
    expect(events.at(-1)).toMatchObject({
      error: { code: 'upstream_error', message: 'failed to decode the batch: KV cache is full' },
    });
  });
});
