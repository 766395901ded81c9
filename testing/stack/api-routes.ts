import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** One route handler method under `app/api`. */
export interface ApiRoute {
  method: string;
  /** With every dynamic segment filled in with a placeholder. */
  path: string;
}

/**
 * Every method of every route handler under `app/api`, read from the source tree, so a route
 * added later is covered by the access specs without anyone remembering to list it.
 */
export function apiRoutes(root = 'app/api'): ApiRoute[] {
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith(`${sep}route.ts`) || f === 'route.ts',
  );
  return files.flatMap((file) => {
    const dir = relative(root, join(root, file, '..'))
      .split(sep)
      .filter(Boolean);
    const path = `/api/${dir.map((part) => (/^\[.*\]$/.test(part) ? 'placeholder' : part)).join('/')}`;
    const source = readFileSync(join(root, file), 'utf8');
    const methods = [
      ...source.matchAll(/export\s+(?:async\s+)?function\s+(GET|POST|PUT|PATCH|DELETE)\b/g),
    ];
    return methods.map(([, method]) => ({ method: method!, path }));
  });
}
