import 'server-only';
import { ConfigError } from '../config/config-error';
import { jsonError } from '../http/json-error';
import { getAuthConfig, getDeployment } from '../config/auth-config';
import type { Authentication } from './authenticate-with';
import type { Identity } from './identity';
import { isCrossSite } from './request-origin';
import { authenticate } from './authenticate';
import { isLocalTool, isLocalToolHost } from './local-host';

const UNAUTHORIZED = {
  'no-credentials': 'Sign in to use Runnel.',
  'bad-visitor': "The chat widget's pass is missing or has expired: reload the page.",
} as const;

/**
 * The gate every `/api/*` route except `/api/health` (and `/api/metrics`, which takes its own
 * bearer token) goes through, before it reads the body or calls a backend: 401 without a session (when a sign-in method is configured), 403 for a request
 * that another site's page sent (signed in or not) or, without a session on a local tool, one sent
 * to a name that is not its own, 500 `configuration_error` when the
 * access configuration is invalid (never open by mistake). Otherwise the handler runs with the
 * request's identity. Cheap: a cookie decryption and a few header reads, no I/O.
 */
export async function withAccess(
  request: Request,
  handler: (identity: Identity) => Promise<Response>,
): Promise<Response> {
  let result: Authentication;
  try {
    result = await authenticate(request.headers);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`[runnel] ${error.message}`);
    return jsonError({ status: 500, code: 'configuration_error', message: error.message });
  }
  if (!result.identity) {
    return jsonError({ status: 401, code: 'unauthorized', message: UNAUTHORIZED[result.reason] });
  }
  // Whoever the request is from: the browser adds the session or the sign-in proxy's cookie by
  // itself, and with no sign-in at all any page could otherwise spend the deployment's backends (a
  // text/plain POST needs no preflight). Clients that are no browser page send neither header and
  // pass; the widget's requests come from its iframe, on this origin.
  if (isCrossSite(request.headers, getAuthConfig())) {
    return jsonError({
      status: 403,
      code: 'forbidden',
      message: 'Requests from other sites are refused.',
    });
  }
  // A local tool answers those without a session only under its own names (DNS rebinding,
  // local-host.ts); a signed-in user's cookie is not sent to a rebound name.
  const { publicURL } = getAuthConfig();
  if (
    result.identity.kind !== 'user' &&
    isLocalTool(getDeployment()) &&
    !isLocalToolHost(request.headers.get('host'), publicURL)
  ) {
    return jsonError({
      status: 403,
      code: 'forbidden',
      message:
        'This Runnel runs on this computer only and answers at localhost or an address: set PUBLIC_URL to use it under another name.',
    });
  }
  return handler(result.identity);
}

/** Whether errors shown to this identity may name backend addresses (internal to the deployment). */
export function mayShowBackendAddress(identity: Identity): boolean {
  return identity.kind === 'user' || identity.kind === 'anonymous';
}

/**
 * A handler that widget visitors may not reach (`403 forbidden`): the widget's pass proves only
 * that a request came through the widget's page, which is public, so it opens the chat and nothing
 * else — not the benchmark routes, even where they are switched on.
 */
export function withoutVisitors(
  handler: (identity: Identity) => Promise<Response>,
): (identity: Identity) => Promise<Response> {
  return (identity) =>
    identity.kind === 'visitor'
      ? Promise.resolve(
          jsonError({
            status: 403,
            code: 'forbidden',
            message: 'Not available in the chat widget.',
          }),
        )
      : handler(identity);
}
