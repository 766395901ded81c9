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
