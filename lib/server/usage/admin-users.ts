import 'server-only';

import type { Identity } from '../auth/identity';

/**
 * Whether `ADMIN_USERS` (lower-cased entries, usage-config.ts) names this signed-in user. An
 * OpenID Connect user's display name never counts: people choose their own at the provider.
 * - `code:…`, `oidc:…`, `proxy:…`: the identity key itself;
 * - an address (`…@…`): an OpenID Connect user's verified email, or a proxy user's name;
 * - anything else: an access code's name, or a proxy user's name.
 */
export function isAdmin(identity: Identity, adminUsers: readonly string[]): boolean {
  if (identity.kind !== 'user' || adminUsers.length === 0) return false;
  const key = identity.key.toLowerCase();
  const email = identity.email?.toLowerCase();
  return adminUsers.some((entry) => {
    if (/^(code|oidc|proxy):/.test(entry)) return entry === key;
    if (entry.includes('@')) return entry === email || `proxy:${entry}` === key;
    return `code:${entry}` === key || `proxy:${entry}` === key;
  });
}
