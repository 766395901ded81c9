import 'server-only';

import type { AnswerCost, RunnelEvent, StreamError, Usage } from '../../protocol/events';
import { redactSecrets } from '../security/redact';
import { shortenMessage } from '../upstream/error-message';
import type { CostMeter } from './answer-cost';

/** What stamping an answer's events needs to know. */
export interface EventStampOptions {
  requestId: string;
  /** When the request reached the server, on `now()`'s clock. */
  receivedAt: number;
  /** Values that must never appear in anything sent or logged. */
  secrets: readonly string[];
  /** The provider session that holds the conversation once the answer is done, if any. */
  session?: () => string | undefined;
  /** The answer's cost, when prices are configured for its model (answer-cost.ts). */
  costMeter?: CostMeter;
}

export interface EventStampDeps {
  now: () => number;
  /** Called once with the outcome, for logging. Never receives secrets. */
  onEnd?: (summary: StreamSummary) => void;
}

export interface StreamSummary {
  requestId: string;
  /** `stopped`, `abandoned`: resumable answers, stopped by the endpoint or read by nobody. */
  outcome: 'done' | 'error' | 'client_closed' | 'stopped' | 'abandoned';
  errorCode?: string;
  /** Already redacted. */
  errorMessage?: string;
  ttftMs: number | null;
  durationMs: number;
  /** The last usage the backend reported (final, or the latest running count). */
  usage?: Usage;
  /** From the configured prices; absent without any. */
  cost?: AnswerCost;
}

export interface EventStamp {
  /**
   * The event as the browser gets it — messages redacted, `done` with the timing — noting on the
   * way the first token's time and, for a terminal event, the summary.
   */
  stamp(event: RunnelEvent): RunnelEvent;
  /** Reports the answer's outcome once (later calls are ignored). */
  summarize(outcome: StreamSummary['outcome'], error?: StreamError): void;
}

/**
 * What every answer's events go through before anyone reads them, whichever way they are
 * delivered (straight to the browser, or kept for reattaching): every message that came from a
 * backend is scrubbed of secrets, `done` gets the server's timing and the answer's cost, and the
 * outcome is logged once.
 */
export function createEventStamp(options: EventStampOptions, deps: EventStampDeps): EventStamp {
  let firstTokenAt: number | undefined;
  let summarized = false;
  let lastUsage: Usage | undefined;
  let cost: AnswerCost | undefined;

  const redact = (text: string) => redactSecrets(text, options.secrets);
  const ttft = () =>
    firstTokenAt === undefined ? null : Math.round(firstTokenAt - options.receivedAt);

  function summarize(outcome: StreamSummary['outcome'], error?: StreamError): void {
    if (summarized) return;
    summarized = true;
    cost = options.costMeter?.finish(lastUsage);
    deps.onEnd?.({
      requestId: options.requestId,
      outcome,
      ...(error ? { errorCode: error.code, errorMessage: error.message } : {}),
      ttftMs: ttft(),
      durationMs: Math.round(deps.now() - options.receivedAt),
      ...(lastUsage ? { usage: lastUsage } : {}),
      ...(cost ? { cost } : {}),
    });
  }

  function stamp(event: RunnelEvent): RunnelEvent {
    if (event.type === 'error') {
      // Redacted whole, then shortened: cut first, a key across the cut would survive in part.
      const error = { ...event.error, message: shortenMessage(redact(event.error.message)) };
      summarize('error', error);
      return { type: 'error', error };
    }
    if (event.type === 'status') return { ...event, message: redact(event.message) };
    if (event.type === 'usage') lastUsage = event.usage;
    if ((event.type === 'content' || event.type === 'reasoning') && firstTokenAt === undefined) {
      firstTokenAt = deps.now();
    } else if (event.type === 'done') {
      const durationMs = Math.round(deps.now() - options.receivedAt);
      summarize('done');
      const session = options.session?.();
      return {
        type: 'done',
        timing: { ttft_ms: ttft(), duration_ms: durationMs },
        ...(session ? { session: { id: session } } : {}),
        ...(cost ? { cost } : {}),
      };
    } else if (event.type === 'stopped') {
      summarize('stopped');
    }
    return event;
  }

  return { stamp, summarize };
}
