import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { BOB_CODE, CAROL_CODE, DAVE_CODE } from '../../testing/stack/conversations-stack';
import { nonce } from '../ui/helpers';
import { api, conversationDoc, projectApp, sessionCookie } from './helpers';
import type { ConversationsApp } from '../../testing/stack/conversations-stack';

interface SlowWrite {
  /** The status and `Retry-After` of its answer, whenever it comes. */
  answer: Promise<{ status: number; retryAfter: string | undefined }>;
  /** Sends the rest of the body. */
  finish: () => void;
}

/** A write whose headers and first half are sent now, the rest only on `finish()`. */
function slowWrite(app: ConversationsApp, cookie: string, path: string, body: unknown): SlowWrite {
  const text = JSON.stringify(body);
  const half = Math.floor(text.length / 2);
  let finish = () => {};
  const answer = new Promise<{ status: number; retryAfter: string | undefined }>(
    (resolve, reject) => {
      const request = httpRequest(
        new URL(path, app.url),
        {
          method: path.endsWith('/import') ? 'POST' : 'PUT',
          headers: {
            cookie,
            origin: app.url,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(text),
          },
        },
        (response) => {
          response.resume();
          const retryAfter = response.headers['retry-after'];
          resolve({ status: response.statusCode ?? 0, retryAfter });
          // A refused write's unsent half is not wanted any more.
          if (response.statusCode === 429) request.destroy();
        },
      );
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
      request.write(text.slice(0, half));
      finish = () => {
        if (!request.destroyed) request.end(text.slice(half));
      };
    },
  );
  return { answer, finish: () => finish() };
}

test("a user's fifth conversation write at once is refused with Retry-After, others' are not, and the slot comes back", async () => {
  const app = projectApp();
  const [carol, bob] = [await sessionCookie(app, CAROL_CODE), await sessionCookie(app, BOB_CODE)];
  const id = `uploads-${nonce()}`;
  const writes = [1, 2, 3, 4].map((n) =>
    slowWrite(app, carol, `/api/conversations/${id}-${n}`, {
      conversation: conversationDoc(`${id}-${n}`, `Write ${n}`),
    }),
  );
  writes.push(
    slowWrite(app, carol, '/api/conversations/import', {
      conversations: [conversationDoc(`${id}-5`, 'Imported')],
    }),
  );
  // Four of the five hold a slot and cannot answer before their bodies end: the first answer is
  // the refusal of whichever reached the gate last (a PUT or the import: they count together).
  // Without the cap none would answer before its body ends: a bound turns that into a failure
  // that says so, not a test timeout.
  let bound: NodeJS.Timeout | undefined;
  const first = await Promise.race([
    ...writes.map((w, i) => w.answer.then((a) => ({ ...a, i }))),
    new Promise<{ status: string; retryAfter: undefined; i: -1 }>((resolve) => {
      bound = setTimeout(
        () => resolve({ status: 'no write refused within 20 s', retryAfter: undefined, i: -1 }),
        20_000,
      );
    }),
  ]);
  clearTimeout(bound);
  expect(first.status).toBe(429);
  expect(Number(first.retryAfter)).toBeGreaterThan(0);

  // Another user writes meanwhile. (Carol writes in this spec alone: another spec's writes would
  // hold her slots.)
  const bobs = await api(app, bob, `/api/conversations/${id}-bob`, {
    method: 'PUT',
    body: { conversation: conversationDoc(`${id}-bob`, 'Bob') },
  });
  expect(bobs.status).toBe(200);

  const admitted = writes.filter((_, i) => i !== first.i);
  for (const write of admitted) write.finish();
  expect((await Promise.all(admitted.map((w) => w.answer))).map((a) => a.status)).toEqual([
    200, 200, 200, 200,
  ]);
  // Answered, they give their slots back: Carol writes again.
  const again = await api(app, carol, `/api/conversations/${id}-6`, {
    method: 'PUT',
    body: { conversation: conversationDoc(`${id}-6`, 'Again') },
  });
  expect(again.status).toBe(200);
});

interface UnreadGet {
  /** The answer's status and `Retry-After`, once its head has come. */
  head: Promise<{ status: number; retryAfter: string | undefined }>;
  /** Reads the answer to its end; resolves with its length in bytes. */
  read: () => Promise<number>;
  close: () => void;
}

/** A GET whose answer's body is not read until `read()`, as a client that asks and stalls. */
function unreadGet(app: ConversationsApp, cookie: string, path: string): UnreadGet {
  let read: () => Promise<number> = () => Promise.resolve(0);
  const request = httpRequest(new URL(path, app.url), { headers: { cookie, origin: app.url } });
  const head = new Promise<{ status: number; retryAfter: string | undefined }>(
    (resolve, reject) => {
      request.on('response', (response) => {
        response.pause();
        read = () =>
          new Promise((done, failed) => {
            let bytes = 0;
            response.on('data', (chunk: Buffer) => (bytes += chunk.byteLength));
            response.on('end', () => done(bytes));
            response.on('error', failed);
            response.resume();
          });
        resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'] });
      });
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
    },
  );
  request.end();
  return { head, read: () => read(), close: () => request.destroy() };
}

test("a user's fifth large answer at once, while four are not read, is refused with Retry-After; reading one gives its slot back", async () => {
  const app = projectApp();
  const dave = await sessionCookie(app, DAVE_CODE);
  const id = `answers-${nonce()}`;
  const doc = conversationDoc(id, 'A long one');
  // 15 MiB: more than the loopback's socket buffers take from an answer nobody reads.
  Object.assign(doc.messages[1]!, { status: 'complete', content: 'x'.repeat(15 * 1024 * 1024) });
  const put = await api(app, dave, `/api/conversations/${id}`, {
    method: 'PUT',
    body: { conversation: doc },
  });
  expect(put.status).toBe(200);

  const path = `/api/conversations/${id}`;
  const reads = [1, 2, 3, 4].map(() => unreadGet(app, dave, path));
  expect((await Promise.all(reads.map((r) => r.head))).map((h) => h.status)).toEqual([
    200, 200, 200, 200,
  ]);
  const fifth = unreadGet(app, dave, path);
  const refused = await fifth.head;
  expect(refused.status).toBe(429);
  expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  fifth.close();

  // Read to its end, an answer gives its slot back (once the server has sent its last byte).
  expect(await reads[0]!.read()).toBeGreaterThan(15 * 1024 * 1024);
  await expect
    .poll(async () => {
      const again = unreadGet(app, dave, path);
      const { status } = await again.head;
      again.close();
      return status;
    })
    .toBe(200);
  for (const r of reads) r.close();
});
