import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ADA_CODE, GRACE_MS } from '../../testing/stack/conversations-stack';
import { startInstance, type Instance } from '../../testing/stack/instance';
import { nonce } from '../ui/helpers';
import { api, conversationDoc, counted, projectApp, sessionCookie } from './helpers';

/**
 * An answer whose reader left finishes in the background and is stored (signed in,
 * `BACKGROUND_ANSWERS` at its default); with `BACKGROUND_ANSWERS=off` it is stopped once the grace
 * period is over, as in open mode.
 */
test.describe.configure({ timeout: 120_000 });

let off: Instance | undefined;
test.afterAll(async () => off?.stop());

type Stored = { conversation: { messages: { content: string; status?: string }[] } };

async function askAndLeave(url: string, id: string): Promise<string> {
  const app = { ...projectApp(), url };
  const cookie = await sessionCookie(projectApp(), ADA_CODE);
  const doc = conversationDoc(id, `Count while nobody reads ${id}`);
  await api(app, cookie, `/api/conversations/${id}`, {
    method: 'PUT',
    body: { conversation: doc },
  });
  const response = await api(app, cookie, '/api/chat', {
    method: 'POST',
    body: {
      model: 'vllm:counting',
      messages: [{ role: 'user', content: doc.messages[0]!.content }],
      resumable: true,
      conversation: { id, message_id: `${id}-a` },
    },
  });
  const reader = response.body!.getReader();
  await reader.read();
  // The only reader leaves right after the answer started.
  await reader.cancel();
  return cookie;
}

test('an answer nobody reads any more is finished and stored', async () => {
  const app = projectApp();
  const id = `background-${nonce()}`;
  const cookie = await askAndLeave(app.url, id);
  await expect
    .poll(
      async () => {
        const read = (await (await api(app, cookie, `/api/conversations/${id}`)).json()) as Stored;
        return read.conversation.messages[1]?.status;
      },
      { timeout: 30_000 },
    )
    .toBe('complete');
  const read = (await (await api(app, cookie, `/api/conversations/${id}`)).json()) as Stored;
  expect(read.conversation.messages[1]!.content.trim()).toBe(counted(200));
});

test('with BACKGROUND_ANSWERS=off it is stopped after the grace period, its text kept', async () => {
  test.setTimeout(120_000);
  const app = projectApp();
  const env =
    app.database === 'sqlite'
      ? { ...app.env, DATA_DIR: `.runnel/e2e-conversations-off-${app.port}` }
      : app.env;
  if (env.DATA_DIR) rmSync(env.DATA_DIR, { recursive: true, force: true });
  off = await startInstance({ ...env, BACKGROUND_ANSWERS: 'off' });
  const id = `grace-${nonce()}`;
  const cookie = await askAndLeave(off.url, id);
  const at = { ...app, url: off.url };
  await expect
    .poll(
      async () => {
        const read = (await (await api(at, cookie, `/api/conversations/${id}`)).json()) as Stored;
        return read.conversation.messages[1]?.status;
      },
      { timeout: 10 * GRACE_MS + 10_000 },
    )
    .toBe('incomplete');
  const read = (await (await api(at, cookie, `/api/conversations/${id}`)).json()) as Stored;
  const kept = read.conversation.messages[1]!.content.trim();
  expect(counted(200).startsWith(kept)).toBe(true);
  expect(kept).not.toBe(counted(200));
});
