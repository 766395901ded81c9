import 'server-only';
import { environment } from './environment';

import { z } from 'zod';
import { optionalText } from './env-values';
import { ConfigError } from './config-error';

/** Who sees what in the usage view, as configured. */
export interface UsageConfig {
  /**
   * `ADMIN_USERS`, lower-cased: the signed-in users who see every user's usage. An entry is an
   * identity key (`code:<name>`, `oidc:<subject>`, `proxy:<name>`), an email address (an OpenID
   * Connect user's verified address, or the name a proxy sends) or an access code's name.
   */
  adminUsers: readonly string[];
}

/** The prefixes of identity keys (lib/server/auth): an entry with another prefix is a typo. */
const KEY_PREFIXES = ['code', 'oidc', 'proxy'];

const schema = z.object({
  ADMIN_USERS: optionalText.transform((v, ctx) => {
    const entries = (v ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean);
    for (const entry of entries) {
      const prefix = /^([a-z]+):/.exec(entry)?.[1];
      if (/\s/.test(entry) || entry.length > 320 || (prefix && !KEY_PREFIXES.includes(prefix))) {
        ctx.addIssue({
          code: 'custom',
          message: `"${entry}" is not a user: give an email address, an access code's name, or code:…, oidc:…, proxy:…`,
        });
        return z.NEVER;
      }
    }
    return entries;
  }),
});

/** Builds the configuration from an environment; throws naming the bad variable. */
export function buildUsageConfig(env: Record<string, string | undefined>): UsageConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])}: ${issue.message}`);
  }
  return { adminUsers: parsed.data.ADMIN_USERS };
}

let cached: UsageConfig | undefined;

/** The configuration, read from the environment once. */
export function getUsageConfig(): UsageConfig {
  cached ??= buildUsageConfig(environment());
  return cached;
}
