/** The test provider's accounts, signed in by typing the username (no password: a test provider). */
export const OIDC_USERS = {
  ada: { email: 'ada@allowed.test', name: 'Ada Lovelace' },
  eve: { email: 'eve@elsewhere.test', name: 'Eve' },
} as const;

export type OidcUsername = keyof typeof OIDC_USERS;

/** The allowlist the OIDC app under test is given: Ada's domain, not Eve's. */
export const OIDC_ALLOWED = '*@allowed.test';

export const OIDC_CLIENT = {
  id: 'runnel-e2e',
  secret: 'oidc-e2e-client-secret-0123456789',
} as const;
