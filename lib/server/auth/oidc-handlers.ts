import 'server-only';
import { parse as parseCookies } from 'cookie';
import * as client from 'openid-client';
import { getAuthConfig } from '../config/auth-config';
import { emailAllowed, trustedEmail } from './allowed-emails';
import { redirectTo, setCookie } from './cookies';
import { oidcClient } from './oidc-client';
import {
  OIDC_FLOW_COOKIE,
  OIDC_FLOW_MAX_AGE_S,
  OIDC_FLOW_PATH,
  openFlow,
  sealFlow,
} from './oidc-flow';
import { publicOrigin, secureCookies } from './request-origin';
import { safeNext } from './safe-next';
import { sealSession, SESSION_COOKIE, type SessionUser } from './session';

/** Why an OpenID Connect sign-in failed, as `/sign-in?error=` shows it. */
export type OidcError = 'oidc-state' | 'oidc-email' | 'oidc-failed';

function failed(error: OidcError, next: string, cookies: string[] = []): Response {
  return redirectTo(`/sign-in?error=${error}&next=${encodeURIComponent(next)}`, cookies);
}

/**
 * `GET /auth/oidc?next=…`: starts the authorization code flow with PKCE, a state and a nonce, kept
 * in an encrypted cookie scoped to the callback, and sends the browser to the provider.
 */
export async function startOidcSignIn(request: Request): Promise<Response> {
  const config = getAuthConfig();
  const next = safeNext(new URL(request.url).searchParams.get('next'));
  if (!config.oidc || !config.secret) return redirectTo('/sign-in');
  let oidc: client.Configuration;
  try {
    oidc = await oidcClient(config.oidc);
  } catch (error) {
    console.error(
      `[runnel] OIDC_ISSUER ${config.oidc.issuer} could not be used: ${(error as Error).message}`,
    );
    return failed('oidc-failed', next);
  }
  const codeVerifier = client.randomPKCECodeVerifier();
  const flow = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier,
    redirectUri: `${publicOrigin(request.headers, config)}${OIDC_FLOW_PATH}/callback`,
    next,
  };
  const url = client.buildAuthorizationUrl(oidc, {
    redirect_uri: flow.redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  });
  const cookie = setCookie(OIDC_FLOW_COOKIE, await sealFlow(flow, config.secret), {
    maxAgeS: OIDC_FLOW_MAX_AGE_S,
    secure: secureCookies(request.headers, config),
    path: OIDC_FLOW_PATH,
  });
  return new Response(null, {
    status: 303,
    headers: { Location: url.href, 'Set-Cookie': cookie, 'Cache-Control': 'no-store' },
  });
}

/**
 * `GET /auth/oidc/callback`: checks the provider's answer against the flow cookie (state, PKCE,
 * nonce, ID token signature, issuer, audience and expiry — openid-client does these), then the
 * email allowlist, and signs the user in. The flow cookie is deleted whatever happens, so a
 * callback URL replayed later finds no flow and fails.
 */
export async function finishOidcSignIn(request: Request): Promise<Response> {
  const config = getAuthConfig();
  const secure = secureCookies(request.headers, config);
  const clearFlow = setCookie(OIDC_FLOW_COOKIE, '', { maxAgeS: 0, secure, path: OIDC_FLOW_PATH });
  if (!config.oidc || !config.secret) return redirectTo('/sign-in', [clearFlow]);
  const flow = await openFlow(
    parseCookies(request.headers.get('cookie') ?? '')[OIDC_FLOW_COOKIE],
    config.secret,
  );
  const answer = new URL(request.url).searchParams;
  // No flow (replayed or expired callback) or another flow's state: not this browser's sign-in.
  if (!flow) return failed('oidc-state', '/', [clearFlow]);
  if (answer.get('state') !== flow.state) return failed('oidc-state', flow.next, [clearFlow]);
  let user: SessionUser;
  try {
    const oidc = await oidcClient(config.oidc);
    const tokens = await client.authorizationCodeGrant(
      oidc,
      new URL(`${flow.redirectUri}?${answer}`),
      {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      },
    );
    let claims: Record<string, unknown> & { sub: string } = tokens.claims()!;
    // Conformant providers put profile claims in the ID token only when no access token is
    // issued; otherwise they are at the userinfo endpoint (bound to the same subject).
    if (claims.email === undefined && tokens.access_token) {
      claims = {
        ...(await client.fetchUserInfo(oidc, tokens.access_token, claims.sub)),
        ...claims,
      };
    }
    const email = trustedEmail(claims, config.oidc.allowUnverifiedEmail);
    if (!emailAllowed(config.oidc.allowedEmails, email)) {
      return failed('oidc-email', flow.next, [clearFlow]);
    }
    const name =
      typeof claims.name === 'string' && claims.name ? claims.name : (email ?? claims.sub);
    user = { key: `oidc:${claims.sub}`, name, method: 'oidc', ...(email ? { email } : {}) };
  } catch (error) {
    // The provider's error (access_denied…), an unreachable issuer, or a token that failed a check.
    console.error(`[runnel] OpenID Connect sign-in failed: ${(error as Error).message}`);
    return failed('oidc-failed', flow.next, [clearFlow]);
  }
  const session = setCookie(
    SESSION_COOKIE,
    await sealSession(user, { secret: config.secret, maxAgeS: config.sessionMaxAgeS }),
    {
      maxAgeS: config.sessionMaxAgeS,
      secure,
    },
  );
  return redirectTo(flow.next, [clearFlow, session]);
}
