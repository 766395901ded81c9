import type { Identity } from '../../lib/server/auth/identity';

/** A widget visitor, as the widget's signed pass names one. */
export function visitorIdentity(address = '203.0.113.5'): Identity {
  return { kind: 'visitor', key: 'visitor:v', visitorId: 'v', address };
}

/** A user signed in with the access code named `team`. */
export function codeUserIdentity(address = '203.0.113.5'): Identity {
  return { kind: 'user', key: 'code:team', name: 'team', method: 'access-code', address };
}
