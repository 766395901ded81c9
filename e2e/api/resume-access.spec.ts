import { expect, test } from '@playwright/test';
import { PROXY_HEADER, PROXY_PEER, SECURE_APP_URL } from '../../testing/stack/auth-stack';
import { requestFrom } from '../../testing/stack/http-from';
import { mintSession } from '../../testing/stack/session-cookie';
import { backendRecord, chatBody, nonce } from '../support/chat-client';
import { readFrames } from '../support/resume-client';

/**
 * Resumable answers on the app with sign-in: the answer is bound to the identity that started it,
 * so its token alone opens nothing for anyone else (a token copied from a log or a shared screen).
 */
const SESSION_COOKIE = 'runnel_session';

async function cookieOf(name: string): Promise<string> {
  return `${SESSION_COOKIE}=${await mintSession({ name, expiresInS: 600 })}`;
}

function resumeRequest(
  path: 'events' | 'stop',
  requestId: string,
  token: string,
  cookie?: string,
): Promise<Response> {
  return fetch(`${SECURE_APP_URL}/api/chat/${requestId}/${path}`, {
    method: path === 'stop' ? 'POST' : 'GET',
    headers: { 'X-Resume-Token': token, ...(cookie ? { cookie } : {}) },
  });
}

test('a resumable answer opens only for the identity that started it, token or not', async () => {
  const owner = await cookieOf('team');
  const marker = nonce('bound');
  const response = await fetch(`${SECURE_APP_URL}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: owner },
    body: JSON.stringify(chatBody('vllm:counting', marker, { resumable: true })),
  });
  expect(response.status).toBe(200);
  const [start] = await readFrames(response.body!, (frames) => frames.length > 0);
  expect(start?.event.type).toBe('start');
  const { request_id: requestId, resume_token: token } = start!.event as {
    request_id: string;
    resume_token: string;
  };
  expect(token).toEqual(expect.any(String));

  // Without a session: 401 before anything is looked up; another identity with the token: 403.
  expect((await resumeRequest('events', requestId, token)).status).toBe(401);
  expect((await resumeRequest('stop', requestId, token)).status).toBe(401);
  // Another signed-in identity (through the trusted sign-in proxy) with the right token: 403.
  const asOther = (path: 'events' | 'stop') =>
    requestFrom(PROXY_PEER, `${SECURE_APP_URL}/api/chat/${requestId}/${path}`, {
      method: path === 'stop' ? 'POST' : 'GET',
      headers: { [PROXY_HEADER]: 'ada@example.test', 'X-Resume-Token': token },
    });
  const foreign = await asOther('events');
  expect(foreign.status).toBe(403);
  expect(JSON.parse(foreign.body)).toEqual({
    error: { code: 'forbidden', message: expect.any(String) },
  });
  expect((await asOther('stop')).status).toBe(403);

  // Nothing of that stopped it; the owner reads it to its end.
  const mine = await resumeRequest('events', requestId, token, owner);
  expect(mine.status).toBe(200);
  const frames = await readFrames(mine.body!);
  expect(frames.at(-1)?.event.type).toBe('done');
  await expect
    .poll(async () => (await backendRecord('counting', marker))?.outcome)
    .toBe('completed');
});
