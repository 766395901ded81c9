import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

interface ListenBacklog {
  backlogFrom(value: string | undefined): number;
  withBacklog(args: unknown[], backlog: number): unknown[];
  DEFAULT_BACKLOG: number;
}
const { backlogFrom, withBacklog, DEFAULT_BACKLOG } = createRequire(import.meta.url)(
  './listen-backlog.cjs',
) as ListenBacklog;

describe('listen-backlog preload', () => {
  const cb = () => undefined;

  it('adds the backlog to listen(port, host) as Next calls it', () => {
    expect(withBacklog([3000, '0.0.0.0'], 4096)).toEqual([
      { port: 3000, host: '0.0.0.0', backlog: 4096 },
    ]);
    expect(withBacklog([3000, cb], 4096)).toEqual([{ port: 3000, backlog: 4096 }, cb]);
    expect(withBacklog(['3000', '127.0.0.1', cb], 9)).toEqual([
      { port: 3000, host: '127.0.0.1', backlog: 9 },
      cb,
    ]);
    expect(withBacklog([{ port: 0, host: '::' }, cb], 9)).toEqual([
      { port: 0, host: '::', backlog: 9 },
      cb,
    ]);
  });

  it('leaves explicit backlogs, paths and handles alone', () => {
    for (const args of [
      [3000, '0.0.0.0', 100, cb],
      [3000, 100],
      [{ port: 3000, backlog: 100 }],
      ['/tmp/runnel.sock'],
      [{ path: '/tmp/runnel.sock' }],
      [{ fd: 3 }],
    ]) {
      expect(withBacklog(args, 4096)).toBe(args);
    }
  });

  it('reads LISTEN_BACKLOG, falling back to 4096', () => {
    expect(DEFAULT_BACKLOG).toBe(4096);
    expect(backlogFrom(undefined)).toBe(4096);
    expect(backlogFrom('8192')).toBe(8192);
    expect(backlogFrom('0')).toBe(4096);
    expect(backlogFrom('lots')).toBe(4096);
  });
});
