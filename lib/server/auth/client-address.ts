import 'server-only';
import type { HeaderSource } from './header-source';
import { isIP } from 'node:net';
import type { AddressRange } from '../config/address-ranges';
import { inRanges, normalizeAddress } from './address-match';
import { stampedPeer } from './peer-stamp';

/** What `clientAddressWith` needs to know about the deployment. */
export interface AddressPolicy {
  /** Peers whose `X-Forwarded-For` is believed. */
  forwardedAllow: readonly AddressRange[];
  /** On Vercel, whose edge sets `X-Real-IP` and `X-Forwarded-For` itself. */
  vercel: boolean;
}

function forwardedFor(headers: HeaderSource): string[] {
  return (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => normalizeAddress(s.trim()))
    .filter(Boolean);
}

/**
 * The address directly connected to this server: the stamped TCP peer, or on Vercel the address
 * that reached Vercel's edge (it overwrites `X-Real-IP` and `X-Forwarded-For` with it, and sets
 * `X-Vercel-Forwarded-For`). Undefined when it cannot be known — callers then trust nothing that
 * depends on it.
 */
export function peerAddress(headers: HeaderSource, policy: AddressPolicy): string | undefined {
  if (policy.vercel) {
    const edge =
      headers.get('x-real-ip') ??
      headers.get('x-vercel-forwarded-for')?.split(',')[0] ??
      forwardedFor(headers)[0];
    return edge?.trim() ? normalizeAddress(edge.trim()) : undefined;
  }
  const peer = stampedPeer(headers);
  return peer ? normalizeAddress(peer) : undefined;
}

/**
 * The client's address, for throttles, limits and logs. The TCP peer, unless it is a proxy in
 * `forwardedAllow` (loopback by default: nginx on the same host): then `X-Forwarded-For` is read
 * from the right — each proxy appends who connected to it, so the right end is written by our own
 * proxies and the left by whoever sent the request — and the first address not in the list is the
 * client. The header is never read when the peer is unknown (no stamp: nothing vouches for it).
 */
export function clientAddressWith(headers: HeaderSource, policy: AddressPolicy): string {
  const peer = peerAddress(headers, policy);
  if (policy.vercel) return peer ?? 'unknown';
  return clientFromChain(peer, forwardedFor(headers), policy.forwardedAllow);
}

/**
 * `clientAddressWith` once the peer and the `X-Forwarded-For` entries are known. Without a peer
 * the client is `unknown` — one shared identity, so a throttle holds for everyone rather than
 * being dodged by writing a new address into the header.
 */
export function clientFromChain(
  peer: string | undefined,
  chain: readonly string[],
  forwardedAllow: readonly AddressRange[],
): string {
  if (!peer) return 'unknown';
  let client = peer;
  if (!inRanges(client, forwardedAllow)) return client;
  for (let i = chain.length - 1; i >= 0; i--) {
    const hop = chain[i]!;
    if (!inRanges(hop, forwardedAllow)) {
      // Not an address at all: stop at the last hop we could vouch for.
      return isIP(hop) ? hop : client;
    }
    client = hop;
  }
  return client;
}
