import { Redis, type RedisOptions } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type RedisServer } from '../../../testing/stack/redis-server';
import { REDIS_OPTIONS } from '../redis/client';
import { createLocalAnswers } from './local-answers';
import { createRedisAnswers } from './redis-answers';
import { GENERATOR_LOST_MESSAGE } from './redis-feed';
import type { EntryFeed, LogEntry } from './types';
import { holdEventLoop } from '../../../testing/unit/hold-event-loop';

/**
 * Two instances in one process, each with its own connection to a real redis-server: A generates,
 * B reads and stops. Short lease, block and grace times so every path runs in well under a second.
 */
let server: RedisServer;
const connections: Redis[] = [];

beforeAll(async () => {
  server = await startRedisServer();
});
afterAll(async () => {
  for (const c of connections) c.disconnect();
  await server.stop();
});

async function connect(options: RedisOptions = {}): Promise<Redis> {
  const redis = new Redis(server.url, { enableOfflineQueue: false, lazyConnect: true, ...options });
  await redis.connect();
  connections.push(redis);
  return redis;
}

/**
 * An instance: its shared connection, and the one its copies are written on — given here so that a
 * test can cut both, or left to the default (`ownWriter`), a connection of its own beside `redis`.
 */
async function instance(
  prefix: string,
  leaseMs: number,
  {
    redisOptions,
    ownWriter = false,
    writer: given,
  }: { redisOptions?: RedisOptions; ownWriter?: boolean; writer?: Redis } = {},
) {
  const redis = await connect(redisOptions);
  const writer = ownWriter ? undefined : (given ?? (await connect()));
  const logged: string[] = [];
  const shared = createRedisAnswers(redis, {
    graceMs: 200,
    ttlMs: 5000,
    leaseMs,
    blockMs: 100,
    prefix,
    ...(writer ? { writer: () => writer } : {}),
    log: (message) => logged.push(message),
  });
  const answers = createLocalAnswers({
    maxBytes: 1 << 20,
    maxAnswerBytes: 1 << 20,
    ttlMs: 5000,
    onForget: (id) => shared.forget(id),
  });
  return { redis, writer, shared, answers, logged };
}

const entry = (seq: number, terminal = false): LogEntry => ({
  seq,
  data: JSON.stringify(terminal ? { type: 'done' } : { type: 'content', text: `e${seq}` }),
  terminal,
});

/** Follows a feed, collecting entries; resolves when it ends. */
function follow(feed: EntryFeed, afterSeq: number) {
  const seen: LogEntry[] = [];
  let stop!: () => void;
  const ended = new Promise<void>((resolve) => {
    stop = feed(afterSeq, (entries) => seen.push(...entries), resolve);
  });
  return { seen, ended, stop };
}

/** A generates (its lease renewed every `leaseMs / 5`), B reads. */
async function setup(leaseMs = 300) {
  const prefix = `test:${crypto.randomUUID()}:`;
  const a = await instance(prefix, leaseMs);
  const b = await instance(prefix, leaseMs);
  const id = `chat_${crypto.randomUUID()}`;
  const log = a.answers.create(id, { tokenHash: 'hash-of-token', binding: 'user:ada' });
  const mirror = a.shared.mirror(log);
  return { a, b, id, log, mirror, prefix };
}

/** Clients connected to the test's redis-server now. */
async function clients(redis: Redis): Promise<number> {
  return ((await redis.client('LIST')) as string).trim().split('\n').length;
}

describe('readers of an answer on another instance', () => {
  it('share one follow: 50 readers add one Redis connection, not 50, and all get every entry', async () => {
    const { b, id, log, mirror } = await setup();
    log.append([entry(1), entry(2)]);
    await expect.poll(async () => (await b.shared.access(id))?.tokenHash).toBe('hash-of-token');
    const before = await clients(b.redis);
    const readers = Array.from({ length: 50 }, (_, i) => follow(b.shared.feed(id), i % 3));
    await expect
      .poll(() => readers.every((r, i) => i % 3 === 2 || r.seen.some((e) => e.seq === 2)))
      .toBe(true);
    expect(await clients(b.redis)).toBe(before + 1);
    log.append([entry(3), entry(4, true)]);
    await Promise.all(readers.map((r) => r.ended));
    for (const [i, r] of readers.entries())
      expect(r.seen.map((e) => e.seq)).toEqual([1, 2, 3, 4].filter((seq) => seq > i % 3));
    // The follow ends with the answer: its connection goes.
    await expect.poll(() => clients(b.redis)).toBe(before);
    mirror.close();
  });

  it('stops following when the last reader leaves, and starts again for a new one', async () => {
    const { b, id, log, mirror } = await setup();
    log.append([entry(1)]);
    await expect.poll(async () => (await b.shared.access(id))?.tokenHash).toBe('hash-of-token');
    const before = await clients(b.redis);
    const one = follow(b.shared.feed(id), 0);
    const two = follow(b.shared.feed(id), 1);
    await expect.poll(() => one.seen.length).toBe(1);
    one.stop();
    two.stop();
    await expect.poll(() => clients(b.redis)).toBe(before);
    log.append([entry(2, true)]);
    const late = follow(b.shared.feed(id), 0);
    await late.ended;
    expect(late.seen.map((e) => e.seq)).toEqual([1, 2]);
    mirror.close();
  });
});

