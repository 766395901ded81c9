import 'server-only';

const REDACTED = '[redacted]';

/** Shapes of credentials that must never reach a browser or a log, whoever wrote them. */
const CREDENTIAL_PATTERNS: RegExp[] = [
  /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{6,}/gi,
  /\bsk-[A-Za-z0-9_-]{8,}/g,
  /\b(api[_-]?key|token|secret|password)(["']?\s*[:=]\s*["']?)[^\s"',}]{6,}/gi,
];

/**
 * Removes secrets from text that came from a backend (error messages, status comments) before it
 * is sent to the browser or logged. Backends do echo keys in their errors ("Incorrect API key
 * provided: sk-…"), so every configured key is masked, and anything shaped like a credential too.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join(REDACTED);
  }
  out = out.replace(CREDENTIAL_PATTERNS[0]!, (_m, scheme: string) => `${scheme} ${REDACTED}`);
  out = out.replace(CREDENTIAL_PATTERNS[1]!, REDACTED);
  out = out.replace(
    CREDENTIAL_PATTERNS[2]!,
    (_m, name: string, sep: string) => `${name}${sep}${REDACTED}`,
  );
  return out;
}
