import { describe, expect, it } from 'vitest';
import { LOOPBACK_RANGES, parseAddressRanges } from '../config/address-ranges';
import { clientAddressWith, clientFromChain } from './client-address';

const proxies = (text: string) => {
  const parsed = parseAddressRanges(text);
  if (!parsed.ok) throw new Error(parsed.entry);
  return parsed.ranges;
};

describe('clientFromChain', () => {
  it('is the peer when the peer is not a trusted proxy, whatever the header says', () => {
    expect(clientFromChain('203.0.113.9', ['127.0.0.1', '10.0.0.1'], LOOPBACK_RANGES)).toBe(
      '203.0.113.9',
    );
  });

  it('reads X-Forwarded-For from the right behind a trusted proxy', () => {
    // The client forged the first entry; nginx appended the real one.
    expect(clientFromChain('127.0.0.1', ['1.2.3.4', '198.51.100.7'], LOOPBACK_RANGES)).toBe(
      '198.51.100.7',
    );
    const chain = proxies('10.0.0.0/8, 127.0.0.1');
    expect(clientFromChain('127.0.0.1', ['6.6.6.6', '198.51.100.7', '10.1.2.3'], chain)).toBe(
      '198.51.100.7',
    );
  });

  it('stays on the last trusted hop when an entry is not an address', () => {
    expect(clientFromChain('127.0.0.1', ['nonsense', '127.0.0.5'], LOOPBACK_RANGES)).toBe(
      '127.0.0.5',
    );
    expect(clientFromChain('127.0.0.1', [], LOOPBACK_RANGES)).toBe('127.0.0.1');
  });

  it('falls back to the right end of the header without a known peer', () => {
    expect(clientFromChain(undefined, ['1.1.1.1', '2.2.2.2'], LOOPBACK_RANGES)).toBe('2.2.2.2');
    expect(clientFromChain(undefined, [], LOOPBACK_RANGES)).toBe('unknown');
  });
});

describe('clientAddressWith on Vercel', () => {
  it("takes the address Vercel's edge wrote", () => {
    const headers = new Headers({ 'x-real-ip': '198.51.100.7', 'x-forwarded-for': '198.51.100.7' });
    expect(clientAddressWith(headers, { forwardedAllow: LOOPBACK_RANGES, vercel: true })).toBe(
      '198.51.100.7',
    );
  });

  it('ignores an unstamped peer header elsewhere', () => {
    const headers = new Headers({
      'x-runnel-peer': 'guess 127.0.0.1',
      'x-forwarded-for': '203.0.113.1',
    });
    expect(clientAddressWith(headers, { forwardedAllow: LOOPBACK_RANGES, vercel: false })).toBe(
      '203.0.113.1',
    );
  });
});
