import 'server-only';
import { ConfigError } from './config-error';

/** One access code. `name` is what logs, limits and the header show; never the code itself. */
export interface AccessCode {
  /** Given as `name:code`, or undefined for a bare code. */
  name?: string;
  code: string;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,39}$/;

/**
 * `ACCESS_CODES`: comma-separated `code` or `name:code` (the first colon separates them).
 * Names tell codes apart in logs and limits; two codes may not share a name or a value.
 */
export function parseAccessCodes(text: string | undefined): AccessCode[] {
  const codes: AccessCode[] = [];
  for (const entry of (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const colon = entry.indexOf(':');
    const name = colon >= 0 ? entry.slice(0, colon).trim() : undefined;
    const code = colon >= 0 ? entry.slice(colon + 1).trim() : entry;
    if (name !== undefined && !NAME.test(name)) {
      throw new ConfigError(
        `Invalid configuration: ACCESS_CODES: the name "${name}" must be 1–40 letters, digits, spaces, . _ or -`,
      );
    }
    // The position, not the value: a code must never appear in a log line.
    const where = name ? `the code named "${name}"` : `entry ${codes.length + 1}`;
    if (!code) throw new ConfigError(`Invalid configuration: ACCESS_CODES: ${where} is empty`);
    if (codes.some((c) => c.code === code)) {
      throw new ConfigError(`Invalid configuration: ACCESS_CODES: ${where} repeats another code`);
    }
    if (name && codes.some((c) => c.name === name)) {
      throw new ConfigError(
        `Invalid configuration: ACCESS_CODES: the name "${name}" is used twice`,
      );
    }
    codes.push(name ? { name, code } : { code });
  }
  return codes;
}

/**
 * `OIDC_ALLOWED_EMAILS`: comma-separated addresses and `*@domain` entries, compared without case.
 */
export function parseAllowedEmails(text: string | undefined): string[] {
  const entries = (text ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  for (const entry of entries) {
    if (!/^(\*|[^@\s*]+)@[^@\s*]+\.[^@\s*]+$/.test(entry)) {
      throw new ConfigError(
        `Invalid configuration: OIDC_ALLOWED_EMAILS: "${entry}" is neither an address nor *@domain`,
      );
    }
  }
  return entries;
}
