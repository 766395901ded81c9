import { describe, expect, it } from 'vitest';
import { hostnameArgument, listensBeyondLoopback } from './listen-address';

const start = (...args: string[]) => ['node', 'next', 'start', ...args];

describe('listensBeyondLoopback', () => {
  it('is true without a host: next start and the standalone server listen on every interface', () => {
    expect(listensBeyondLoopback(start('-p', '3000'), undefined)).toBe(true);
  });

  it('is false for a loopback host, however it is given', () => {
    for (const argv of [
      start('-H', '127.0.0.1'),
      start('--hostname', 'localhost'),
      start('--hostname=::1'),
      start('-p', '3000', '-H', '127.0.0.2'),
    ]) {
      expect(listensBeyondLoopback(argv, undefined), argv.join(' ')).toBe(false);
    }
    // The standalone server: HOSTNAME only.
    expect(listensBeyondLoopback(['node', 'server.js'], '::1')).toBe(false);
    expect(listensBeyondLoopback(start(), '127.0.0.1')).toBe(false);
  });

  it('is true for any other host, the argument winning over HOSTNAME', () => {
    expect(listensBeyondLoopback(start('-H', '0.0.0.0'), undefined)).toBe(true);
    expect(listensBeyondLoopback(start('-H', '::'), '127.0.0.1')).toBe(true);
    expect(listensBeyondLoopback(start(), '10.0.0.5')).toBe(true);
    expect(listensBeyondLoopback(start('-H', '127.0.0.1'), '0.0.0.0')).toBe(false);
  });

  it('reads the host argument in each spelling', () => {
    expect(hostnameArgument(start('-H', 'a'))).toBe('a');
    expect(hostnameArgument(start('--hostname', 'b'))).toBe('b');
    expect(hostnameArgument(start('--hostname=c'))).toBe('c');
    expect(hostnameArgument(start('-p', '1'))).toBeUndefined();
  });
});
