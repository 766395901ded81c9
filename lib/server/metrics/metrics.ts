import 'server-only';

import type { AnswerCost, Usage } from '../../protocol/events';
import { codeLabel, idLabel, statusLabel } from './labels';
import { getMetricSet } from './registry';

/**
 * How a chat request ended, as counted: `rejected` is an HTTP error before the stream; `stopped`
 * and `abandoned` are resumable answers stopped by the stop endpoint or left unread past the grace.
 */
export type ChatOutcome = 'done' | 'error' | 'client_closed' | 'stopped' | 'abandoned' | 'rejected';

/** One finished stream, as the stream pipeline summarises it. */
export interface StreamEnd {
  provider: string;
  model: string;
  outcome: Exclude<ChatOutcome, 'rejected'>;
  errorCode?: string;
  ttftMs: number | null;
  durationMs: number;
  usage?: Usage;
  cost?: AnswerCost;
}

/**
 * What the server counts, in small calls made where things happen (stream, limits, admission,
 * replicas, shutdown). Every label is a configured id or one of Runnel's own codes — never a user,
 * never free text — so the number of time series stays bounded.
 */
export const metrics = {
  /** A chat was refused before its stream (bad body, unknown model, limit, shutdown…). */
  chatRejected(code: string, provider?: string, model?: string): void {
    getMetricSet().requests.inc({
      outcome: 'rejected',
      code: codeLabel(code),
      provider: idLabel(provider),
      model: idLabel(model),
    });
  },

  /** A stream began (its `start` event is on its way). */
  streamStarted(provider: string): void {
    getMetricSet().activeStreams.inc({ provider: idLabel(provider) });
  },

  /** A stream ended, however it ended; called once per started stream. */
  streamEnded(end: StreamEnd): void {
    const m = getMetricSet();
    const provider = idLabel(end.provider);
    const model = idLabel(end.model);
    m.activeStreams.dec({ provider });
    m.requests.inc({ outcome: end.outcome, code: codeLabel(end.errorCode), provider, model });
    if (end.ttftMs !== null) m.ttft.observe({ provider, model }, end.ttftMs / 1000);
    m.duration.observe({ provider, model, outcome: end.outcome }, end.durationMs / 1000);
    if (end.usage) {
      m.tokens.inc({ provider, model, direction: 'in' }, end.usage.prompt_tokens || 0);
      m.tokens.inc({ provider, model, direction: 'out' }, end.usage.completion_tokens || 0);
      const credits = end.usage.credits_used;
      if (typeof credits === 'number' && credits > 0) m.credits.inc({ provider, model }, credits);
    }
    if (end.cost) {
      // The currency is a configured ISO code (checked when the providers file is read).
      const labels = { provider, model, currency: idLabel(end.cost.currency) };
      if (end.cost.tokens !== undefined) m.cost.inc({ ...labels, kind: 'tokens' }, end.cost.tokens);
      if (end.cost.gpu !== undefined) m.cost.inc({ ...labels, kind: 'gpu' }, end.cost.gpu);
    }
  },

  /** How the backend answered a chat request (its HTTP status), or that it could not. */
  upstreamResponse(provider: string, status: number | 'unreachable' | 'timeout'): void {
    getMetricSet().upstream.inc({ provider: idLabel(provider), status: statusLabel(status) });
  },

  /** A request refused by a rate limit (`limit`: which one, e.g. `rpm`, `concurrent`). */
  rateLimitRefused(limit: string): void {
    getMetricSet().rateLimited.inc({ limit: codeLabel(limit) });
  },

  /** A chat joined a backend's admission line. */
  admissionQueued(provider: string): void {
    getMetricSet().queueLength.inc({ provider: idLabel(provider) });
  },

  /** A chat left the admission line: given a slot, timed out (`overloaded`) or abandoned. */
  admissionLeft(
    provider: string,
    waitMs: number,
    outcome: 'admitted' | 'timeout' | 'abandoned',
  ): void {
    const m = getMetricSet();
    m.queueLength.dec({ provider: idLabel(provider) });
    m.queueWait.observe({ provider: idLabel(provider), outcome }, waitMs / 1000);
  },

  /** A replica started or stopped taking chats (ejected after failures, back after cool-down). */
  replicaUp(provider: string, replica: string, up: boolean): void {
    getMetricSet().replicaUp.set(
      { provider: idLabel(provider), replica: idLabel(replica) },
      up ? 1 : 0,
    );
  },

  /** This instance's streams on a replica changed by `delta`. */
  replicaStreams(provider: string, replica: string, delta: number): void {
    getMetricSet().replicaActive.inc(
      { provider: idLabel(provider), replica: idLabel(replica) },
      delta,
    );
  },

  /** A replica failed a chat before its answer started (the chat moves on when it can). */
  replicaFailed(provider: string, reason: 'unreachable' | 'http_5xx' | 'broken'): void {
    getMetricSet().replicaFailures.inc({ provider: idLabel(provider), reason });
  },

  /**
   * A reader gave an answer a thumbs up or down (`rating`), or took one back (`null`); `previous`
   * is what they had given before, counted as withdrawn, so up − withdrawn up is what stands.
   */
  feedback(vote: {
    provider: string;
    model: string;
    surface: 'chat' | 'widget';
    rating: 'up' | 'down' | null;
    previous: 'up' | 'down' | null;
  }): void {
    const m = getMetricSet();
    const labels = {
      provider: idLabel(vote.provider),
      model: idLabel(vote.model),
      surface: vote.surface,
    };
    if (vote.rating) m.feedback.inc({ ...labels, rating: vote.rating });
    if (vote.previous) m.feedbackWithdrawn.inc({ ...labels, rating: vote.previous });
  },

  /** SIGTERM was received: the server drains. */
  shuttingDown(): void {
    getMetricSet().shuttingDown.set(1);
  },
};
