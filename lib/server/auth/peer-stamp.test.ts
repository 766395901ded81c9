import { once } from 'node:events';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { installPeerStamp, stampedPeer } from './peer-stamp';

/** Sends a GET from `localAddress` with the given headers; resolves with what the server saw. */
async function seenBy(
  headers: Record<string, string>,
  localAddress: string,
): Promise<string | undefined> {
  let seen: string | undefined;
  const server = createServer((req, res) => {
    seen = stampedPeer(new Headers(req.headers as Record<string, string>));
    res.end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => {
    request({ port, host: '127.0.0.1', localAddress, headers }, (res) => {
      res.resume();
      res.on('end', resolve);
    })
      .on('error', reject)
      .end();
  });
  server.close();
  return seen;
}

describe('peer stamp', () => {
  it('is nothing before it is installed, even when a client sends the header', async () => {
    expect(await seenBy({ 'x-runnel-peer': 'x 10.0.0.1' }, '127.0.0.1')).toBeUndefined();
  });

  it('is the TCP peer once installed, overwriting what the client sent', async () => {
    installPeerStamp();
    expect(await seenBy({}, '127.0.0.1')).toBe('127.0.0.1');
    expect(await seenBy({ 'x-runnel-peer': 'x 10.0.0.1' }, '127.0.0.2')).toBe('127.0.0.2');
  });
});