describe('resumable answers in Redis', () => {
  it('another instance replays from any event, then follows live, to the terminal', async () => {
    const { b, id, log, mirror } = await setup();
    log.append([entry(1), entry(2), entry(3)]);
    await expect
      .poll(() => b.shared.access(id))
      .toEqual({
        tokenHash: 'hash-of-token',
        binding: 'user:ada',
      });
    const reader = follow(b.shared.feed(id), 1);
    await expect.poll(() => reader.seen.map((e) => e.seq)).toEqual([2, 3]);
    log.append([entry(4), entry(5, true)]);
    await reader.ended;
    expect(reader.seen).toEqual([entry(2), entry(3), entry(4), entry(5, true)]);
    mirror.close();
    // Finished: a late reader gets it all, from the start.
    const late = follow(b.shared.feed(id), 0);
    await late.ended;
    expect(late.seen.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
  });

  it('a stop requested on another instance reaches the generator at once', async () => {
    // A lease renewed only every 12 s: the stop key checked at renewal cannot be what delivers it.
    const { b, id, log, mirror, prefix } = await setup(60_000);
    log.append([entry(1)]);
    await expect.poll(() => b.shared.access(id)).toBeDefined();
    // Once A listens on the stop channel.
    await expect
      .poll(async () => ((await b.redis.pubsub('NUMSUB', `${prefix}stop`)) as [string, number])[1])
      .toBe(1);
    let stops = 0;
    log.onStop(() => stops++);
    await b.shared.requestStop(id);
    await expect.poll(() => stops, { timeout: 2000 }).toBe(1);
    mirror.close();
  });

  it('a stop requested before the generator listened is found when it starts listening', async () => {
    const prefix = `test:${crypto.randomUUID()}:`;
    const a = await instance(prefix, 60_000);
    const b = await instance(prefix, 60_000);
    const id = `chat_${crypto.randomUUID()}`;
    await b.shared.requestStop(id);
    const log = a.answers.create(id, { tokenHash: 'h' });
    let stops = 0;
    log.onStop(() => stops++);
    const mirror = a.shared.mirror(log);
    await expect.poll(() => stops, { timeout: 2000 }).toBe(1);
    mirror.close();
  });

  it('a reader elsewhere keeps the answer wanted for a grace period after it leaves', async () => {
    const { b, id, log, mirror } = await setup();
    log.append([entry(1)]);
    expect(await mirror.readersElsewhere()).toBe(false);
    const reader = follow(b.shared.feed(id), 0);
    await expect.poll(() => mirror.readersElsewhere()).toBe(true);
    reader.stop();
    expect(await mirror.readersElsewhere()).toBe(true);
    await expect.poll(() => mirror.readersElsewhere(), { timeout: 2000 }).toBe(false);
    mirror.close();
  });

  it('when the generator dies, readers get what was kept and then learn it ended, once', async () => {
    const { a, b, id, log } = await setup();
    log.append([entry(1), entry(2)]);
    await expect.poll(() => b.shared.access(id)).toBeDefined();
    const reader = follow(b.shared.feed(id), 0);
    await expect.poll(() => reader.seen.length).toBe(2);
    // The instance goes away without a word: its lease stops being renewed.
    a.redis.disconnect();
    a.writer?.disconnect();
    const second = follow(b.shared.feed(id), 1);
    await Promise.all([reader.ended, second.ended]);
    const lost = {
      seq: 3,
      data: JSON.stringify({
        type: 'error',
        error: { code: 'incomplete_stream', message: GENERATOR_LOST_MESSAGE },
      }),
      terminal: true,
    };
    expect(reader.seen).toEqual([entry(1), entry(2), lost]);
    expect(second.seen).toEqual([entry(2), lost]);
    // The end is kept with the answer, once: a late reader gets the same.
    const late = follow(b.shared.feed(id), 0);
    await late.ended;
    expect(late.seen).toEqual([entry(1), entry(2), lost]);
  });

  /**
   * A generates with its shared connection as the app makes it (REDIS_OPTIONS: the client gives up
   * on a command after 500 ms) and writes its copies on the connection of their own it makes.
   */
  async function appLikeSetup() {
    const prefix = `test:${crypto.randomUUID()}:`;
    const a = await instance(prefix, 300, {
      redisOptions: { commandTimeout: REDIS_OPTIONS.commandTimeout },
      ownWriter: true,
    });
    const b = await instance(prefix, 300);
    const id = `chat_${crypto.randomUUID()}`;
    const log = a.answers.create(id, { tokenHash: 'hash-of-token' });
    return { a, b, id, log, mirror: a.shared.mirror(log) };
  }

  /**
   * Holds the event loop past the shared client's timeout in the next turn, as a long synchronous
   * render on a loaded machine does: what was sent in this turn is answered meanwhile.
   */
  const holdPastTheTimeout = () =>
    new Promise<void>((resolve) =>
      setImmediate(() => {
        holdEventLoop(REDIS_OPTIONS.commandTimeout + 300);
        resolve();
      }),
    );

  it('a busy event loop does not cost the shared copy: its writes outlast the shared client', async () => {
    const { a, b, id, log, mirror } = await appLikeSetup();
    log.append([entry(1)]);
    await expect.poll(() => b.shared.access(id)).toBeDefined();
    log.append([entry(2)]);
    await holdPastTheTimeout();
    log.append([entry(3, true)]);
    const reader = follow(b.shared.feed(id), 0);
    await reader.ended;
    expect(reader.seen.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(a.logged).toEqual([]);
    mirror.close();
  });

  it('an announcement the shared client gave up on is made again on the writer', async () => {
    const { a, b, id, log, mirror } = await appLikeSetup();
    // The announcement (who may read the answer, its lease) is sent in this turn.
    log.append([entry(1)]);
    await holdPastTheTimeout();
    log.append([entry(2, true)]);
    const reader = follow(b.shared.feed(id), 0);
    await reader.ended;
    expect(reader.seen.map((e) => e.seq)).toEqual([1, 2]);
    expect(a.logged).toEqual([]);
    mirror.close();
  });

  it('who may read an answer is in Redis at once, before its writer has connected', async () => {
    // A reader on another instance may ask as soon as the browser has the answer's id: the first
    // answer of a fresh instance must not wait for the writer's connection to be told it exists.
    const prefix = `test:${crypto.randomUUID()}:`;
    const unconnected = new Redis(server.url, { enableOfflineQueue: false, lazyConnect: true });
    connections.push(unconnected);
    const a = await instance(prefix, 300, { writer: unconnected });
    const b = await instance(prefix, 300);
    const id = `chat_${crypto.randomUUID()}`;
    const log = a.answers.create(id, { tokenHash: 'hash-of-token' });
    const mirror = a.shared.mirror(log);
    log.append([entry(1)]);
    await expect.poll(() => b.shared.access(id)).toEqual({ tokenHash: 'hash-of-token' });
    expect(unconnected.status).toBe('wait');
    mirror.close();
  });

  it('an answer that stops being kept, or that its instance forgets, is gone from Redis too', async () => {
    const { a, b, id, log, mirror } = await setup();
    log.append([entry(1)]);
    await expect.poll(() => b.shared.access(id)).toBeDefined();
    log.stopKeeping();
    log.append([entry(2)]);
    await expect.poll(() => b.shared.access(id)).toBeUndefined();
    mirror.close();

    const other = a.answers.create(`chat_${crypto.randomUUID()}`, { tokenHash: 'h' });
    const otherMirror = a.shared.mirror(other);
    other.append([entry(1, true)]);
    await expect.poll(() => b.shared.access(other.id)).toBeDefined();
    otherMirror.close();
    a.answers.settle(other.id);
    a.shared.forget(other.id);
    await expect.poll(() => b.shared.access(other.id)).toBeUndefined();
  });
});
