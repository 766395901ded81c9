import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { expect, test } from '@playwright/test';
import { appLog } from '../../testing/stack/app-env';
import { SECURE_APP_URL } from '../../testing/stack/auth-stack';
import { APP_PORT, APP_URL, DOWN_APP_PORT, DOWN_APP_URL } from '../../testing/stack/ports';
import { backendRecord, chatBody, nonce } from '../support/chat-client';

/**
 * An open server: no sign-in method, `next start` (production) listening on every interface — the
 * down app of the stack is started that way (`-H 0.0.0.0`); the main app listens on 127.0.0.1 only,
 * and the secure app has sign-in methods. Only the first warns at start-up and says so in health.
 */
const WARNING = '[runnel] warning: No sign-in method is set';

async function access(url: string): Promise<unknown> {
  return ((await (await fetch(`${url}/api/health`)).json()) as { access?: unknown }).access;
}

test('a production server without sign-in that other machines can reach says "access":"open" and warns at start-up', async () => {
  expect(await access(DOWN_APP_URL)).toBe('open');
  const lines = readFileSync(appLog(DOWN_APP_PORT), 'utf8').split('\n');
  expect(lines.filter((line) => line.startsWith(WARNING))).toHaveLength(1);
});

test('on loopback only, or with a sign-in method, health says nothing about access and nothing is warned', async () => {
  expect(await access(APP_URL)).toBeUndefined();
  expect(await access(SECURE_APP_URL)).toBeUndefined();
  expect(readFileSync(appLog(APP_PORT), 'utf8')).not.toContain(WARNING);
});

test("with no sign-in, a POST from another site's page is refused before any backend call; the page's own and header-less clients are answered", async () => {
  const marker = nonce();
  const post = (headers: Record<string, string>) =>
    fetch(`${APP_URL}/api/chat`, {
      method: 'POST',
      // text/plain: what a page on another site can send without a preflight.
      headers: { 'content-type': 'text/plain', ...headers },
      body: JSON.stringify(chatBody('vllm:chat', marker)),
    });
  const crossSite: Record<string, string>[] = [
    { origin: 'http://evil.test', 'sec-fetch-site': 'cross-site' },
    { origin: 'http://evil.test' },
    { 'sec-fetch-site': 'same-site' },
  ];
  for (const headers of crossSite) {
    const res = await post(headers);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'forbidden' } });
  }
  expect(await backendRecord('chat', marker)).toBeUndefined();
  const answered: Record<string, string>[] = [
    { origin: APP_URL, 'sec-fetch-site': 'same-origin' },
    {},
  ];
  for (const headers of answered) {
    const res = await post(headers);
    expect(res.status).toBe(200);
    await res.text();
  }
  expect(await backendRecord('chat', marker)).toBeDefined();
});

/** A request with the `Host` a browser would send for a page at that name (fetch cannot set it). */
function withHost(
  url: string,
  host: string,
  { method = 'GET', body }: { method?: string; body?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        headers: { host, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

test('with no sign-in on loopback only, a request sent under another name (DNS rebinding) is refused before any backend call', async () => {
  const marker = nonce();
  const chat = JSON.stringify(chatBody('vllm:chat', marker));
  const rebound = await withHost(`${APP_URL}/api/chat`, `rebound.example:${APP_PORT}`, {
    method: 'POST',
    body: chat,
  });
  expect(rebound.status).toBe(403);
  expect(JSON.parse(rebound.body)).toMatchObject({
    error: { code: 'forbidden', message: expect.stringContaining('PUBLIC_URL') },
  });
  expect(await backendRecord('chat', marker)).toBeUndefined();
  for (const host of [`localhost:${APP_PORT}`, `127.0.0.1:${APP_PORT}`])
    expect((await withHost(`${APP_URL}/api/models`, host)).status).toBe(200);
  // A server open to other machines answers any name: rebinding gives nobody more than that.
  expect((await withHost(`${DOWN_APP_URL}/api/models`, 'rebound.example')).status).not.toBe(403);
});
