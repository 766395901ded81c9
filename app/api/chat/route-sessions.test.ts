import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunnelEvent } from '@/lib/protocol/events';
import { readEventStream } from '@/lib/protocol/read-event-stream';
import { loadRoute } from '@/testing/unit/route-env';

/** An ARK-like backend that answers every chat at once. */
let backend: Server;
let base = '';
beforeAll(async () => {
  backend = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(
        `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'ok' } }] })}\n\ndata: [DONE]\n\n`,
      );
    });
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(backend.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => backend.close(() => resolve())));
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('POST /api/chat: provider sessions', () => {
  it('continues a provider session only for the identity that started it (403 otherwise)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'runnel-sessions-'));
    const file = join(dir, 'providers.json');
    writeFileSync(
      file,
      JSON.stringify([
        {
          id: 'ark',
          label: 'ARK',
          baseURL: base,
          preset: 'ark',
          statefulSessions: true,
          models: ['m'],
        },
      ]),
    );
    const POST = await loadRoute(async () => (await import('./route')).POST, {
      PROVIDERS_FILE: file,
      EMBED_ALLOWED_ORIGINS: 'https://site.test',
      EMBED_RATE_LIMIT_TOKENS_PER_DAY: '0',
    });
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      POST(
        new Request('http://app.test/api/chat', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        }),
      );
    const messages = [{ role: 'user', content: 'one' }];
    const events: RunnelEvent[] = [];
    for await (const e of readEventStream(
      (await post({ model: 'ark:m', messages, session: {} })).body!,
    ))
      events.push(e);
    const done = events.at(-1);
    const id = done?.type === 'done' ? done.session?.id : undefined;
    expect(id).toMatch(/^sess_/);
    const next = {
      model: 'ark:m',
      messages: [
        ...messages,
        { role: 'assistant', content: 'ok' },
        { role: 'user', content: 'two' },
      ],
      session: { id, messages: 2 },
    };
    // Someone else (a widget visitor here) with the same id is refused.
    const stranger = await post(next, { 'x-runnel-visitor': 'visitor-0123456789abcdef' });
    expect(stranger.status).toBe(403);
    expect(await stranger.json()).toMatchObject({
      error: { code: 'forbidden', param: 'session.id' },
    });
    // The identity that started it continues it.
    const own = await post(next);
    expect(own.status).toBe(200);
    await own.body?.cancel();
  });
});
