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

/** What the access-code field says before anything is sent; null when there is a code to send. */
export function accessCodeProblem(value: FormDataEntryValue | null): string | null {
  return typeof value === 'string' && value.trim() ? null : 'Enter the access code.';
}
