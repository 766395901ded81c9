import 'server-only';
import { environment } from './environment';
import type { EmbedAllowlist } from '../../protocol/embed-origins';
import { parseAllowedOrigins } from '../../protocol/embed-origins';
import { ConfigError } from './config-error';

let cached: EmbedAllowlist | undefined;

/**
 * Who may embed `/embed`, from `EMBED_ALLOWED_ORIGINS`, read once at the first request (so it is the
 * value given to `next start`, not to `next build`). An invalid value fails closed: nobody may
 * embed, and the reason is logged once, naming the variable. It is read apart from
 * `getServerConfig` so a broken widget setting never takes the chat API down with it.
 */
export function getEmbedAllowlist(): EmbedAllowlist {
  if (cached) return cached;
  try {
    cached = parseEmbedAllowedOrigins(environment().EMBED_ALLOWED_ORIGINS);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`[runnel] ${error.message}; embedding is refused until it is fixed.`);
    cached = [];
  }
  return cached;
}

/**
 * `EMBED_ALLOWED_ORIGINS`: comma-separated origins, or `*` on its own; unset or empty → nobody may
 * embed the widget. Throws a ConfigError naming the variable for an entry that is not a bare
 * http(s) origin, so a typo refuses embedding loudly instead of allowing something unintended.
 */
export function parseEmbedAllowedOrigins(value: string | undefined): EmbedAllowlist {
  const parsed = parseAllowedOrigins(value);
  if (!parsed.ok)
    throw new ConfigError(`Invalid configuration: EMBED_ALLOWED_ORIGINS: ${parsed.error}`);
  return parsed.allowlist;
}
