import 'server-only';
import { ConfigError } from '../config/config-error';
import { getServerConfig } from '../config/server-config';

/**
 * The model the widget is locked to: the site's `data-model` when `EMBED_MODELS` allows it (or is
 * unset), else the first of `EMBED_MODELS` — so the widget never offers a model its own requests
 * would be refused (`403 forbidden`).
 */
export function widgetModel(requested: string | null): string | null {
  let allowed: string[] | undefined;
  try {
    allowed = getServerConfig().limits.embedModels;
  } catch (error) {
    // The chat API reports invalid configuration itself; the page keeps the site's choice.
    if (error instanceof ConfigError) return requested;
    throw error;
  }
  if (!allowed) return requested;
  return requested && allowed.includes(requested) ? requested : (allowed[0] ?? null);
}
