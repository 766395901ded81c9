import 'server-only';

import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { processSingleton } from '../process-singleton';

/** Seconds: from a fast first token to a long prefill; from a short answer to a long one. */
const TTFT_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60];
const DURATION_BUCKETS = [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600];
const WAIT_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10, 30, 60];

function create() {
  const registry = new Registry();
  // Process figures (resident memory, event-loop delay, heap, handles) come with prom-client.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    activeStreams: new Gauge({
      name: 'runnel_active_streams',
      help: 'Answers streaming now',
      labelNames: ['provider'] as const,
      registers,
    }),
    requests: new Counter({
      name: 'runnel_chat_requests_total',
      help: 'Chat requests by how they ended (rejected: an HTTP error before the stream)',
      labelNames: ['outcome', 'code', 'provider', 'model'] as const,
      registers,
    }),
    ttft: new Histogram({
      name: 'runnel_time_to_first_token_seconds',
      help: 'From the request reaching the server to the first reasoning or answer token',
      labelNames: ['provider', 'model'] as const,
      buckets: TTFT_BUCKETS,
      registers,
    }),
    duration: new Histogram({
      name: 'runnel_stream_duration_seconds',
      help: 'From the request reaching the server to the end of its stream',
      labelNames: ['provider', 'model', 'outcome'] as const,
      buckets: DURATION_BUCKETS,
      registers,
    }),
    tokens: new Counter({
      name: 'runnel_tokens_total',
      help: 'Tokens by direction (in: prompt, out: completion), as the backend counted them',
      labelNames: ['provider', 'model', 'direction'] as const,
      registers,
    }),
    credits: new Counter({
      name: 'runnel_credits_used_total',
      help: 'Provider credits used, where the provider reports them',
      labelNames: ['provider', 'model'] as const,
      registers,
    }),
    cost: new Counter({
      name: 'runnel_cost_total',
      help: 'What answers cost at the configured prices (kind tokens: token prices, gpu: GPU time)',
      labelNames: ['provider', 'model', 'currency', 'kind'] as const,
      registers,
    }),
    upstream: new Counter({
      name: 'runnel_upstream_responses_total',
      help: 'Backend answers by HTTP status, or unreachable / timeout',
      labelNames: ['provider', 'status'] as const,
      registers,
    }),
    queueLength: new Gauge({
      name: 'runnel_admission_queue_length',
      help: 'Chats waiting for a stream slot on a backend',
      labelNames: ['provider'] as const,
      registers,
    }),
    queueWait: new Histogram({
      name: 'runnel_admission_wait_seconds',
      help: 'Time a chat waited for a stream slot, by how the wait ended',
      labelNames: ['provider', 'outcome'] as const,
      buckets: WAIT_BUCKETS,
      registers,
    }),
    rateLimited: new Counter({
      name: 'runnel_rate_limit_refusals_total',
      help: 'Requests refused with 429, by the limit that refused them',
      labelNames: ['limit'] as const,
      registers,
    }),
    replicaUp: new Gauge({
      name: 'runnel_replica_up',
      help: '0 from a failure (ejected, then tried again after a cool-down) until the replica answers again',
      labelNames: ['provider', 'replica'] as const,
      registers,
    }),
    replicaActive: new Gauge({
      name: 'runnel_replica_active_streams',
      help: 'Answers streaming now from each replica (this instance)',
      labelNames: ['provider', 'replica'] as const,
      registers,
    }),
    replicaFailures: new Counter({
      name: 'runnel_replica_failures_total',
      help: 'Replicas failing a chat before its answer started (the chat moves on to another replica when one is left)',
      labelNames: ['provider', 'reason'] as const,
      registers,
    }),
    feedback: new Counter({
      name: 'runnel_answer_feedback_total',
      help: 'Thumbs up and down given to answers, by model and by where (chat page or widget)',
      labelNames: ['provider', 'model', 'surface', 'rating'] as const,
      registers,
    }),
    feedbackWithdrawn: new Counter({
      name: 'runnel_answer_feedback_withdrawn_total',
      help: 'Thumbs taken back or changed: subtract from runnel_answer_feedback_total for what stands',
      labelNames: ['provider', 'model', 'surface', 'rating'] as const,
      registers,
    }),
    shuttingDown: new Gauge({
      name: 'runnel_shutting_down',
      help: '1 once SIGTERM was received and the server drains',
      registers,
    }),
  };
}

export type MetricSet = ReturnType<typeof create>;

/** The process's metrics (one registry however many bundles import this), created on first use. */
export function getMetricSet(): MetricSet {
  return processSingleton('metrics', create);
}
