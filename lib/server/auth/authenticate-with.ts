import 'server-only';
import type { HeaderSource } from './header-source';
import { parse as parseCookies } from 'cookie';
import { isOriginAllowed, type EmbedAllowlist } from '../../protocol/embed-origins';
import { EMBED_PASS_HEADER, VISITOR_HEADER, VISITOR_ID_PATTERN } from '../../protocol/embed-access';
import type { AuthConfig } from '../config/auth-schema';
import { accessCodeStillValid } from './access-codes';
import { emailAllowed } from './allowed-emails';
import { clientAddressWith, peerAddress, type AddressPolicy } from './client-address';
import { addressKey, inRanges } from './address-match';
import { readEmbedPass } from './embed-pass';
import type { Identity } from './identity';
import type { RevokedSessions } from './revoked-sessions';
import { openSession, SESSION_COOKIE } from './session';

/** Who a request is from (its identity says how it was let in), or why it was not let in. */
export type Authentication =
  { identity: Identity } | { identity: null; reason: 'no-credentials' | 'bad-visitor' };

/** What authentication reads besides the request. */
export interface AuthenticateDeps {
  config: AuthConfig;
  addressPolicy: AddressPolicy;
  embedAllowlist: EmbedAllowlist;
  /** Sessions signed out before they expired (revoked-sessions.ts); none: nothing is revoked. */
  revoked?: Pick<RevokedSessions, 'isRevoked'>;
  now?: number;
}

async function visitor(
  headers: HeaderSource,
  address: string,
  { config, embedAllowlist, now }: AuthenticateDeps,
): Promise<Authentication | undefined> {
  const visitorId = headers.get(VISITOR_HEADER);
  // With no site allowed to embed the widget there are no visitors: the header would otherwise
  // let any client trade the app's limits for the widget's.
  if (visitorId === null || (embedAllowlist !== '*' && embedAllowlist.length === 0))
    return undefined;
  if (!VISITOR_ID_PATTERN.test(visitorId)) return { identity: null, reason: 'bad-visitor' };
  const pass = headers.get(EMBED_PASS_HEADER);
  const claims = pass && config.secret ? await readEmbedPass(pass, config.secret, now) : null;
  if (config.closed && !claims) return { identity: null, reason: 'bad-visitor' };
  // The site is the one the signed pass names (never a request header, which any client could set
  // to charge a site's budget), and only while that site may still embed the widget.
  const host = claims?.host;
  const hostOrigin = host && isOriginAllowed(embedAllowlist, host) ? host : undefined;
  return {
    identity: {
      kind: 'visitor',
      key: `visitor:${visitorId}`,
      visitorId,
      address,
      ...(hostOrigin ? { hostOrigin } : {}),
    },
  };
}

function proxyUser(
  headers: HeaderSource,
  address: string,
  deps: AuthenticateDeps,
): Authentication | undefined {
  const proxy = deps.config.proxy;
  if (!proxy) return undefined;
  const name = headers.get(proxy.header)?.trim();
  if (!name || name.length > 320) return undefined;
  // The header counts only when the proxy itself is connected to us: anyone else could send it.
  const peer = peerAddress(headers, deps.addressPolicy);
  if (!peer || !inRanges(peer, proxy.trusted)) return undefined;
  return {
    identity: { kind: 'user', key: `proxy:${name.toLowerCase()}`, name, method: 'proxy', address },
  };
}

async function sessionUser(
  headers: HeaderSource,
  address: string,
  { config, now, revoked }: AuthenticateDeps,
) {
  const token = parseCookies(headers.get('cookie') ?? '')[SESSION_COOKIE];
  if (!token || !config.secret) return undefined;
  const user = await openSession(token, { secret: config.secret, now });
  if (!user) return undefined;
  if (await revoked?.isRevoked(token)) return undefined;
  // Configuration can change under a live session: a removed code or address ends it.
  if (
    user.method === 'access-code' &&
    !accessCodeStillValid(config.accessCodes, user.key, config.secret)
  )
    return undefined;
  if (
    user.method === 'oidc' &&
    !(config.oidc && emailAllowed(config.oidc.allowedEmails, user.email))
  )
    return undefined;
  const identity: Identity = {
    kind: 'user',
    key: user.key,
    name: user.name,
    method: user.method,
    ...(user.email ? { email: user.email } : {}),
    address,
  };
  return { identity } satisfies Authentication;
}

/**
 * Who is making a request. A widget request (visitor id header) is a visitor — with a sign-in
 * method configured only when it carries a valid embed pass. Otherwise, with no sign-in method,
 * everyone is anonymous, counted by address; with one, a user from the trusted proxy's header or
 * the session cookie, or nobody.
 */
export async function authenticateWith(
  headers: HeaderSource,
  deps: AuthenticateDeps,
): Promise<Authentication> {
  const address = clientAddressWith(headers, deps.addressPolicy);
  const asVisitor = await visitor(headers, address, deps);
  if (asVisitor) return asVisitor;
  if (!deps.config.closed)
    return {
      identity: { kind: 'anonymous', key: `address:${addressKey(address)}`, address },
    };
  return (
    proxyUser(headers, address, deps) ??
    (await sessionUser(headers, address, deps)) ?? { identity: null, reason: 'no-credentials' }
  );
}
