import { expect, test } from '@playwright/test';
import {
  ANSWER_TOKENS,
  CHAT_TOKENS,
  LENGTH_TOKENS,
  PARTIAL_TOKENS,
  REASONING_TOKENS,
} from '../../testing/scenario-backend/scenarios/texts';
import { chat, chatBody, compact, nonce } from '../support/chat-client';

const join = (tokens: readonly string[]) => tokens.join('');
const reasoning = { type: 'text', kind: 'reasoning', text: join(REASONING_TOKENS) };
const answer = { type: 'text', kind: 'content', text: join(ANSWER_TOKENS) };
const finalUsage = (extra: Record<string, unknown> = {}) => ({
  type: 'usage',
  final: true,
  usage: expect.objectContaining(extra),
});

/** Each vLLM scenario, end to end through `next start`: its exact (compacted) event sequence. */
test.describe('vLLM behaviours', () => {
  test('chat: role chunk with "" content, multi-byte text, final usage, done', async () => {
    const { events } = await chat(chatBody('vllm:chat', nonce()));
    expect(compact(events)).toEqual([
      { type: 'start' },
      { type: 'text', kind: 'content', text: join(CHAT_TOKENS) },
      { type: 'finish', reason: 'stop' },
      finalUsage({ completion_tokens: CHAT_TOKENS.length }),
      { type: 'done' },
    ]);
    // continuous_usage_stats: running counts arrive while streaming
    expect(events.filter((e) => e.type === 'usage' && !e.final).length).toBeGreaterThan(3);
  });

  for (const model of ['reasoning', 'reasoning-content', 'reasoning-both']) {
    test(`${model}: reasoning once, then the answer`, async () => {
      const { events } = await chat(chatBody(`vllm:${model}`, nonce()));
      expect(compact(events)).toEqual([
        { type: 'start' },
        reasoning,
        answer,
        { type: 'finish', reason: 'stop' },
        finalUsage({ reasoning_tokens: REASONING_TOKENS.length }),
        { type: 'done' },
      ]);
    });
  }

  test('think-tags: <think> split across chunks becomes reasoning', async () => {
    const { events } = await chat(chatBody('vllm:think-tags', nonce()));
    expect(compact(events)).toEqual([
      { type: 'start' },
      { type: 'text', kind: 'reasoning', text: '\nLet me think… step one.\n' },
      { type: 'text', kind: 'content', text: 'The answer is 42.' },
      { type: 'finish', reason: 'stop' },
      finalUsage(),
      { type: 'done' },
    ]);
  });

  test('tool-calls: fragments joined by index, each emitted once complete', async () => {
    const { events } = await chat(chatBody('vllm:tool-calls', nonce()));
    const seq = compact(events);
    const calls = seq.filter((e) => e.type === 'tool_call');
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call).toMatchObject({
        id: expect.stringMatching(/.+/),
        name: expect.stringMatching(/.+/),
      });
      expect(() => JSON.parse((call as { arguments: string }).arguments)).not.toThrow();
    }
    expect(seq.slice(-3).map((e) => e.type)).toEqual(['finish', 'usage', 'done']);
    expect(seq.at(-3)).toEqual({ type: 'finish', reason: 'tool_calls' });
  });

  test('length: finish length then done', async () => {
    const { events } = await chat(chatBody('vllm:length', nonce()));
    expect(compact(events)).toEqual([
      { type: 'start' },
      { type: 'text', kind: 'content', text: join(LENGTH_TOKENS) },
      { type: 'finish', reason: 'length' },
      finalUsage(),
      { type: 'done' },
    ]);
  });

  for (const model of ['split-frames', 'crlf']) {
    test(`${model}: frames split across reads and CRLF lose nothing`, async () => {
      const { events } = await chat(chatBody(`vllm:${model}`, nonce()));
      const seq = compact(events);
      expect(seq[0]).toEqual({ type: 'start' });
      expect(seq[1]).toEqual({ type: 'text', kind: 'content', text: join(CHAT_TOKENS) });
      expect(seq.at(-1)).toEqual({ type: 'done' });
    });
  }

  test('error-then-done: an error frame is a failure even though [DONE] follows', async () => {
    const { events } = await chat(chatBody('vllm:error-then-done', nonce()));
    const seq = compact(events);
    expect(seq.slice(0, 2)).toEqual([
      { type: 'start' },
      { type: 'text', kind: 'content', text: join(PARTIAL_TOKENS) },
    ]);
    expect(seq.at(-1)).toMatchObject({ type: 'error', error: { code: 'upstream_error' } });
    expect(seq.some((e) => e.type === 'done')).toBe(false);
  });

  test('no-done: a stream that ends without [DONE] is incomplete', async () => {
    const { events } = await chat(chatBody('vllm:no-done', nonce()));
    const seq = compact(events);
    expect(seq.at(-1)).toMatchObject({ type: 'error', error: { code: 'incomplete_stream' } });
    expect(seq.some((e) => e.type === 'done')).toBe(false);
    expect(seq[1]).toMatchObject({ type: 'text', kind: 'content' });
  });

  test('dropped: a destroyed socket is incomplete, partial text kept', async () => {
    const { events } = await chat(chatBody('vllm:dropped', nonce()));
    const seq = compact(events);
    expect(seq[1]).toMatchObject({ type: 'text', kind: 'content' });
    expect(seq.at(-1)).toMatchObject({ type: 'error', error: { code: 'incomplete_stream' } });
  });

  test('malformed: an unparseable frame is a protocol_error and the server survives', async () => {
    const { events } = await chat(chatBody('vllm:malformed', nonce()));
    expect(compact(events).at(-1)).toMatchObject({
      type: 'error',
      error: { code: 'protocol_error' },
    });
    const again = await chat(chatBody('vllm:chat', nonce()));
    expect(again.events.at(-1)?.type).toBe('done');
  });

  const httpErrors: [string, number, string | RegExp][] = [
    ['http-error', 400, /^This model's maximum context length is 32768 tokens/],
    ['http-error-legacy', 400, /^This model's maximum context length is 32768 tokens/],
    ['html-error', 502, '502 Bad Gateway'],
    ['plain-error', 503, 'Service Unavailable: model is loading'],
  ];
  for (const [model, status, message] of httpErrors) {
    test(`${model}: upstream_http_error with status ${status} and a clean message`, async () => {
      const { response, events } = await chat(chatBody(`vllm:${model}`, nonce()));
      expect(response.status).toBe(200);
      expect(events.map((e) => e.type)).toEqual(['start', 'error']);
      const error = events[1]!.type === 'error' ? events[1]!.error : undefined;
      expect(error).toMatchObject({ code: 'upstream_http_error', status });
      expect(error?.message).toMatch(message);
      expect(error?.message.length).toBeLessThanOrEqual(300);
      expect(error?.message).not.toContain('<');
    });
  }

  test('stall: silence past the idle timeout is upstream_timeout, partial kept', async () => {
    const { events } = await chat(chatBody('vllm:stall', nonce()));
    const seq = compact(events);
    expect(seq[1]).toMatchObject({ type: 'text', kind: 'content' });
    expect(seq.at(-1)).toMatchObject({
      type: 'error',
      error: { code: 'upstream_timeout', message: expect.stringContaining('silent') },
    });
  });

  test('no-headers: no response headers in time is upstream_timeout', async () => {
    const { events } = await chat(chatBody('vllm:no-headers', nonce()));
    expect(compact(events)).toEqual([
      { type: 'start' },
      {
        type: 'error',
        error: { code: 'upstream_timeout', message: 'The backend sent no response within 2000 ms' },
      },
    ]);
  });
});
