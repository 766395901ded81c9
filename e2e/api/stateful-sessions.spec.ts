/**
 * ARK stateful sessions through the gateway: a provider marked `statefulSessions` keeps the
 * conversation, so a continued session is sent only the new messages; a session ARK no longer
 * knows falls back to the whole history in a new session, within the same answer.
 */
import { expect, test } from '@playwright/test';
import type { RunnelEvent } from '../../lib/protocol/events';
import { APP_URL, SCENARIO_URL } from '../../testing/stack/ports';
import { backendRecord, chat, nonce } from '../support/chat-client';

type BackendRecord = NonNullable<Awaited<ReturnType<typeof backendRecord>>>;

const MODEL = 'arks:stateful';

/** The answer text and the session `done` named. */
function outcome(events: RunnelEvent[]) {
  const text = events.map((e) => (e.type === 'content' ? e.text : '')).join('');
  const done = events.find((e) => e.type === 'done');
  return { text, session: done?.type === 'done' ? done.session?.id : undefined };
}

/** Every backend request for the stateful model whose body mentions `marker`, oldest first. */
async function records(marker: string): Promise<BackendRecord[]> {
  const res = await fetch(`${SCENARIO_URL}/__control/requests?model=stateful`);
  const { requests } = (await res.json()) as { requests: BackendRecord[] };
  return requests.filter((r) => JSON.stringify(r.body).includes(marker));
}

test('a session is started, continued with only the new messages, and rebuilt when forgotten', async () => {
  const m = nonce('sess');
  const q1 = { role: 'user', content: `First ${m}` };
  const first = await chat({ model: MODEL, messages: [q1], session: {} });
  const a = outcome(first.events);
  expect(a.session).toMatch(/^sess_/);
  expect(a.text).toBe(`I have 1 messages of this conversation (1 sent now). You said: First ${m}`);

  const q2 = { role: 'user', content: `Second ${m}` };
  const history = [q1, { role: 'assistant', content: a.text }, q2];
  const second = await chat({
    model: MODEL,
    messages: history,
    session: { id: a.session, messages: 2 },
  });
  const b = outcome(second.events);
  expect(b.session).toBe(a.session);
  expect(b.text).toBe(`I have 3 messages of this conversation (1 sent now). You said: Second ${m}`);
  const sent = (await records(`Second ${m}`))[0]!.body!;
  expect(sent.messages).toEqual([q2]);
  expect(sent).toMatchObject({ ark_stateful: a.session, ark_max_session_tokens: 16000 });

  // ARK drops the session: the next answer still has the whole conversation, in a new session.
  await fetch(`${SCENARIO_URL}/__control/ark-sessions/forget?id=${a.session}`, { method: 'POST' });
  const q3 = { role: 'user', content: `Third ${m}` };
  const third = await chat({
    model: MODEL,
    messages: [...history, { role: 'assistant', content: b.text }, q3],
    session: { id: a.session, messages: 4 },
  });
  const c = outcome(third.events);
  expect(third.events.some((e) => e.type === 'error')).toBe(false);
  expect(c.text).toBe(`I have 5 messages of this conversation (5 sent now). You said: Third ${m}`);
  expect(c.session).toMatch(/^sess_/);
  expect(c.session).not.toBe(a.session);
  const tries = await records(`Third ${m}`);
  expect(tries.map((r) => (r.body!.messages as unknown[]).length)).toEqual([1, 5]);
});

test('providers not marked stateful get the whole history and no session', async () => {
  const m = nonce('plain');
  const { events } = await chat({
    model: 'ark:stateful',
    messages: [{ role: 'user', content: `Hi ${m}` }],
    session: {},
  });
  expect(outcome(events).session).toBeUndefined();
  const sent = (await records(`Hi ${m}`))[0]!.body!;
  expect(sent).not.toHaveProperty('ark_stateful');
});

test('the model list says which models keep sessions', async () => {
  const { models } = (await (await fetch(`${APP_URL}/api/models`)).json()) as {
    models: { id: string; stateful_sessions?: boolean }[];
  };
  expect(models.find((x) => x.id === MODEL)?.stateful_sessions).toBe(true);
  expect(models.find((x) => x.id === 'ark:stateful')).not.toHaveProperty('stateful_sessions');
});
