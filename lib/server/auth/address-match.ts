import 'server-only';
import { BlockList, isIP } from 'node:net';
import type { AddressRange } from '../config/address-ranges';

const lists = new WeakMap<readonly AddressRange[], BlockList>();

/**
 * An address as a proxy or a socket may write it, made plain: `::ffff:192.0.2.1` (an IPv4 client on
 * a dual-stack socket) → `192.0.2.1`; `192.0.2.1:5678` and `[2001:db8::1]:443` (the forms some
 * proxies put into `X-Forwarded-For`, RFC 7239 style) → the address alone. Anything else is kept
 * as it is (and then is no address: callers check with `isIP`).
 */
export function normalizeAddress(address: string): string {
  let plain = address.trim();
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d{1,5})?$/i.exec(plain);
  if (bracketed) plain = bracketed[1]!;
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(plain);
  if (withPort) plain = withPort[1]!;
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(plain);
  return mapped ? mapped[1]! : plain;
}

/**
 * What throttles and limits count an address under: an IPv4 address as it is, an IPv6 one by its
 * /64 — one subscriber's network gets a whole /64 (RFC 6177), so keying by /128 would hand a
 * single client 2^64 fresh identities.
 */
export function addressKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const groups = expandIPv6(address);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : address;
}

/** The eight 16-bit groups of an IPv6 address, as lower-case hex without leading zeros. */
function expandIPv6(address: string): string[] | undefined {
  let text = address.toLowerCase();
  // An embedded IPv4 tail (`64:ff9b::192.0.2.1`) is two more groups.
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  const groups = [...left, ...fill, ...right];
  if (groups.length !== 8) return undefined;
  return groups.map((g) => parseInt(g, 16).toString(16));
}

/** Whether an address is in any of the ranges (false for anything that is not an address). */
export function inRanges(address: string, ranges: readonly AddressRange[]): boolean {
  const version = isIP(address);
  if (!version) return false;
  let list = lists.get(ranges);
  if (!list) {
    list = new BlockList();
    for (const range of ranges) list.addSubnet(range.address, range.prefix, range.family);
    lists.set(ranges, list);
  }
  return list.check(address, version === 4 ? 'ipv4' : 'ipv6');
}
