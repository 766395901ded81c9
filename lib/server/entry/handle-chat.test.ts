import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { codeUserIdentity, visitorIdentity } from '../../../testing/unit/identities';
import { loadRoute } from '../../../testing/unit/route-env';
import type { StreamError } from '../../protocol/events';
import { readEventStream } from '../../protocol/read-event-stream';
import type { Identity } from '../auth/identity';
import type { ChatLogFields } from '../log/chat-log';

const FIRST = 'http://127.0.0.1:9/v1';
const ANY_REPLICA = /127\.0\.0\.1/;

const visitor = visitorIdentity();
const user = codeUserIdentity();

let server: Server | undefined;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** A replica that answers until `down()`, then refuses connections like the first one. */
async function flakyReplica(): Promise<{ url: string; down: () => void }> {
  const listening = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end('data: [DONE]\n\n');
  });
  server = listening;
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  const { port } = listening.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    down: () => {
      listening.closeAllConnections();
      listening.close();
    },
  };
}

/** handle-chat with a provider of two replicas, as a server would load it. */
async function replicatedChat(second: string) {
  const { handleChat, withServices } = await loadRoute(
    async () => ({
      handleChat: (await import('./handle-chat')).handleChat,
      withServices: (await import('./with-services')).withServices,
    }),
    {
      OPENAI_BASE_URLS: `${FIRST},${second}`,
      MODELS: 'm',
      EMBED_ALLOWED_ORIGINS: 'https://x.test',
    },
  );
  /** One chat from `identity`: the error it ended with, and the replica its log line names. */
  return async (identity: Identity) => {
    const request = new Request('http://app.test/api/chat', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
    });
    let logged: ChatLogFields | undefined;
    const response = await withServices((services) =>
      handleChat(request, { ...services, logChat: (fields) => (logged = fields) }, identity),
    );
    let error: StreamError | undefined;
    for await (const event of readEventStream(response.body!)) {
      if (event.type === 'error') error = event.error;
    }
    return { error, replica: logged?.replica };
  };
}

describe('handleChat: every replica unreachable', () => {
  it('names no replica address to a widget visitor, and the one that failed last to users', async () => {
    const second = await flakyReplica();
    const chat = await replicatedChat(second.url);
    // One chat the second replica answers, then it goes down too: the pool's turn makes the next
    // chats try it last, so an error naming the provider's first address would be wrong.
    await chat(user);
    second.down();
    const asVisitor = await chat(visitor);
    expect(asVisitor.error?.code).toBe('upstream_unreachable');
    expect(asVisitor.error?.message).not.toMatch(ANY_REPLICA);
    const asUser = await chat(user);
    expect(asUser.error?.code).toBe('upstream_unreachable');
    expect(asUser.error?.message).toContain(
      `The backend at ${asUser.replica} could not be reached`,
    );
  });
});

describe('handleChat: a model whose chat template opens the thought', () => {
  /** A backend without a reasoning parser: QwQ's output, only `</think>` in it. */
  async function qwqBackend(): Promise<string> {
    const listening = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const frame = (delta: object, finish: string | null = null) =>
        `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      res.end(
        frame({ content: 'Two and two.\n</think>\n\n' }) +
          frame({ content: '4' }) +
          frame({}, 'stop') +
          'data: [DONE]\n\n',
      );
    });
    server = listening;
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(listening.address() as AddressInfo).port}/v1`;
  }

  it.each([
    ['guessed from its id', 'Qwen/QwQ-32B', { reasoning: 'Two and two.\n', content: '4' }],
    [
      'not for another model',
      'Qwen/Qwen3-8B',
      { reasoning: '', content: 'Two and two.\n</think>\n\n4' },
    ],
  ])('%s', async (_label, model, expected) => {
    const { handleChat, withServices } = await loadRoute(
      async () => ({
        handleChat: (await import('./handle-chat')).handleChat,
        withServices: (await import('./with-services')).withServices,
      }),
      {
        OPENAI_BASE_URL: await qwqBackend(),
        MODELS: model,
        EMBED_ALLOWED_ORIGINS: 'https://x.test',
      },
    );
    const request = new Request('http://app.test/api/chat', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: '2+2?' }] }),
    });
    const response = await withServices((services) => handleChat(request, services, user));
    // Joined by kind: how the relay batches the pieces is not what this is about.
    const shown = { reasoning: '', content: '' };
    for await (const event of readEventStream(response.body!)) {
      if (event.type === 'reasoning' || event.type === 'content') shown[event.type] += event.text;
    }
    expect(shown).toEqual(expected);
  });
});
