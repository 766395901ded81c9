import 'server-only';

import type { Identity } from '../auth/identity';

/**
 * The identity key a resumable answer is bound to: the signed-in user's, or the widget visitor's.
 * Anonymous requests (no sign-in configured) are keyed by address, which is no identity and changes
 * when a laptop changes network — exactly when an answer needs reattaching — so for them the token
 * alone authorises.
 */
export function resumeBinding(identity: Identity): string | undefined {
  if (identity.kind === 'anonymous') return undefined;
  return identity.key;
}
