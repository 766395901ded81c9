import 'server-only';

/**
 * Who is making a request, as the access layer decided it. Limits, logs and resumable answers key
 * on `key`; nothing here is ever sent to a backend.
 *
 * - `user`: signed in (access code, OpenID Connect or a trusted proxy header). `key` is stable per
 *   person or per named access code.
 * - `anonymous`: no sign-in method is configured; counted by address.
 * - `visitor`: an embedded-widget visitor: a random id kept in the widget's partitioned storage,
 *   counted by that id and by address (the stricter wins), never asked to sign in.
 */
export type Identity =
  | {
      kind: 'user';
      key: string;
      /** What the header shows ("Ada Lovelace", "ada@example.com", the access code's name). */
      name: string;
      method: 'access-code' | 'oidc' | 'proxy';
      /** The verified address OpenID Connect gave (what `ADMIN_USERS` may name). */
      email?: string;
      address: string;
    }
  | { kind: 'anonymous'; key: string; address: string }
  | { kind: 'visitor'; key: string; visitorId: string; address: string; hostOrigin?: string };
