import 'server-only';

/**
 * One value per process for `name`. Next bundles each route and the instrumentation hook apart,
 * so a module-level variable can exist once per bundle; state that must be shared — the metrics
 * registry, the logger, the streams a shutdown drains, replica counts — is kept on `globalThis`.
 */
export function processSingleton<T>(name: string, make: () => T): T {
  const key = Symbol.for(`runnel.${name}`);
  const holder = globalThis as Record<symbol, unknown>;
  if (!(key in holder)) holder[key] = make();
  return holder[key] as T;
}
