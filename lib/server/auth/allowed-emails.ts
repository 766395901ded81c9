import 'server-only';

/**
 * Whether an address may sign in under `OIDC_ALLOWED_EMAILS` (lower-case addresses and `*@domain`
 * entries). An empty list allows every account the issuer vouches for.
 */
export function emailAllowed(allowed: readonly string[], email: string | undefined): boolean {
  if (!allowed.length) return true;
  if (!email) return false;
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return false;
  return allowed.includes(address) || allowed.includes(`*${address.slice(at)}`);
}

/**
 * The address an ID token vouches for: only when the provider marks it verified (`email_verified`
 * `true`; some providers send the string `"true"`). A missing claim is not a yes — an account
 * whose owner typed someone else's address would otherwise pass `OIDC_ALLOWED_EMAILS` as them —
 * unless `OIDC_ALLOW_UNVERIFIED_EMAIL` says this provider's addresses are trusted as given.
 */
export function trustedEmail(
  claims: Readonly<Record<string, unknown>>,
  allowUnverified: boolean,
): string | undefined {
  if (typeof claims.email !== 'string' || !claims.email) return undefined;
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  return verified || allowUnverified ? claims.email : undefined;
}
