/** What `/sign-in?error=…` says; unknown codes say nothing (the parameter is not trusted text). */
export function signInError(code: string | undefined, provider: string | undefined): string | null {
  switch (code) {
    case 'oidc-state':
      return 'That sign-in link has expired or was already used. Please sign in again.';
    case 'oidc-email':
      return 'This account is not allowed to sign in here.';
    case 'oidc-failed':
      return `Signing in with ${provider ?? 'the identity provider'} did not work. Please try again.`;
    default:
      return null;
  }
}
