import { once } from 'node:events';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { LOOPBACK_RANGES, parseAddressRanges, type AddressRange } from '../config/address-ranges';
import { clientAddressWith, clientFromChain } from './client-address';
import { installPeerStamp } from './peer-stamp';

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

  it('reads ip:port and bracketed IPv6 entries instead of stopping at the proxy', async () => {
    const { normalizeAddress } = await import('./address-match');
    const chain = ['198.51.100.7:51234', '[2001:db8::7]:443'].map(normalizeAddress);
    expect(clientFromChain('127.0.0.1', chain.slice(0, 1), LOOPBACK_RANGES)).toBe('198.51.100.7');
    expect(clientFromChain('127.0.0.1', chain.slice(1), LOOPBACK_RANGES)).toBe('2001:db8::7');
  });

  it('stays on the last trusted hop when an entry is not an address', () => {
    expect(clientFromChain('127.0.0.1', ['nonsense', '127.0.0.5'], LOOPBACK_RANGES)).toBe(
      '127.0.0.5',
    );
    expect(clientFromChain('127.0.0.1', [], LOOPBACK_RANGES)).toBe('127.0.0.1');
  });

  it('believes no entry of the header without a known peer', () => {
    // Nothing vouches for the header: any entry, right end included, may be the client's own.
    expect(clientFromChain(undefined, ['1.1.1.1', '2.2.2.2'], LOOPBACK_RANGES)).toBe('unknown');
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

  it("falls back to Vercel's own header, then to the header it overwrote", () => {
    const vercel = { forwardedAllow: LOOPBACK_RANGES, vercel: true };
    const own = new Headers({ 'x-vercel-forwarded-for': '198.51.100.8' });
    expect(clientAddressWith(own, vercel)).toBe('198.51.100.8');
    expect(clientAddressWith(new Headers({ 'x-forwarded-for': '198.51.100.9' }), vercel)).toBe(
      '198.51.100.9',
    );
    expect(clientAddressWith(new Headers(), vercel)).toBe('unknown');
  });
});

describe('clientAddressWith elsewhere', () => {
  it('ignores a peer header it did not stamp, and the forwarded header with it', () => {
    const headers = new Headers({
      'x-runnel-peer': 'guess 127.0.0.1',
      'x-forwarded-for': '203.0.113.1',
    });
    expect(clientAddressWith(headers, { forwardedAllow: LOOPBACK_RANGES, vercel: false })).toBe(
      'unknown',
    );
  });
});

describe('clientAddressWith on a real connection', () => {
  it('is the TCP peer for a client that writes its own X-Forwarded-For', async () => {
    installPeerStamp();
    // 127.0.0.1 is nobody's proxy here: only 10.0.0.0/8 is.
    const behindNothing = await addressSeen(proxies('10.0.0.0/8'), '127.0.0.1', '6.6.6.6');
    expect(behindNothing).toBe('127.0.0.1');
  });

  it('is the right-most untrusted entry when the peer is a trusted proxy', async () => {
    installPeerStamp();
    // The client wrote 6.6.6.6 itself; the proxy on loopback appended the address it saw.
    const seen = await addressSeen(LOOPBACK_RANGES, '127.0.0.1', '6.6.6.6, 198.51.100.7');
    expect(seen).toBe('198.51.100.7');
  });
});

/** The client address a server with `forwardedAllow` works out for a request from `from`. */
async function addressSeen(
  forwardedAllow: readonly AddressRange[],
  from: string,
  forwardedFor: string,
): Promise<string> {
  let seen = '';
  const server = createServer((req, res) => {
    const headers = new Headers(req.headers as Record<string, string>);
    seen = clientAddressWith(headers, { forwardedAllow, vercel: false });
    res.end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => {
    const headers = { 'x-forwarded-for': forwardedFor };
    request({ port, host: '127.0.0.1', localAddress: from, headers }, (res) => {
      res.resume();
      res.on('end', resolve);
    })
      .on('error', reject)
      .end();
  });
  server.close();
  return seen;
}
