/**
 * The per-event figure of `npm run bench:latency` for resumable answers: in one process, a local
 * backend writes a token every 40 ms (slower than the gateway's 33 ms pace, so each token is one
 * event, written at once) and records when; the gateway relays it — as a plain answer, as a
 * resumable one kept in memory, kept in memory and copied to a local redis-server, and followed
 * through Redis as another instance would — and the time each token's event comes out of the
 * answer's response stream is taken on the same clock. The four run at the same time, so a busy
 * machine weighs on all of them alike. What a mode adds is its median minus the plain one's.
 *
 * Run with the react-server condition (`npm run bench:latency` does), as the modules are
 * server-only.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { readEventStream } from '../lib/protocol/read-event-stream';
import { streamChat, type StreamChatOptions } from '../lib/server/stream/stream-chat';
import { createLocalAnswers } from '../lib/server/resume/local-answers';
import { createReaderStream } from '../lib/server/resume/reader-stream';
import { createRedisAnswers } from '../lib/server/resume/redis-answers';
import { startResumableAnswer } from '../lib/server/resume/resumable-answer';
import type { SharedAnswers } from '../lib/server/resume/shared-answers';
import { startRedisServer } from '../testing/stack/redis-server';

const TOKENS = Number(process.env.BENCH_TOKENS) || 150;
const TOKEN_MS = 40;

/** When each token (`/<run>` + `t<i>`) was written, by the backend. */
const written = new Map<string, number>();

function backend(): Promise<Server> {
  const server = createServer((req, res) => {
    const run = req.url ?? '';
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.flushHeaders();
    res.socket?.setNoDelay(true);
    let i = 0;
    const timer = setInterval(() => {
      if (i === TOKENS) {
        clearInterval(timer);
        res.end('data: [DONE]\n\n');
        return;
      }
      const text = `t${i++} `;
      written.set(`${run}${text}`, performance.now());
      res.write(
        `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: text } }] })}\n\n`,
      );
    }, TOKEN_MS);
    res.on('close', () => clearInterval(timer));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Per-token delays of `stream` (run `run`): event out of the stream minus the backend's write. */
async function delays(run: string, stream: ReadableStream<Uint8Array>): Promise<number[]> {
  const out: number[] = [];
  for await (const event of readEventStream(stream)) {
    if (event.type !== 'content') continue;
    const at = performance.now();
    for (const text of event.text.split(/(?<= )/)) out.push(at - written.get(`${run}${text}`)!);
  }
  return out;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)]!;

/** Runs the four modes at once and prints medians. */
export async function benchResumePath(): Promise<void> {
  const server = await backend();
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const redisServer = await startRedisServer();
  const connect = async () => {
    const redis = new Redis(redisServer.url, { enableOfflineQueue: false, lazyConnect: true });
    await redis.connect();
    return redis;
  };
  const [generator, other] = await Promise.all([connect(), connect()]);
  const shared = (redis: Redis): SharedAnswers =>
    createRedisAnswers(redis, { graceMs: 30_000, ttlMs: 60_000 });
  const options = (run: string): StreamChatOptions => ({
    upstream: { url: `${base}${run}`, path: '/chat/completions', headers: {}, body: '{}' },
    backendURL: base,
    requestId: `chat_${crypto.randomUUID()}`,
    model: 'bench',
    normalizer: {},
    headersTimeoutMs: 10_000,
    idleTimeoutMs: 10_000,
    keepaliveIntervalMs: 15_000,
    secrets: [],
    signal: new AbortController().signal,
    receivedAt: performance.now(),
  });
  const deps = { fetch: globalThis.fetch, now: () => performance.now() };
  const answers = () =>
    createLocalAnswers({ maxBytes: 1 << 26, maxAnswerBytes: 1 << 22, ttlMs: 60_000 });
  const resumable = (run: string, sharedAnswers?: SharedAnswers, id?: string) =>
    startResumableAnswer(
      { ...options(run), ...(id ? { requestId: id } : {}), graceMs: 30_000 },
      { ...deps, answers: answers(), ...(sharedAnswers ? { shared: sharedAnswers } : {}) },
    );
  const onGenerator = shared(generator);
  try {
    const id = `chat_${crypto.randomUUID()}`;
    const elsewhere = resumable('/redis-other', onGenerator, id);
    const follower = createReaderStream(shared(other).feed(id), {
      afterSeq: 0,
      keepaliveIntervalMs: 15_000,
      signal: new AbortController().signal,
    });
    void elsewhere.stream.cancel();
    const results = await Promise.all([
      delays('/plain', streamChat(options('/plain'), deps)),
      delays('/memory', resumable('/memory').stream),
      delays('/redis', resumable('/redis', onGenerator).stream),
      delays('/redis-other', follower),
    ]);
    const names = ['plain', 'memory', 'redis', 'redis, read on another instance'];
    const plain = median(results[0]!);
    console.log(`resumable answers, per event (in-process, ${TOKENS} tokens each, at once):`);
    results.forEach((values, i) => {
      const added = i === 0 ? '' : `, added ${(median(values) - plain).toFixed(3)} ms`;
      console.log(
        `  ${names[i]}: median ${median(values).toFixed(3)} ms, p95 ${p95(values).toFixed(3)} ms${added} (n=${values.length})`,
      );
    });
  } finally {
    generator.disconnect();
    other.disconnect();
    server.closeAllConnections();
    server.close();
    await redisServer.stop();
  }
}
