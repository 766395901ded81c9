import { describe, expect, it } from 'vitest';
import { handleResumeEvents, handleResumeStop, type ResumeContext } from './handle-resume';
import { createLocalAnswers } from '../resume/local-answers';
import { createReaderCaps } from './reader-caps';
import { hashToken, newResumeToken } from '../resume/token';

const ID = `chat_${crypto.randomUUID()}`;

function context(binding?: string) {
  const answers = createLocalAnswers({ maxBytes: 1 << 20, maxAnswerBytes: 1 << 20, ttlMs: 1000 });
  const token = newResumeToken();
  const log = answers.create(ID, {
    tokenHash: hashToken(token),
    ...(binding ? { binding } : {}),
  });
  log.append(
    [1, 2, 3].map((seq) => ({
      seq,
      data: JSON.stringify({ type: 'content', text: `e${seq}` }),
      terminal: false,
    })),
  );
  const ctx: ResumeContext = {
    stores: { answers },
    keepaliveIntervalMs: 5000,
    readerKey: binding ?? 'address:192.0.2.1',
    caps: createReaderCaps(3, 4),
  };
  return { ctx, token, log };
}

function get(headers: Record<string, string>, id = ID): Request {
  return new Request(`http://app/api/chat/${id}/events`, { headers });
}

async function errorCode(response: Response): Promise<string> {
  return ((await response.json()) as { error: { code: string } }).error.code;
}

describe('GET /api/chat/{id}/events', () => {
  it('answers every event after Last-Event-ID as an event stream', async () => {
    const { ctx, token, log } = context();
    const response = await handleResumeEvents(
      get({ 'x-resume-token': token, 'last-event-id': '1' }),
      ID,
      ctx,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('x-request-id')).toBe(ID);
    log.append([{ seq: 4, data: '{"type":"stopped"}', terminal: true }]);
    expect(await response.text()).toBe(
      'id: 2\ndata: {"type":"content","text":"e2"}\n\n' +
        'id: 3\ndata: {"type":"content","text":"e3"}\n\n' +
        'id: 4\ndata: {"type":"stopped"}\n\n',
    );
  });

  it('is 404 for an unknown or malformed id, before looking at the token', async () => {
    const { ctx, token } = context();
    const unknown = `chat_${crypto.randomUUID()}`;
    for (const id of [unknown, 'chat_../../etc', '']) {
      const response = await handleResumeEvents(get({ 'x-resume-token': token }, id), id, ctx);
      expect(response.status).toBe(404);
      expect(await errorCode(response)).toBe('not_found');
    }
  });

  it('is 403 with a wrong or missing token', async () => {
    const { ctx } = context();
    const tries: Record<string, string>[] = [{ 'x-resume-token': newResumeToken() }, {}];
    for (const headers of tries) {
      const response = await handleResumeEvents(get(headers), ID, ctx);
      expect(response.status).toBe(403);
      expect(await errorCode(response)).toBe('forbidden');
    }
  });

  it('is 403 for another identity when the answer is bound to one', async () => {
    const { ctx, token } = context('user:ada');
    const headers = { 'x-resume-token': token };
    expect((await handleResumeEvents(get(headers), ID, ctx)).status).toBe(403);
    const other = { ...ctx, identityKey: 'user:bob' };
    expect((await handleResumeEvents(get(headers), ID, other)).status).toBe(403);
    const same = { ...ctx, identityKey: 'user:ada' };
    const response = await handleResumeEvents(get(headers), ID, same);
    expect(response.status).toBe(200);
    await response.body!.cancel();
  });

  it('is 400 for a Last-Event-ID that is not an event id', async () => {
    const { ctx, token } = context();
    const response = await handleResumeEvents(
      get({ 'x-resume-token': token, 'last-event-id': 'abc' }),
      ID,
      ctx,
    );
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('invalid_request');
  });

  it('is 404 for an answer that was too large to keep', async () => {
    const { ctx, token, log } = context();
    log.stopKeeping();
    const response = await handleResumeEvents(get({ 'x-resume-token': token }), ID, ctx);
    expect(response.status).toBe(404);
  });
});

describe('POST /api/chat/{id}/stop', () => {
  const post = (headers: Record<string, string>) =>
    new Request(`http://app/api/chat/${ID}/stop`, { method: 'POST', headers });

  it('asks the generator to stop, answers 204, and does so again', async () => {
    const { ctx, token, log } = context();
    let stops = 0;
    log.onStop(() => stops++);
    for (let i = 0; i < 2; i++) {
      const response = await handleResumeStop(post({ 'x-resume-token': token }), ID, ctx);
      expect(response.status).toBe(204);
    }
    expect(stops).toBe(2);
  });

  it('stops nothing without the right token, or for an unknown answer', async () => {
    const { ctx, token, log } = context();
    let stops = 0;
    log.onStop(() => stops++);
    const wrong = await handleResumeStop(post({ 'x-resume-token': newResumeToken() }), ID, ctx);
    expect(wrong.status).toBe(403);
    const unknown = `chat_${crypto.randomUUID()}`;
    const missing = await handleResumeStop(post({ 'x-resume-token': token }), unknown, ctx);
    expect(missing.status).toBe(404);
    expect(stops).toBe(0);
  });

  it('caps the open readers of an answer (429), and frees a place when one leaves', async () => {
    const { ctx, token } = context();
    const open = async () => {
      const reader = new AbortController();
      const response = await handleResumeEvents(
        new Request(`http://app/api/chat/${ID}/events`, {
          headers: { 'x-resume-token': token },
          signal: reader.signal,
        }),
        ID,
        ctx,
      );
      return { response, leave: () => reader.abort() };
    };
    const readers = [await open(), await open(), await open()];
    expect(readers.map((r) => r.response.status)).toEqual([200, 200, 200]);
    const refused = await open();
    expect(refused.response.status).toBe(429);
    expect(refused.response.headers.get('retry-after')).toBe('5');
    expect(await errorCode(refused.response)).toBe('rate_limited');
    readers[0]!.leave();
    expect((await open()).response.status).toBe(200);
  });
});

describe('reader caps', () => {
  it('counts per answer and per identity', () => {
    const caps = createReaderCaps(2, 3);
    const a1 = caps.enter('a', 'me')!;
    caps.enter('a', 'me');
    expect(caps.enter('a', 'you')).toBeUndefined();
    caps.enter('b', 'me');
    expect(caps.enter('c', 'me')).toBeUndefined();
    expect(caps.enter('c', 'you')).toBeDefined();
    a1();
    a1();
    expect(caps.enter('c', 'me')).toBeDefined();
  });
});
