import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../log/logger';
import { installShutdownHandler } from './install';
import { isShuttingDown, trackStream } from './drain';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('installShutdownHandler', () => {
  it('replaces the SIGTERM handlers, drains on SIGTERM and exits 0 once the answers ended', async () => {
    // The test runs the clock: the minute of grace passes without waiting for it.
    vi.useFakeTimers();
    const lines: string[] = [];
    const logger = createLogger('info', [], { write: (line: string) => lines.push(line) });
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    // Next's own handler, registered before the hook runs: it would stop serving at once.
    const nexts = vi.fn();
    process.on('SIGTERM', nexts);
    installShutdownHandler(60_000, logger);
    // Installing again (another bundle of the same process) changes nothing.
    installShutdownHandler(60_000, logger);
    expect(process.listeners('SIGTERM')).toHaveLength(1);
    expect(process.listeners('SIGTERM')).not.toContain(nexts);

    const ended = vi.fn();
    const untrack = trackStream({ end: ended });
    process.emit('SIGTERM');
    expect(nexts).not.toHaveBeenCalled();
    expect(isShuttingDown()).toBe(true);
    // An answer in flight holds the exit (the grace is a minute) until it ends by itself: 59 s on,
    // every timer due by then has run.
    await vi.advanceTimersByTimeAsync(59_000);
    expect(exit).not.toHaveBeenCalled();
    expect(ended).not.toHaveBeenCalled();
    untrack();
    // Its end, not the grace's (still 500 ms away), lets the process exit.
    await vi.advanceTimersByTimeAsync(500);
    expect(exit).toHaveBeenCalledTimes(1);
    expect(exit).toHaveBeenCalledWith(0);
    expect(lines.join('')).toContain('SIGTERM: draining');
    expect(lines.join('')).toContain('drained; exiting');
  });
});
