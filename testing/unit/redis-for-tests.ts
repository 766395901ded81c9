import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { startRedisServer, type RedisServer } from '../stack/redis-server';

/**
 * A real redis-server for the test file, started before its tests and stopped after them, with one
 * connected client. Call the returned function inside a test (the client does not exist while
 * the file's tests are collected).
 */
export function redisForTests(): () => Redis {
  let server: RedisServer | undefined;
  let client: Redis | undefined;
  beforeAll(async () => {
    server = await startRedisServer();
    client = new Redis(server.url, { enableOfflineQueue: false, lazyConnect: true });
    await client.connect();
  });
  afterAll(async () => {
    client?.disconnect();
    await server?.stop();
  });
  return () => {
    if (!client) throw new Error('The Redis client exists once the tests run.');
    return client;
  };
}
