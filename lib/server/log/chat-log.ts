import 'server-only';

import type { AnswerCost, Usage } from '../../protocol/events';
import type { Logger } from './logger';

/** The one line logged per chat request. Nothing here is free text from a user. */
export interface ChatLogFields {
  requestId?: string;
  /** Already hashed (see identity-hash.ts); absent when the request has no identity. */
  identity?: string;
  provider?: string;
  model?: string;
  /** `done`, `error`, `client_closed`, or `rejected` (an HTTP error before the stream). */
  outcome: string;
  /** The HTTP status of a rejected request. */
  status?: number;
  errorCode?: string;
  /** Redacted: it may come from a backend. */
  errorMessage?: string;
  ttftMs?: number | null;
  durationMs?: number;
  usage?: Usage;
  /** What the answer cost at the configured prices. */
  cost?: AnswerCost;
  /** The replica that answered, when a provider has several. */
  replica?: string;
}

/** Logs one chat request: `info` when it completed or was refused, `warn` when it failed. */
export function logChat(log: Logger, fields: ChatLogFields): void {
  const { usage, ...rest } = fields;
  const line = {
    event: 'chat',
    ...rest,
    ...(usage
      ? {
          tokensIn: usage.prompt_tokens,
          tokensOut: usage.completion_tokens,
          ...(usage.credits_used !== undefined ? { creditsUsed: usage.credits_used } : {}),
        }
      : {}),
  };
  if (fields.outcome === 'error') log.warn(line, 'chat failed');
  else log.info(line, 'chat');
}
