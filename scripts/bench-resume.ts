/**
 * The resumable part of `npm run bench:latency`: what keeping an answer for reattaching adds to
 * the time a token takes through the proxy. Same measurement as the plain figure (the first token
 * after a 1.2 s silence: backend write → client `content` event), for four ways of reading it,
 * interleaved run by run so a machine's changing load falls on all of them alike:
 * - plain: `POST /api/chat` without `resumable`;
 * - memory: `resumable: true` on an instance without Redis (the browser's own connection);
 * - redis: `resumable: true` on an instance with a local redis-server (same connection: events
 *   reach it from memory while being copied to Redis);
 * - redis, other instance: the same answer followed on a second instance, through Redis.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readEventStream } from '../lib/protocol/read-event-stream';
import { APP_ENV } from '../testing/stack/app-env';
import { startInstance } from '../testing/stack/instance';
import { writeProvidersFile } from '../testing/stack/providers-file';
import { startRedisServer } from '../testing/stack/redis-server';

const RUNS = 21;
/** The system-wide monotonic clock, the one the scenario backend also records on. */
const now = () => Number(process.hrtime.bigint()) / 1e6;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** When the backend wrote the first byte of the request carrying `marker`. */
async function firstByteAt(backendURL: string, marker: string): Promise<number> {
  const response = await fetch(`${backendURL}/__control/requests?model=long-prefill`);
  const { requests } = (await response.json()) as {
    requests: { body: unknown; monotonic: { firstByteAt?: number } }[];
  };
  return requests.find((r) => JSON.stringify(r.body).includes(marker))!.monotonic.firstByteAt!;
}

/** When the first `content` event of `body` arrived. */
async function firstContent(body: ReadableStream<Uint8Array>): Promise<number> {
  let at = 0;
  for await (const event of readEventStream(body)) {
    if (event.type === 'content' && !at) at = now();
  }
  return at;
}

function post(appURL: string, marker: string, resumable: boolean): Promise<Response> {
  return fetch(`${appURL}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'vllm:long-prefill',
      messages: [{ role: 'user', content: marker }],
      ...(resumable ? { resumable: true } : {}),
    }),
  });
}

/** Starts an answer on `appURL` and follows it on `readerURL` (reattached before any token). */
async function elsewhere(appURL: string, readerURL: string, marker: string): Promise<number> {
  const response = await post(appURL, marker, true);
  const reader = response.body!.getReader();
  const { value } = await reader.read();
  const start = JSON.parse(/data: (.*)/.exec(new TextDecoder().decode(value))![1]!) as {
    request_id: string;
    resume_token: string;
  };
  const follow = await fetch(`${readerURL}/api/chat/${start.request_id}/events`, {
    headers: { 'X-Resume-Token': start.resume_token, 'Last-Event-ID': '1' },
  });
  const [at] = await Promise.all([firstContent(follow.body!), reader.cancel()]);
  return at;
}

/** Runs the comparison against `backendURL` (token delay already 0); `plainURL` has no Redis. */
export async function benchResume(backendURL: string, plainURL: string): Promise<void> {
  const redis = await startRedisServer();
  const providersFile = writeProvidersFile(
    backendURL,
    mkdtempSync(join(tmpdir(), 'runnel-bench-')),
  );
  const env = { ...APP_ENV, PROVIDERS_FILE: providersFile, REDIS_URL: redis.url };
  const [r1, r2] = await Promise.all([startInstance(env), startInstance(env)]);
  try {
    const modes: Record<string, (marker: string) => Promise<number>> = {
      plain: async (m) => firstContent((await post(plainURL, m, false)).body!),
      memory: async (m) => firstContent((await post(plainURL, m, true)).body!),
      redis: async (m) => firstContent((await post(r1.url, m, true)).body!),
      'redis, other instance': (m) => elsewhere(r1.url, r2.url, m),
    };
    const delays: Record<string, number[]> = {};
    for (let i = 0; i < RUNS; i++) {
      for (const [mode, run] of Object.entries(modes)) {
        const marker = `bench-resume-${mode}-${i}-${Date.now()}`;
        const arrived = await run(marker);
        (delays[mode] ??= []).push(arrived - (await firstByteAt(backendURL, marker)));
      }
    }
    const plain = median(delays.plain!);
    console.log('resumable answers, first token after a silence (medians of interleaved runs):');
    for (const [mode, values] of Object.entries(delays)) {
      const added = mode === 'plain' ? '' : `, added ${(median(values) - plain).toFixed(2)} ms`;
      console.log(`  ${mode}: median ${median(values).toFixed(2)} ms${added} (n=${values.length})`);
    }
  } finally {
    await Promise.all([r1.stop(), r2.stop()]);
    await redis.stop();
  }
}
