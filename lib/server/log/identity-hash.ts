import 'server-only';

import { createHmac } from 'node:crypto';

/**
 * What logs say about who asked: a keyed hash of the identity's key (user id, address, visitor
 * id), never the key itself. Keyed, because an unkeyed hash of an IPv4 address is reversed by
 * trying them all; the same `pepper` on every instance keeps one person's lines together.
 */
export function hashIdentity(key: string, pepper: string): string {
  return createHmac('sha256', pepper).update(key).digest('hex').slice(0, 16);
}
