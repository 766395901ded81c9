import 'server-only';
import { processSingleton } from '../process-singleton';
import { readyRedis } from '../redis/client';
import { createRevokedSessions, type RevokedSessions } from './revoked-sessions';

/**
 * This process's list of signed-out sessions (shared through Redis when `REDIS_URL` is set). One per
 * process: the sign-out route and every other route are bundled apart.
 */
export function revokedSessions(): RevokedSessions {
  return processSingleton('revoked-sessions', () =>
    createRevokedSessions(() => readyRedis().catch(() => undefined)),
  );
}
