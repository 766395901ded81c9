import 'server-only';

import { getAuthConfig } from '../config/auth-config';
import { jsonError } from '../http/json-error';
import type { Identity } from './identity';
import type { RateCounter } from '../redis/rate-limiter';

/**
 * The checks of a route kept for signed-in users only (conversations, usage), after the access
 * gate and before any work: open mode has no such thing (404 with `off`), and each user has a
 * request rate (429). Null when the request may go on.
 */
export async function refuseUnlessSignedIn(
  identity: Identity,
  limiter: RateCounter,
  off: { code: string; message: string },
): Promise<Response | null> {
  if (identity.kind !== 'user' || !getAuthConfig().closed) {
    return jsonError({ status: 404, ...off });
  }
  try {
    await limiter.consume(identity.key);
  } catch {
    return jsonError({
      status: 429,
      code: 'rate_limited',
      message: 'Too many requests; wait a minute.',
    });
  }
  return null;
}
