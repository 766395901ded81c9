import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRoute } from '../../../testing/unit/route-env';
import type { Identity } from '../auth/identity';
import type { ChatRequest } from '../../protocol/chat-request';
import type { ChatAdmissionInput } from './chat-limits';

afterEach(() => {
  vi.unstubAllEnvs();
});

const load = (env: Record<string, string>) =>
  loadRoute(
    async () => ({
      limits: await import('./chat-limits'),
      config: (await import('../config/server-config')).getServerConfig(),
    }),
    { OPENAI_BASE_URL: 'http://127.0.0.1:59997/v1', ...env },
  );

const visitor = (id: string): Identity => ({
  kind: 'visitor',
  key: `visitor:${id}`,
  visitorId: id,
  address: '192.0.2.1',
});
const anon: Identity = { kind: 'anonymous', key: 'address:192.0.2.9', address: '192.0.2.9' };
const chat: ChatRequest = { model: 'm', messages: [{ role: 'user', content: 'hello' }] };

function input(
  config: Awaited<ReturnType<typeof load>>['config'],
  overrides: Partial<ChatAdmissionInput> = {},
): ChatAdmissionInput {
  return { chat, modelId: 'm', provider: config.providers[0]!, maxTokens: 100, ...overrides };
}

async function ticketFor(limits: Awaited<ReturnType<typeof load>>['limits'], who: Identity) {
  const admitted = await limits.admitChat(who);
  if (!admitted.ok) throw new Error(`refused with ${admitted.response.status}`);
  return admitted.ticket;
}

describe('admitChat', () => {
  it('costs nothing when no limit is configured: no gate', async () => {
    const { limits, config } = await load({});
    const ticket = await ticketFor(limits, anon);
    expect(await ticket.reserve(input(config))).toEqual({ ok: true });
  });

  it('refuses a widget visitor a model outside EMBED_MODELS with 403, and frees its slot', async () => {
    const { limits, config } = await load({
      EMBED_MODELS: 'm',
      EMBED_RATE_LIMIT_CONCURRENT: '1',
    });
    const id = 'visitor-0000000000000001';
    const refused = await (
      await ticketFor(limits, visitor(id))
    ).reserve(input(config, { modelId: 'other' }));
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.response.status).toBe(403);
      expect(await refused.response.json()).toMatchObject({
        error: { code: 'forbidden', param: 'model' },
      });
    }
    // Its one stream slot came back: the allowed model is admitted next.
    const next = await (await ticketFor(limits, visitor(id))).reserve(input(config));
    expect(next.ok).toBe(true);
    if (next.ok) next.gate?.leave();
  });

  it('refuses over the day’s tokens with 429 and gives the stream slot back', async () => {
    const { limits, config } = await load({
      RATE_LIMIT_TOKENS_PER_DAY: '50',
      RATE_LIMIT_CONCURRENT: '1',
    });
    const refused = await (await ticketFor(limits, anon)).reserve(input(config));
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.response.status).toBe(429);
      expect(await refused.response.json()).toMatchObject({
        error: { code: 'rate_limited', limit: 'tokens_per_day' },
      });
    }
    const fits = await (await ticketFor(limits, anon)).reserve(input(config, { maxTokens: 10 }));
    expect(fits.ok).toBe(true);
  });

  it('a ticket released before its body was read gives its slot back', async () => {
    const { limits } = await load({ RATE_LIMIT_CONCURRENT: '1' });
    const first = await ticketFor(limits, anon);
    const second = await limits.admitChat(anon);
    expect(second.ok).toBe(false);
    if (!second.ok) expect(second.response.status).toBe(429);
    first.release();
    first.release();
    await expect.poll(async () => (await limits.admitChat(anon)).ok).toBe(true);
  });

  it('a request without max_tokens reserves what is left instead of being refused', async () => {
    const { limits, config } = await load({ RATE_LIMIT_TOKENS_PER_DAY: '2000' });
    // MAX_OUTPUT_TOKENS (4,096) would not fit in the day's 2,000: a named max_tokens is refused…
    const named = await (
      await ticketFor(limits, anon)
    ).reserve(input(config, { chat: { ...chat, max_tokens: 4096 }, maxTokens: 4096 }));
    expect(named.ok).toBe(false);
    // …while the same request leaving it to the backend gets the 2,000 there are.
    const open = await (await ticketFor(limits, anon)).reserve(input(config, { maxTokens: 4096 }));
    expect(open.ok).toBe(true);
  });
});
