import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { untilRead } from '../unit/until';
import type { RequestRecord } from './recorder';
import { CHAT_TOKENS } from './scenarios/texts';
import { startScenarioBackend, type ScenarioBackend } from './server';

let backend: ScenarioBackend;

beforeAll(async () => {
  backend = await startScenarioBackend({ port: 0 });
});
afterAll(async () => {
  await backend.close();
});
beforeEach(async () => {
  await fetch(`${backend.url}/__control/reset`, { method: 'POST' });
});

function post(path: string, body: unknown, init: RequestInit = {}): Promise<Response> {
  return fetch(`${backend.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: JSON.stringify(body),
    signal: init.signal,
  });
}

async function lastRecord(): Promise<RequestRecord> {
  const res = await fetch(`${backend.url}/__control/requests/last`);
  return (await res.json()) as RequestRecord;
}

/** Polls until the last record has an outcome (close events are async). */
function settledRecord(): Promise<RequestRecord> {
  return untilRead(lastRecord, (rec) => rec.outcome !== undefined, 5_000);
}

/** Concatenated delta.content of a compact SSE body. */
function contentOf(sse: string): string {
  let text = '';
  for (const line of sse.split(/\r?\n/)) {
    if (!line.startsWith('data: {')) continue;
    const chunk = JSON.parse(line.slice(6)) as { choices?: { delta?: { content?: string } }[] };
    text += chunk.choices?.[0]?.delta?.content ?? '';
  }
  return text;
}

describe('scenario backend', () => {
  it('lists the chat model under /v1/models', async () => {
    const res = await fetch(`${backend.url}/v1/models`);
    const json = (await res.json()) as { data: { id: string; max_model_len?: number }[] };
    expect(res.status).toBe(200);
    expect(json.data.map((m) => m.id)).toContain('chat');
    expect(json.data[0]?.max_model_len).toBe(32768);
  });

  it('streams chat to data: [DONE] with usage when asked', async () => {
    const res = await post('/v1/chat/completions', {
      model: 'chat',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'hello there' }],
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const text = await res.text();
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
    expect(contentOf(text)).toBe(CHAT_TOKENS.join(''));
    expect(text).toContain(`"usage":{"prompt_tokens":7,"completion_tokens":${CHAT_TOKENS.length}`);
    const rec = await settledRecord();
    expect(rec.outcome).toBe('completed');
    expect(rec.model).toBe('chat');
  });

  it('ARK rejects an unknown top-level field with unknown_parameter', async () => {
    const res = await post('/ark/v1/chat/completions', {
      model: 'chat',
      messages: [],
      chat_template_kwargs: {},
    });
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: { code: string; param: string } };
    expect(json.error.code).toBe('unknown_parameter');
    expect(json.error.param).toBe('chat_template_kwargs');
  });

  it('records a client abort of slow as client_closed promptly', async () => {
    const ac = new AbortController();
    const res = await post(
      '/v1/chat/completions',
      { model: 'slow', stream: true, messages: [] },
      { signal: ac.signal },
    );
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    // Mid-answer: the abort comes once a token (they are 50 ms apart) has arrived.
    let received = '';
    while (!/"content":"[^"]/.test(received)) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended before its first token');
      received += decoder.decode(value, { stream: true });
    }
    const abortedAt = performance.timeOrigin + performance.now();
    ac.abort();
    const rec = await settledRecord();
    expect(rec.outcome).toBe('client_closed');
    expect(rec.closedAt).toBeDefined();
    expect(Math.abs(rec.closedAt! - abortedAt)).toBeLessThan(200);
  });

  it('echo-key echoes the bearer key in a 401', async () => {
    const res = await post(
      '/v1/chat/completions',
      { model: 'echo-key', stream: true },
      { headers: { authorization: 'Bearer sk-test-777' } },
    );
    expect(res.status).toBe(401);
    expect(await res.text()).toContain('Incorrect API key provided: sk-test-777.');
  });

  it('/nomodels/v1/models is 404 but its chat works for any model', async () => {
    expect((await fetch(`${backend.url}/nomodels/v1/models`)).status).toBe(404);
    const res = await post('/nomodels/v1/chat/completions', { model: 'anything', stream: true });
    expect(contentOf(await res.text())).toBe(CHAT_TOKENS.join(''));
  });

  it('split-frames arrives in many reads and reassembles to the chat text', async () => {
    const res = await post('/v1/chat/completions', { model: 'split-frames', stream: true });
    const reader = res.body!.getReader();
    const parts: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
    }
    expect(parts.length).toBeGreaterThan(20);
    const text = Buffer.concat(parts).toString('utf8');
    expect(text).toContain('\r\n\r\n');
    expect(contentOf(text)).toBe(CHAT_TOKENS.join(''));
  });

  it('records dropped as server_destroyed and no-headers as never_responded', async () => {
    const res = await post('/v1/chat/completions', { model: 'dropped', stream: true });
    await expect(res.text()).rejects.toThrow();
    expect((await settledRecord()).outcome).toBe('server_destroyed');

    const ac = new AbortController();
    const pending = post(
      '/v1/chat/completions',
      { model: 'no-headers', stream: true },
      { signal: ac.signal },
    );
    // The request reached the backend (it is recorded), which will never answer it.
    await untilRead(lastRecord, (rec) => rec.model === 'no-headers', 5_000);
    ac.abort();
    await expect(pending).rejects.toThrow();
    expect((await settledRecord()).outcome).toBe('never_responded');
  });

  it('honours the global tokenDelayMs override', async () => {
    await post('/__control/settings', { tokenDelayMs: 0 });
    const started = Date.now();
    const res = await post('/v1/chat/completions', { model: 'slow', stream: true });
    expect((await res.text()).endsWith('data: [DONE]\n\n')).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
