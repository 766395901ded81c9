import 'server-only';
import type { EmbedAllowlist } from '../../protocol/embed-origins';
import { ConfigError, parseEmbedAllowedOrigins } from './schema';

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
    cached = parseEmbedAllowedOrigins(process.env.EMBED_ALLOWED_ORIGINS);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`[runnel] ${error.message}; embedding is refused until it is fixed.`);
    cached = [];
  }
  return cached;
}
