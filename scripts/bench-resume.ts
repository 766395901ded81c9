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
import { setTokenDelay } from '../testing/scenario-backend/pacing';
import { readEventStream } from '../lib/protocol/read-event-stream';
import { APP_ENV } from '../testing/stack/app-env';
import { startInstance } from '../testing/stack/instance';
import { writeProvidersFile } from '../testing/stack/providers-file';
import { startRedisServer } from '../testing/stack/redis-server';

const RUNS = 21;
const STOP_RUNS = 11;
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

interface Closed {
  body: unknown;
  outcome?: string;
  monotonic: { closedAt?: number };
}

/** When the backend saw the connection of the request carrying `marker` close. */
async function closedAt(backendURL: string, marker: string): Promise<number> {
  for (;;) {
    const response = await fetch(`${backendURL}/__control/requests?model=slow`);
    const { requests } = (await response.json()) as { requests: Closed[] };
    const record = requests.find((r) => JSON.stringify(r.body).includes(marker));
    if (record?.monotonic.closedAt) return record.monotonic.closedAt;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Stop: from the moment the client acts to the backend seeing its connection close — a plain
 * answer's disconnect against a resumable answer's `POST …/stop` (same instance, and through
 * Redis from another one).
 */
async function benchStop(backendURL: string, plainURL: string, r1: string, r2: string) {
  const slow = (url: string, marker: string, resumable: boolean) =>
    fetch(`${url}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'vllm:slow',
        messages: [{ role: 'user', content: marker }],
        ...(resumable ? { resumable: true } : {}),
      }),
    });
  /** Starts a resumable answer, reads a few events, then stops it through `stopURL`. */
  const viaStop = async (url: string, stopURL: string, marker: string) => {
    const response = await slow(url, marker, true);
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    const start = JSON.parse(/data: (.*)/.exec(new TextDecoder().decode(value))![1]!) as {
      request_id: string;
      resume_token: string;
    };
    for (let i = 0; i < 3; i++) await reader.read();
    const at = now();
    await fetch(`${stopURL}/api/chat/${start.request_id}/stop`, {
      method: 'POST',
      headers: { 'X-Resume-Token': start.resume_token },
    });
    await reader.cancel();
    return (await closedAt(backendURL, marker)) - at;
  };
  const modes: Record<string, (marker: string) => Promise<number>> = {
    'plain, disconnect': async (m) => {
      const controller = new AbortController();
      const response = await fetch(`${plainURL}/api/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'vllm:slow', messages: [{ role: 'user', content: m }] }),
        signal: controller.signal,
      });
      const reader = response.body!.getReader();
      for (let i = 0; i < 4; i++) await reader.read();
      const at = now();
      controller.abort();
      return (await closedAt(backendURL, m)) - at;
    },
    'resumable, stop (memory)': (m) => viaStop(plainURL, plainURL, m),
    'resumable, stop on another instance (redis)': (m) => viaStop(r1, r2, m),
  };
  const delays: Record<string, number[]> = {};
  for (let i = 0; i < STOP_RUNS; i++) {
    for (const [mode, run] of Object.entries(modes)) {
      (delays[mode] ??= []).push(await run(`bench-stop-${mode}-${i}-${Date.now()}`));
    }
  }
  console.log('stop, client action → backend sees its connection close (medians):');
  for (const [mode, values] of Object.entries(delays)) {
    console.log(`  ${mode}: median ${median(values).toFixed(2)} ms (n=${values.length})`);
  }
}

/**
 * Runs the comparisons against `backendURL` (token delay set to 0 by the caller; left at the
 * scenarios' own pace afterwards); `plainURL` is an instance without Redis.
 */
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
    // Stop needs a stream still going: the scenarios' own pace again.
    await setTokenDelay(backendURL, null);
    await benchStop(backendURL, plainURL, r1.url, r2.url);
  } finally {
    await Promise.all([r1.stop(), r2.stop()]);
    await redis.stop();
  }
}
