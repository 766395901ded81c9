import 'server-only';
import { BlockList, isIP } from 'node:net';
import type { AddressRange } from '../config/address-ranges';

const lists = new WeakMap<readonly AddressRange[], BlockList>();

/** `::ffff:192.0.2.1` (an IPv4 client on a dual-stack socket) → `192.0.2.1`. */
export function normalizeAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
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
