/**
 * Requests from one address, each with a new visitor id, past `EMBED_RATE_LIMIT_RPM`: the Redis
 * keys and connected clients before and after, and how many keys outlive a minute.
 */
import type { Redis } from 'ioredis';

async function redisFigures(redis: Redis) {
  const keys = await redis.keys('*');
  const ttls = await Promise.all(keys.map((key) => redis.pttl(key)));
  const clients = (await redis.client('LIST')) as string;
  return {
    keys: keys.length,
    keysOutlivingAMinute: ttls.filter((t) => t > 60_000 || t === -1).length,
    clients: clients.trim().split('\n').length,
  };
}

export async function rotatingVisitors(url: string, redis: Redis, count: number) {
  const before = await redisFigures(redis);
  const statuses = new Map<number, number>();
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${url}/api/chat`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': '198.51.100.77',
        'x-runnel-visitor': `rotating-${crypto.randomUUID()}`,
      },
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
    });
    await response.text();
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  }
  return { before, after: await redisFigures(redis), statuses: Object.fromEntries(statuses) };
}
