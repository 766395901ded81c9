import { describe, expect, it } from 'vitest';
import { parseChatRequest, type ChatRequest } from '../../protocol/chat-request';
import type { ProviderConfig, PresetId } from '../config/providers-config';
import { PRESETS } from './presets';
import { DEFAULT_SESSION_TOKENS, isUnknownSession, planSession } from './stateful-session';
import { PRESETS_WITH_SESSIONS } from '../config/providers-config';
import { testProvider } from '../../../testing/unit/provider-config';

function provider(preset: PresetId, stateful = true): ProviderConfig {
  return testProvider(preset, stateful ? { statefulSessions: {} } : {});
}

const history = [
  { role: 'user', content: 'one' },
  { role: 'assistant', content: 'first answer' },
  { role: 'user', content: 'two' },
];

function chat(body: Record<string, unknown>): ChatRequest {
  const parsed = parseChatRequest({ model: 'm', messages: history, ...body });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

function plan(body: Record<string, unknown>, p = provider('ark'), extra = {}) {
  let n = 0;
  return planSession(chat(body), {
    provider: p,
    upstreamModel: 'up',
    kind: 'chat',
    maxOutputTokens: 100,
    systemPrompt: 'Be brief.',
    newSessionId: () => `new${++n}`,
    ...extra,
  });
}

const json = (body: string) => JSON.parse(body) as Record<string, unknown>;

describe('provider sessions (ARK stateful)', () => {
  it('continues a session with only the messages it does not hold, no system prompt again', () => {
    const p = plan({ session: { id: 'sess_a', messages: 2 } }, provider('ark'), {
      contextLength: 8192,
    })!;
    expect(p.sessionId).toBe('sess_a');
    expect(json(p.request.body)).toMatchObject({
      messages: [{ role: 'user', content: 'two' }],
      ark_stateful: 'sess_a',
      ark_max_session_tokens: 8192,
    });
    // If ARK no longer knows it: the whole history, system prompt included, in a new session.
    expect(p.fallback!.sessionId).toBe('new1');
    expect(json(p.fallback!.request.body)).toMatchObject({
      messages: [{ role: 'system', content: 'Be brief.' }, ...history],
      ark_stateful: 'new1',
      ark_max_session_tokens: 8192,
    });
  });

  it('starts a session with the whole history when asked with {}', () => {
    const p = plan({ session: {} })!;
    expect(p.fallback).toBeUndefined();
    expect(json(p.request.body)).toMatchObject({
      messages: [{ role: 'system', content: 'Be brief.' }, ...history],
      ark_stateful: 'new1',
      ark_max_session_tokens: DEFAULT_SESSION_TOKENS,
    });
  });

  it('does not apply to providers not marked, presets without sessions, no session field, or stop', () => {
    expect(plan({ session: {} }, provider('ark', false))).toBeNull();
    expect(plan({ session: {} }, provider('vllm'))).toBeNull();
    expect(plan({})).toBeNull();
    expect(plan({ session: {}, stop: ['END'] })).toBeNull();
  });

  it('the configured cap wins over the model context', () => {
    const p = plan(
      { session: {} },
      { ...provider('ark'), statefulSessions: { maxTokens: 500 } },
      {
        contextLength: 8192,
      },
    )!;
    expect(json(p.request.body).ark_max_session_tokens).toBe(500);
  });

  it('tells an unknown session from other refusals', () => {
    const body = (error: object) => JSON.stringify({ error });
    expect(isUnknownSession(404, body({ code: 'session_not_found' }), 'ark_stateful')).toBe(true);
    expect(isUnknownSession(400, body({ param: 'ark_stateful', code: 'x' }), 'ark_stateful')).toBe(
      true,
    );
    expect(isUnknownSession(404, body({ code: 'model_not_found' }), 'ark_stateful')).toBe(false);
    expect(isUnknownSession(503, body({ code: 'session_busy' }), 'ark_stateful')).toBe(false);
    expect(isUnknownSession(404, '<html>', 'ark_stateful')).toBe(false);
  });

  it('the request refuses a session that would hold every message, and half a reference', () => {
    expect(
      parseChatRequest({ model: 'm', messages: history, session: { id: 'x', messages: 3 } }),
    ).toMatchObject({ ok: false, error: { param: 'session.messages' } });
    expect(parseChatRequest({ model: 'm', messages: history, session: { id: 'x' } })).toMatchObject(
      { ok: false, error: { code: 'invalid_request' } },
    );
    expect(
      parseChatRequest({ model: 'm', messages: history, session: { id: 'x', messages: 1, n: 1 } }),
    ).toMatchObject({ ok: false, error: { code: 'unknown_parameter', param: 'session.n' } });
  });

  it('the presets that configuration allows sessions for are those that have them', () => {
    const withSessions = Object.values(PRESETS)
      .filter((p) => p.sessions)
      .map((p) => p.id);
    expect(withSessions).toEqual([...PRESETS_WITH_SESSIONS]);
  });
});
