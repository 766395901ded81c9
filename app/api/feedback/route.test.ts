import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadRoute } from '@/testing/unit/route-env';

const VISITOR = { 'x-runnel-visitor': 'visitor-0123456789abcdef' };
const TOKEN = 'metrics-token-0123456789';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** The feedback route and the metrics route of one fresh server process. */
async function load(env: Record<string, string> = {}) {
  return loadRoute(
    async () => ({
      POST: (await import('./route')).POST,
      metrics: (await import('../metrics/route')).GET,
    }),
    {
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      MODELS: 'public,private',
      EMBED_ALLOWED_ORIGINS: 'https://site.test',
      METRICS_TOKEN: TOKEN,
      ...env,
    },
  );
}

const vote = (body: unknown, headers: Record<string, string> = {}) =>
  new Request('http://app.test/api/feedback', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** The feedback counters as `/api/metrics` shows them: series → value. */
async function feedbackCounts(
  metrics: (r: Request) => Promise<Response>,
): Promise<Map<string, number>> {
  const text = await (
    await metrics(
      new Request('http://app.test/api/metrics', { headers: { authorization: `Bearer ${TOKEN}` } }),
    )
  ).text();
  const counts = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^(runnel_answer_feedback\S+) (\d+)$/.exec(line);
    if (match) counts.set(match[1]!, Number(match[2]));
  }
  return counts;
}

/** What changed between two readings of the counters (the registry outlives a test's module graph). */
function added(before: Map<string, number>, after: Map<string, number>): Record<string, number> {
  const delta: Record<string, number> = {};
  for (const [series, value] of after) {
    const d = value - (before.get(series) ?? 0);
    if (d) delta[series] = d;
  }
  return delta;
}

describe('POST /api/feedback', () => {
  it('counts thumbs per model and where they were given; a changed mind is withdrawn once', async () => {
    const { POST, metrics } = await load();
    const before = await feedbackCounts(metrics);
    expect((await POST(vote({ model: 'public', rating: 'up', previous: null }))).status).toBe(204);
    expect((await POST(vote({ model: 'public', rating: 'down', previous: 'up' }))).status).toBe(
      204,
    );
    expect(
      (await POST(vote({ model: 'public', rating: 'up', previous: null }, VISITOR))).status,
    ).toBe(204);
    const series = (name: string, surface: string, rating: string) =>
      `${name}{provider="vllm",model="public",surface="${surface}",rating="${rating}"}`;
    expect(added(before, await feedbackCounts(metrics))).toEqual({
      [series('runnel_answer_feedback_total', 'chat', 'up')]: 1,
      [series('runnel_answer_feedback_total', 'chat', 'down')]: 1,
      [series('runnel_answer_feedback_withdrawn_total', 'chat', 'up')]: 1,
      [series('runnel_answer_feedback_total', 'widget', 'up')]: 1,
    });
  });

  it('refuses a model this identity cannot chat with, and a malformed body, counting nothing', async () => {
    const { POST, metrics } = await load({ EMBED_MODELS: 'public' });
    const before = await feedbackCounts(metrics);
    const unknown = await POST(vote({ model: 'made-up', rating: 'up', previous: null }));
    expect(unknown.status).toBe(404);
    const notForWidget = await POST(
      vote({ model: 'private', rating: 'up', previous: null }, VISITOR),
    );
    expect(notForWidget.status).toBe(404);
    for (const bad of [
      '{',
      { model: 'public', rating: 'meh', previous: null },
      { model: 'public', rating: 'up', previous: null, who: 'me' },
    ]) {
      const refused = await POST(vote(bad));
      expect(refused.status).toBe(400);
    }
    const huge = await POST(vote({ model: 'x'.repeat(2000), rating: 'up', previous: null }));
    expect(huge.status).toBe(413);
    expect(added(before, await feedbackCounts(metrics))).toEqual({});
  });

  it('refuses more than its votes a minute per identity with 429 and Retry-After', async () => {
    const { POST } = await load();
    const { FEEDBACK_PER_MINUTE } = await import('@/lib/server/entry/handle-feedback');
    for (let i = 0; i < FEEDBACK_PER_MINUTE; i++) {
      const ok = await POST(
        vote({ model: 'public', rating: i % 2 ? 'up' : 'down', previous: null }),
      );
      expect(ok.status).toBe(204);
    }
    const refused = await POST(vote({ model: 'public', rating: 'up', previous: null }));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('needs the same access as the chat: 401 on a closed server without a session', async () => {
    const { POST } = await load({
      ACCESS_CODES: 'team=a-long-access-code-0123456789',
      AUTH_SECRET: 'a-test-secret-that-is-at-least-32-bytes-long',
    });
    expect((await POST(vote({ model: 'public', rating: 'up', previous: null }))).status).toBe(401);
  });
});
