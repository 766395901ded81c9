import 'server-only';

import { createHmac, randomBytes } from 'node:crypto';

/**
 * What logs say about who asked: a keyed hash of the identity's key (user id, address, visitor
 * id), never the key itself. Keyed, because an unkeyed hash of an IPv4 address is reversed by
 * trying them all; the same `pepper` on every instance keeps one person's lines together.
 */
export function hashIdentity(key: string, pepper: string): string {
  return createHmac('sha256', pepper).update(key).digest('hex').slice(0, 16);
}

/**
 * The hasher a process uses: keyed with `AUTH_SECRET` when it is set (the same on every instance,
 * so one person's lines stay together across instances), else with a random pepper of this process
 * (lines group per instance; no key that could be guessed offline).
 */
export function identityHasher(secret: string | undefined): (key: string) => string {
  const pepper = secret ?? randomBytes(32).toString('hex');
  return (key) => hashIdentity(key, `runnel-log:${pepper}`);
}
