/** Starts `health-prober.ts` in its own Node process and runs timed series of health calls. */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

export interface HealthSeries {
  /** Every call's duration, ms, in the order made. */
  times: number[];
  /** The prober's own longest event-loop delay during the series, ms. */
  ownLoopMaxMs: number;
}

export interface HealthProber {
  /** Times health while `work` runs; resolves when both are done. */
  during<T>(work: () => Promise<T>): Promise<{ result: T; series: HealthSeries }>;
  stop(): void;
}

export async function startHealthProber(url: string): Promise<HealthProber> {
  const file = fileURLToPath(new URL('./health-prober.ts', import.meta.url));
  const child = fork(file, [url], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  await once(child, 'message');
  return {
    async during(work) {
      child.send({ start: true });
      try {
        const result = await work();
        return { result, series: await stopSeries() };
      } catch (error) {
        await stopSeries();
        throw error;
      }
    },
    stop: () => child.kill(),
  };

  async function stopSeries(): Promise<HealthSeries> {
    const answer = once(child, 'message') as Promise<[HealthSeries]>;
    child.send({ stop: true });
    return (await answer)[0];
  }
}
