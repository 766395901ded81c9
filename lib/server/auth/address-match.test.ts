import { describe, expect, it } from 'vitest';
import { addressKey, normalizeAddress } from './address-match';

describe('normalizeAddress', () => {
  it('reads the forms proxies write into X-Forwarded-For', () => {
    expect(normalizeAddress('198.51.100.7:51234')).toBe('198.51.100.7');
    expect(normalizeAddress('[2001:db8::7]:443')).toBe('2001:db8::7');
    expect(normalizeAddress('[2001:db8::7]')).toBe('2001:db8::7');
    expect(normalizeAddress('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(normalizeAddress(' 2001:db8::7 ')).toBe('2001:db8::7');
    // Not an address: left for the caller to refuse.
    expect(normalizeAddress('unknown')).toBe('unknown');
  });
});

describe('addressKey', () => {
  it('counts an IPv6 client by its /64, an IPv4 one by its address', () => {
    const a = addressKey('2001:db8:1:2:aaaa::1');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe(a);
    expect(addressKey('2001:db8:1:3::1')).not.toBe(a);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('unknown')).toBe('unknown');
  });
});
