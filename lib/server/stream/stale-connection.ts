import 'server-only';

/**
 * Sends again, up to `tries` in all, while the connection closed before any response came on it:
 * a kept-alive connection the backend closed as it was reused (llama.cpp's server closes idle
 * ones) never saw the request. Each such connection fails at once, and answers that end together
 * can leave one each in the pool (two slots of an engine, both freed in the same moment), so one
 * more try was not always enough.
 */
export async function sendPastStaleConnections(
  send: () => Promise<Response>,
  aborted: () => boolean,
  tries = 4,
): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (attempt >= tries || aborted() || !closedBeforeResponse(error)) throw error;
    }
  }
}

/** undici's error for a connection the other side closed before any response came on it. */
function closedBeforeResponse(error: unknown): boolean {
  const code = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  return code === 'UND_ERR_SOCKET' || code === 'ECONNRESET';
}
