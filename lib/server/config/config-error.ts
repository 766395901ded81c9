import 'server-only';

import type { z } from 'zod';

/** Thrown for configuration that cannot work; its message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** One line per zod issue, each naming its variable. */
export function formatIssues(prefix: string, error: z.ZodError): string {
  return error.issues
    .map((i) => `${prefix}${i.path.length ? i.path.join('.') : ''}: ${i.message}`)
    .join('; ');
}
