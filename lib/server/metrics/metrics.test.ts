import { describe, expect, it } from 'vitest';
import { codeLabel, idLabel, statusLabel } from './labels';
import { bearerMatches } from './metrics-access';
import { metrics } from './metrics';
import { getMetricSet } from './registry';

describe('metrics', () => {
  it('counts a stream from start to end, with timings, tokens and credits', async () => {
    metrics.streamStarted('gpu');
    const { registry } = getMetricSet();
    expect(await registry.getSingleMetricAsString('runnel_active_streams')).toContain(
      'runnel_active_streams{provider="gpu"} 1',
    );
    metrics.streamEnded({
      provider: 'gpu',
      model: 'gpu:qwen',
      outcome: 'done',
      ttftMs: 250,
      durationMs: 2_000,
      usage: { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12, credits_used: 0.25 },
    });
    const text = await registry.metrics();
    expect(text).toContain('runnel_active_streams{provider="gpu"} 0');
    expect(text).toContain(
      'runnel_chat_requests_total{outcome="done",code="",provider="gpu",model="gpu:qwen"} 1',
    );
    expect(text).toContain(
      'runnel_tokens_total{provider="gpu",model="gpu:qwen",direction="out"} 7',
    );
    expect(text).toContain('runnel_credits_used_total{provider="gpu",model="gpu:qwen"} 0.25');
    expect(text).toContain(
      'runnel_time_to_first_token_seconds_bucket{le="0.25",provider="gpu",model="gpu:qwen"} 1',
    );
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('adds up what answers cost by model, currency and kind', async () => {
    const end = { provider: 'gpu', model: 'gpu:priced', outcome: 'done', ttftMs: 1, durationMs: 2 };
    metrics.streamStarted('gpu');
    metrics.streamEnded({
      ...end,
      outcome: 'done',
      cost: { amount: 0.025, currency: 'EUR', tokens: 0.005, gpu: 0.02 },
    });
    metrics.streamStarted('gpu');
    metrics.streamEnded({
      ...end,
      outcome: 'done',
      cost: { amount: 0.01, currency: 'EUR', gpu: 0.01 },
    });
    const text = await getMetricSet().registry.getSingleMetricAsString('runnel_cost_total');
    expect(text).toContain(
      'runnel_cost_total{provider="gpu",model="gpu:priced",currency="EUR",kind="tokens"} 0.005',
    );
    expect(text).toContain(
      'runnel_cost_total{provider="gpu",model="gpu:priced",currency="EUR",kind="gpu"} 0.03',
    );
  });

  it('keeps label values bounded: free text becomes `other`', async () => {
    metrics.chatRejected('Model "x" was not found', 'gpu', 'a model\nwith text');
    metrics.upstreamResponse('gpu', 9999);
    const text = await getMetricSet().registry.metrics();
    expect(text).toContain('outcome="rejected",code="other",provider="gpu",model="other"');
    expect(text).toContain('runnel_upstream_responses_total{provider="gpu",status="other"} 1');
    expect(text).not.toContain('was not found');
    expect(idLabel('Qwen/Qwen3-8B')).toBe('Qwen/Qwen3-8B');
    expect(codeLabel('rate_limited')).toBe('rate_limited');
    expect(statusLabel(503)).toBe('503');
    expect(statusLabel('unreachable')).toBe('unreachable');
  });

  it('counts what other features report: limits, admission, replicas, shutdown', async () => {
    metrics.rateLimitRefused('rpm');
    metrics.admissionQueued('gpu');
    metrics.admissionQueued('gpu');
    metrics.admissionLeft('gpu', 1_500, 'admitted');
    metrics.replicaFailed('gpu', 'unreachable');
    metrics.shuttingDown();
    const text = await getMetricSet().registry.metrics();
    expect(text).toContain('runnel_rate_limit_refusals_total{limit="rpm"} 1');
    expect(text).toContain('runnel_admission_queue_length{provider="gpu"} 1');
    expect(text).toContain(
      'runnel_admission_wait_seconds_count{provider="gpu",outcome="admitted"} 1',
    );
    expect(text).toContain('runnel_replica_failures_total{provider="gpu",reason="unreachable"} 1');
    expect(text).toContain('runnel_shutting_down 1');
  });

  it('takes the bearer token only', () => {
    const token = 'metrics-token-0123456789';
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer  ${token} `, token)).toBe(true);
    expect(bearerMatches(`Bearer ${token}x`, token)).toBe(false);
    // Neither a prefix of the token nor a token it is a prefix of.
    expect(bearerMatches(`Bearer ${token.slice(0, -1)}`, token)).toBe(false);
    expect(bearerMatches('Bearer metrics', token)).toBe(false);
    expect(bearerMatches('Bearer m', token)).toBe(false);
    expect(bearerMatches('Bearer ', token)).toBe(false);
    expect(bearerMatches(token, token)).toBe(false);
    expect(bearerMatches(null, token)).toBe(false);
  });
});
