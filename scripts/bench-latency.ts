/**
 * `npm run bench:latency`: how long the proxy holds a token. For each run the scenario backend
 * stays silent for 1.2 s (a long prefill) and then writes the first token; the figure is the time
 * from that write (recorded by the backend) to the first `content` event arriving at the client,
 * both on this machine's clock. Then what resumable answers add to it, in memory and with Redis
 * (bench-resume.ts: end to end; bench-resume-path.ts: per event, in-process, where the machine's
 * noise cancels out), and the gaps between the tokens of a 400-token stream. Needs
 * `npm run build` and, for the Redis figures, `redis-server`. Run with the react-server condition
 * (`npm run bench:latency` does): the in-process part uses server-only modules.
 */
import { readEventStream } from '../lib/protocol/read-event-stream';
import { setTokenDelay } from '../testing/scenario-backend/pacing';
import { startStack } from '../testing/stack/stack';
import { benchResume } from './bench-resume';
import { benchResumePath } from './bench-resume-path';

const RUNS = 15;
/** The system-wide monotonic clock, the one the scenario backend also records on. */
const now = () => Number(process.hrtime.bigint()) / 1e6;

function stats(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `median ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms, max ${sorted.at(-1)!.toFixed(2)} ms (n=${values.length})`;
}

const stack = await startStack();
try {
  // No pacing: the first token then goes out in the same write as the role chunk, so the
  // backend's `firstByteAt` is the moment the first token was written.
  await setTokenDelay(stack.backend.url, 0);
  const delays: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const marker = `bench-${i}-${Date.now()}`;
    const response = await fetch(`${stack.appURL}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'vllm:long-prefill',
        messages: [{ role: 'user', content: marker }],
      }),
    });
    let firstContentAt = 0;
    for await (const event of readEventStream(response.body!)) {
      if (event.type === 'content' && !firstContentAt) firstContentAt = now();
    }
    const records = (await (
      await fetch(`${stack.backend.url}/__control/requests?model=long-prefill`)
    ).json()) as {
      requests: { body: unknown; monotonic: { firstByteAt?: number } }[];
    };
    const record = records.requests.find((r) => JSON.stringify(r.body).includes(marker));
    delays.push(firstContentAt - record!.monotonic.firstByteAt!);
  }
  console.log(`first token, backend write → client content event: ${stats(delays)}`);
  await benchResume(stack.backend.url, stack.appURL);
  await benchResumePath();

  await setTokenDelay(stack.backend.url, null);
  // Every token of a paced stream: client arrival minus the backend's schedule is not recorded per
  // token, so compare gaps instead: if the proxy buffered, arrival gaps would bunch up.
  const response = await fetch(`${stack.appURL}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'vllm:slow', messages: [{ role: 'user', content: 'gaps' }] }),
  });
  const arrivals: number[] = [];
  for await (const event of readEventStream(response.body!)) {
    if (event.type === 'content') arrivals.push(now());
    if (arrivals.length === 100) break;
  }
  const gaps = arrivals.slice(1).map((t, i) => t - arrivals[i]!);
  console.log(`gaps between content events of a 50 ms/token stream: ${stats(gaps)}`);
} finally {
  await stack.stop();
}
// The in-process Redis part leaves connections of its own (a stop-signal subscription) that
// reconnect forever by design once its redis-server is gone: the figures are printed, so end here.
process.exit(0);
