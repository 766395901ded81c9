import 'server-only';
import type { Identity } from '../auth/identity';
import { VISITOR_HEADER, HOST_ORIGIN_HEADER } from '../../protocol/visitor-headers';

const VISITOR_ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Who is asking, for limits — until sign-in lands, everyone is anonymous: a widget request (it
 * carries the widget's random visitor id) is a `visitor`, anything else is counted by address.
 *
 * The address is the first entry of `x-forwarded-for` as Next passes it on (Next fills it in from
 * the connection when the request has none). A client can send its own, so behind no proxy it is
 * not proof of anything; the sign-in work replaces this function with one that knows the peer.
 * The host origin is only a claim too: limits count it only when it is an allowed embedder.
 */
export function requestIdentity(request: Request): Identity {
  const address =
    request.headers.get('x-forwarded-for')?.split(',')[0]?.trim().toLowerCase() || 'unknown';
  const visitorId = request.headers.get(VISITOR_HEADER)?.trim();
  if (visitorId && VISITOR_ID.test(visitorId)) {
    const host = request.headers.get(HOST_ORIGIN_HEADER)?.trim();
    return {
      kind: 'visitor',
      key: `visitor:${visitorId}`,
      visitorId,
      address,
      ...(host ? { hostOrigin: host } : {}),
    };
  }
  return { kind: 'anonymous', key: `addr:${address}`, address };
}
