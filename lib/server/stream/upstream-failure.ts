import 'server-only';

import type { StreamError } from '../../protocol/events';

/** Why the gateway aborted the upstream request itself. */
export type AbortReason = 'client' | 'headers_timeout' | 'idle_timeout' | 'finished' | 'shutdown';

/** The error an answer still streaming when the shutdown grace ran out ends with. */
const SERVER_SHUTDOWN_ERROR: StreamError = {
  code: 'server_shutdown',
  message: 'The server was shutting down and ended the answer before it finished',
};

/** Network error codes that mean "nobody answered at that address". */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
]);

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The error event for an upstream failure: a timeout the gateway enforced, a connection that never
 * opened, or one that broke after the headers (which is an incomplete stream).
 */
export function describeUpstreamFailure(
  error: unknown,
  reason: AbortReason | undefined,
  phase: 'connect' | 'body',
  timeouts: { headersMs: number; idleMs: number },
  /** The backend's address as it may be shown (no credentials). */
  backend: string,
): StreamError {
  if (reason === 'shutdown') return SERVER_SHUTDOWN_ERROR;
  if (reason === 'headers_timeout') {
    return {
      code: 'upstream_timeout',
      message: `The backend sent no response within ${timeouts.headersMs} ms`,
    };
  }
  if (reason === 'idle_timeout') {
    return {
      code: 'upstream_timeout',
      message: `The backend went silent for more than ${timeouts.idleMs} ms`,
    };
  }
  if (phase === 'body') {
    return {
      code: 'incomplete_stream',
      message: 'The connection to the backend broke before the answer finished',
    };
  }
  const code = causeCode(error);
  return {
    code: 'upstream_unreachable',
    message:
      code && UNREACHABLE_CODES.has(code)
        ? `The backend at ${backend} could not be reached (${code})`
        : `The backend at ${backend} could not be reached`,
  };
}
