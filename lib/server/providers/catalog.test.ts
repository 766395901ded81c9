import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConfig } from '../config/schema';
import { createCatalog } from './catalog';

// A real local HTTP server stands in for a backend's /models.
let server: Server;
let base = '';
let listCalls = 0;
/** `/held/v1/models`: the requests waiting for an answer, and what they will list. */
const held: (() => void)[] = [];
let heldModel = 'first';
let heldArrived: (() => void) | undefined;
const nextHeldRequest = () => new Promise<void>((resolve) => (heldArrived = resolve));

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/a/v1/models') {
      listCalls++;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          object: 'list',
          data: [
            { id: 'Qwen/Qwen3-8B', max_model_len: 32768 },
            { id: 'other' },
            // llama.cpp's server: the slot's context under `meta`.
            { id: 'smol', owned_by: 'llamacpp', meta: { n_ctx: 8192, n_ctx_train: 8192 } },
          ],
        }),
      );
    } else if (req.url === '/held/v1/models') {
      // Answered when the test says so, with the model of the moment.
      const answer = () => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ data: [{ id: heldModel }] }));
      };
      held.push(answer);
      heldArrived?.();
    } else {
      res.statusCode = 404;
      res.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const deps = () => ({ fetch: globalThis.fetch, now: () => performance.now() });

describe('createCatalog', () => {
  it('lists the backend models with context length and capability guesses', async () => {
    const catalog = createCatalog(
      buildConfig({ OPENAI_BASE_URL: `${base}/a/v1` }, () => ''),
      deps(),
    );
    const models = await catalog.list();
    expect(models.map((m) => m.id)).toEqual(['Qwen/Qwen3-8B', 'other', 'smol']);
    expect(models[2]?.context_length).toBe(8192);
    expect(models[0]).toMatchObject({
      label: 'Qwen3-8B',
      kind: 'chat',
      reasoning: true,
      context_length: 32768,
      provider: 'vllm',
    });
  });

  it('caches the listing briefly', async () => {
    const catalog = createCatalog(
      buildConfig({ OPENAI_BASE_URL: `${base}/a/v1` }, () => ''),
      deps(),
    );
    const before = listCalls;
    await catalog.list();
    await catalog.list();
    const resolved = await catalog.resolve('other');
    expect(listCalls - before).toBe(1);
    // Merged with the configuration once per listing, not once per chat.
    const again = await catalog.resolve('other');
    expect(resolved.ok && again.ok && again.model).toBe(resolved.ok && resolved.model);
  });

  it('serves the last listing while it fetches the next one, and the next one once it came', async () => {
    let clock = 0;
    const catalog = createCatalog(
      buildConfig({ OPENAI_BASE_URL: `${base}/held/v1` }, () => ''),
      { fetch: globalThis.fetch, now: () => clock },
    );
    // The first listing is waited for: there is nothing else to serve.
    let arrived = nextHeldRequest();
    const first = catalog.list();
    await arrived;
    held.shift()!();
    expect((await first).map((m) => m.id)).toEqual(['first']);
    // Expired: the backend now lists another model, and answers only when released. The old
    // listing comes at once (waiting for the backend here would never end: it is held).
    clock += 60_000;
    heldModel = 'second';
    arrived = nextHeldRequest();
    expect((await catalog.list()).map((m) => m.id)).toEqual(['first']);
    expect((await catalog.resolve('first')).ok).toBe(true);
    await arrived;
    expect(held).toHaveLength(1); // one refresh, however many asked meanwhile
    held.shift()!();
    await expect.poll(async () => (await catalog.list()).map((m) => m.id)).toEqual(['second']);
    expect(held).toHaveLength(0);
  });

  it("fetches a stale listing's successor after the request of the chat that found it stale", async () => {
    let clock = 0;
    const calls: string[] = [];
    const recording: typeof fetch = (input, init) => {
      calls.push(String(input));
      return globalThis.fetch(input, init);
    };
    const catalog = createCatalog(
      buildConfig({ OPENAI_BASE_URL: `${base}/a/v1` }, () => ''),
      {
        fetch: recording,
        now: () => clock,
      },
    );
    await catalog.resolve('other');
    clock += 60_000;
    expect((await catalog.resolve('other')).ok).toBe(true);
    // What the route does next, in the same turn of the event loop: its upstream request.
    calls.push('chat');
    await expect.poll(() => calls.length).toBe(3);
    expect(calls).toEqual([`${base}/a/v1/models`, 'chat', `${base}/a/v1/models`]);
  });

  it('treats MODELS as an allowlist with additions', async () => {
    const catalog = createCatalog(
      buildConfig({ OPENAI_BASE_URL: `${base}/a/v1`, MODELS: 'other,extra=completion' }, () => ''),
      deps(),
    );
    const models = await catalog.list();
    expect(models.map((m) => [m.id, m.kind])).toEqual([
      ['other', 'chat'],
      ['extra', 'completion'],
    ]);
    expect((await catalog.resolve('Qwen/Qwen3-8B')).ok).toBe(false);
  });

  it('works from configuration when the backend has no /models', async () => {
    const catalog = createCatalog(
      buildConfig({ OPENAI_BASE_URL: `${base}/none/v1`, MODELS: 'only-me' }, () => ''),
      deps(),
    );
    expect((await catalog.list()).map((m) => m.id)).toEqual(['only-me']);
    expect((await catalog.resolve('not-me')).ok).toBe(false);
  });

  it('prefixes ids with the provider in multi-provider mode and resolves them back', async () => {
    const file = JSON.stringify([
      { id: 'one', label: 'One', baseURL: `${base}/a/v1`, models: ['added'] },
      { id: 'two', label: 'Two', baseURL: `${base}/none/v1`, preset: 'ark', models: ['ark-model'] },
    ]);
    const catalog = createCatalog(
      buildConfig({ PROVIDERS_FILE: 'x' }, () => file),
      deps(),
    );
    expect((await catalog.list()).map((m) => m.id)).toEqual([
      'one:Qwen/Qwen3-8B',
      'one:other',
      'one:smol',
      'one:added',
      'two:ark-model',
    ]);
    const resolved = await catalog.resolve('two:ark-model');
    expect(resolved.ok && [resolved.provider.id, resolved.model.upstreamId]).toEqual([
      'two',
      'ark-model',
    ]);
    expect((await catalog.resolve('ark-model')).ok).toBe(false);
  });

  it('lets requests through to an unreachable backend so the user hears it is down', async () => {
    const catalog = createCatalog(
      buildConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:59999/v1' }, () => ''),
      deps(),
    );
    expect(await catalog.list()).toEqual([]);
    const resolved = await catalog.resolve('anything');
    expect(resolved.ok && resolved.model.upstreamId).toBe('anything');
    // Anyone's text, not a configured id: metrics count it as `other` (chat-observer.ts).
    expect(resolved.ok && resolved.model.unlisted).toBe(true);
  });
});
