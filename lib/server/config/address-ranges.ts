import 'server-only';
import { isIP } from 'node:net';

/** One address range: an address and how many leading bits of it must match. */
export interface AddressRange {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/**
 * Parses a comma-separated list of addresses and CIDR ranges (`10.0.0.0/8`, `127.0.0.1`,
 * `fd00::/8`). Returns the ranges, or the first entry that is not one, so the caller can name
 * its variable.
 */
export function parseAddressRanges(
  text: string,
): { ok: true; ranges: AddressRange[] } | { ok: false; entry: string } {
  const ranges: AddressRange[] = [];
  for (const entry of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [address = '', bits, extra] = entry.split('/');
    const version = isIP(address);
    if (!version || extra !== undefined) return { ok: false, entry };
    const max = version === 4 ? 32 : 128;
    const prefix = bits === undefined ? max : Number(bits);
    if (!/^\d+$/.test(bits ?? String(max)) || prefix > max) return { ok: false, entry };
    ranges.push({ address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' });
  }
  return { ok: true, ranges };
}

/** The loopback ranges: a reverse proxy on the same host (nginx → 127.0.0.1:3000). */
export const LOOPBACK_RANGES: readonly AddressRange[] = [
  { address: '127.0.0.0', prefix: 8, family: 'ipv4' },
  { address: '::1', prefix: 128, family: 'ipv6' },
];
