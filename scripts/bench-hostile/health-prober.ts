/**
 * The `/api/health` timer of `scripts/bench-hostile`, in a process of its own (forked by
 * `prober-client.ts`): nothing else runs on its event loop, so a slow answer is the server's
 * (or the machine's), not the time this process spent writing hostile bodies. It calls health
 * over one kept-alive connection, as a load balancer's check does, 10 ms after each answer.
 *
 * Messages: `{ start: true }` begins a series; `{ stop: true }` ends it and is answered with
 * `{ times, ownLoopMaxMs }`: every call's duration in ms, and this process's own longest
 * event-loop delay meanwhile (how much of the times it could have added).
 */
import { Agent, request } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const url = new URL('/api/health', process.argv[2]);
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const INTERVAL_MS = 10;

function timedHealth(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.once('end', () => resolve(performance.now() - started));
    });
    req.once('error', reject);
    req.end();
  });
}

let running: Promise<number[]> | undefined;
let stopping = false;

async function series(): Promise<number[]> {
  const times: number[] = [];
  while (!stopping) {
    times.push(await timedHealth());
    await new Promise((r) => setTimeout(r, INTERVAL_MS));
  }
  return times;
}

const ownLoop = monitorEventLoopDelay({ resolution: 1 });

process.on('message', (message: { start?: boolean; stop?: boolean }) => {
  if (message.start) {
    stopping = false;
    ownLoop.reset();
    ownLoop.enable();
    running = series();
  } else if (message.stop && running) {
    stopping = true;
    void running.then((times) => {
      ownLoop.disable();
      // The histogram counts each 1 ms tick's full interval: what exceeds it is the delay.
      process.send!({ times, ownLoopMaxMs: Math.max(0, ownLoop.max / 1e6 - 1) });
    });
  }
});
process.send!({ ready: true });
