import 'server-only';

import type { RequestError } from '../../protocol/chat-request';
import type { ChatLogFields } from '../log/chat-log';
import { metrics } from '../metrics/metrics';
import type { StreamSummary } from '../stream/event-output';
import { jsonError } from '../http/json-error';

/** Where a chat's log line goes (the services' `logChat`). */
type LogChat = (fields: ChatLogFields) => void;

/** Who asked, for the log line; already hashed (see lib/server/log/identity-hash.ts). */
export interface ChatIdentity {
  identity?: string;
}

/**
 * The model of a chat: its id, and whether the catalog could not list it (its backend unreachable,
 * the request let through so that the reader hears so). An unlisted id is anyone's text: logged,
 * but counted in metrics as `other`, since every new value would be a new series kept for good.
 */
interface ChatModel {
  provider?: string;
  model?: string;
  unlisted?: boolean;
}

/** The context as metrics label it, and as the log line names it. */
function split({ unlisted, ...logged }: ChatIdentity & ChatModel) {
  return { label: unlisted ? 'other' : logged.model, logged };
}

/**
 * Refuses a chat before its stream: the HTTP error, counted and logged. `provider` and `model`
 * only once the model was resolved (a model id the catalog does not know is never a label).
 */
export function refuseChat(
  logChat: LogChat,
  error: RequestError,
  context: ChatIdentity & ChatModel = {},
): Response {
  const { label, logged } = split(context);
  metrics.chatRejected(error.code, context.provider, label);
  logChat({ ...logged, outcome: 'rejected', status: error.status, errorCode: error.code });
  return jsonError(error);
}

/**
 * Counts and logs a refusal decided elsewhere (limits: `429 rate_limited`, `403 forbidden`),
 * reading the code from the response the browser gets.
 */
export async function observeRefusal(
  logChat: LogChat,
  response: Response,
  context: ChatIdentity & ChatModel = {},
): Promise<Response> {
  const body = (await response
    .clone()
    .json()
    .catch(() => undefined)) as { error?: { code?: unknown } } | undefined;
  const code = typeof body?.error?.code === 'string' ? body.error.code : 'refused';
  const { label, logged } = split(context);
  metrics.chatRejected(code, context.provider, label);
  logChat({ ...logged, outcome: 'rejected', status: response.status, errorCode: code });
  return response;
}

/**
 * The hooks of one streaming chat: counts it as active until it ends, then records the outcome,
 * timings, tokens and the backend's answers in metrics and in its one log line.
 */
export function observeChat(
  logChat: LogChat,
  context: ChatIdentity & ChatModel & { provider: string; model: string },
  /** The provider has several replicas: the log line names the one that answered. */
  replicas = false,
) {
  const { label, logged } = split(context);
  let replica: string | undefined;
  metrics.streamStarted(context.provider);
  return {
    onUpstream(status: number | 'unreachable' | 'timeout', replicaLabel: string): void {
      if (replicas) replica = replicaLabel;
      metrics.upstreamResponse(context.provider, status);
    },
    onEnd(summary: StreamSummary): void {
      metrics.streamEnded({ ...summary, provider: context.provider, model: label! });
      logChat({ ...logged, ...summary, ...(replica ? { replica } : {}) });
    },
  };
}
