import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScenarioBackend, type ScenarioBackend } from './server';

let backend: ScenarioBackend;
beforeAll(async () => {
  backend = await startScenarioBackend({ port: 0 });
});
afterAll(async () => {
  await backend.close();
});

/** One non-streamed `stateful` answer (or the error) for `extra` + `messages`. */
async function ask(messages: unknown[], extra: Record<string, unknown> = {}) {
  const res = await fetch(`${backend.url}/ark/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'stateful', messages, ...extra }),
  });
  const json = (await res.json()) as {
    choices?: { message: { content: string } }[];
    error?: { code: string; param: string };
  };
  return { status: res.status, text: json.choices?.[0]?.message.content, error: json.error };
}

const user = (content: string) => ({ role: 'user', content });
const session = (id: string) => ({ ark_stateful: id, ark_max_session_tokens: 1000 });

describe('scenario backend: ARK stateful sessions', () => {
  it('remembers a session: later requests send only new messages', async () => {
    const first = await ask([user('one')], session('s1'));
    expect(first.text).toBe('I have 1 messages of this conversation (1 sent now). You said: one');
    const second = await ask([user('two')], session('s1'));
    expect(second.text).toBe('I have 3 messages of this conversation (1 sent now). You said: two');
    const list = (await (await fetch(`${backend.url}/__control/ark-sessions`)).json()) as {
      sessions: { id: string; messages: number }[];
    };
    expect(list.sessions).toContainEqual({ id: 's1', messages: 4 });
  });

  it('a forgotten session is answered 404 session_not_found', async () => {
    await ask([user('one')], session('s2'));
    const forget = await fetch(`${backend.url}/__control/ark-sessions/forget?id=s2`, {
      method: 'POST',
    });
    expect(await forget.json()).toEqual({ forgotten: true });
    const again = await ask([user('two')], session('s2'));
    expect(again.status).toBe(404);
    expect(again.error).toMatchObject({ code: 'session_not_found', param: 'ark_stateful' });
  });

  it('refuses a session without its cap, or with stop', async () => {
    expect((await ask([user('x')], { ark_stateful: 's3' })).error?.param).toBe(
      'ark_max_session_tokens',
    );
    expect((await ask([user('x')], { ...session('s3'), stop: ['\n'] })).error?.param).toBe('stop');
  });

  it('without a session it knows only what was sent', async () => {
    const { text } = await ask([user('a'), { role: 'assistant', content: 'b' }, user('c')]);
    expect(text).toBe('I have 3 messages of this conversation (3 sent now). You said: c');
  });
});
