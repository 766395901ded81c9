import { describe, expect, it } from 'vitest';
import { createDrain } from './drain';

describe('createDrain', () => {
  it('lets answers that finish within the grace finish, and ends the others', async () => {
    const drain = createDrain(1_000);
    const ended: string[] = [];
    const quickDone = drain.track({ end: () => ended.push('quick') });
    const slowDone = drain.track({
      end: () => {
        ended.push('slow');
        // Ending it makes it leave (its output closes), as in the gateway.
        slowDone();
      },
    });
    expect(drain.isDraining()).toBe(false);
    setTimeout(quickDone, 30);
    const started = performance.now();
    const result = await drain.drain(150);
    expect(drain.isDraining()).toBe(true);
    expect(ended).toEqual(['slow']);
    expect(result).toEqual({ inFlight: 2, ended: 1 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(drain.active()).toBe(0);
  });

  it('does not wait out the grace when nothing streams', async () => {
    const drain = createDrain();
    const started = performance.now();
    expect(await drain.drain(10_000)).toEqual({ inFlight: 0, ended: 0 });
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('stops waiting for the last answers after the end wait', async () => {
    const drain = createDrain(50);
    drain.track({ end: () => undefined });
    expect(await drain.drain(0)).toEqual({ inFlight: 1, ended: 1 });
    expect(drain.active()).toBe(1);
  });
});
