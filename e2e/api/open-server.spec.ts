import { readFileSync } from 'node:fs';
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
