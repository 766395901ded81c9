import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ADA_CODE, CHECKPOINT_MS } from '../../testing/stack/conversations-stack';
import { startInstance, type Instance } from '../../testing/stack/instance';
import { nonce } from '../ui/helpers';
import { api, conversationDoc, counted, projectApp, sessionCookie } from './helpers';

/**
 * `kill -9` of the instance generating an answer: the answer is in the database up to its last
 * checkpoint, shown `incomplete` with that text. Two instances of their own on the project's
 * database, one after the other.
 */
test.describe.configure({ timeout: 150_000 });

let instances: Instance[] = [];
test.afterAll(async () => {
  await Promise.all(instances.map((i) => i.stop()));
  instances = [];
});

function instanceEnv(): Record<string, string> {
  const app = projectApp();
  return app.database === 'sqlite'
    ? { ...app.env, DATA_DIR: `.runnel/e2e-conversations-crash-${app.port}` }
    : app.env;
}

test.beforeAll(() => {
  const dir = instanceEnv().DATA_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a killed instance loses at most one checkpoint interval of the answer', async () => {
  test.setTimeout(150_000);
  const app = projectApp();
  const first = await startInstance(instanceEnv());
  instances.push(first);
  const at = { ...app, url: first.url };
  const cookie = await sessionCookie(app, ADA_CODE);
  const id = `crash-${nonce()}`;
  const doc = conversationDoc(id, `Count until the crash ${id}`);
  const put = await api(at, cookie, `/api/conversations/${id}`, {
    method: 'PUT',
    body: { conversation: doc },
  });
  expect(put.status).toBe(200);

  const response = await api(at, cookie, '/api/chat', {
    method: 'POST',
    body: {
      model: 'vllm:counting-long',
      messages: [{ role: 'user', content: doc.messages[0]!.content }],
      resumable: true,
      conversation: { id, message_id: `${id}-a` },
    },
  });
  expect(response.status).toBe(200);
  // Read the answer for a few checkpoint intervals, noting when each piece of text arrived.
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const received: { at: number; text: string }[] = [];
  let text = '';
  let buffer = '';
  const started = Date.now();
  while (Date.now() - started < 4 * CHECKPOINT_MS) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('data: ')) continue;
      const event = JSON.parse(line.slice(6)) as { type: string; text?: string };
      if (event.type === 'content') {
        text += event.text ?? '';
        received.push({ at: Date.now(), text });
      }
    }
  }
  const killedAt = Date.now();
  await first.kill();
  expect(text.length).toBeGreaterThan(0);

  const second = await startInstance(instanceEnv());
  instances.push(second);
  type Stored = { conversation: { messages: { content: string; status?: string }[] } };
  const readAnswer = async () => {
    const read = await api({ ...app, url: second.url }, cookie, `/api/conversations/${id}`);
    expect(read.status).toBe(200);
    return ((await read.json()) as Stored).conversation.messages[1]!;
  };
  // Once its last checkpoint is three intervals old, nobody is writing it: it reads cut off.
  await expect
    .poll(async () => (await readAnswer()).status, { timeout: 10 * CHECKPOINT_MS })
    .toBe('incomplete');
  const answer = await readAnswer();
  expect(counted(1000).startsWith(answer.content.trim())).toBe(true);
  // Everything that had arrived one checkpoint interval (and a little scheduling) before the kill.
  const floor = [...received].reverse().find((r) => r.at <= killedAt - CHECKPOINT_MS - 250);
  expect(answer.content.length).toBeGreaterThanOrEqual(floor?.text.length ?? 1);
  console.log(
    `kill -9: ${text.length} characters read, ${answer.content.length} stored (floor ${floor?.text.length ?? 0})`,
  );
});
