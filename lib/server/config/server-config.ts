import 'server-only';
import { environment } from './environment';
import { readFileSync } from 'node:fs';
import { buildConfig, type RunnelConfig } from './schema';

let cached: RunnelConfig | undefined;

/**
 * The server's configuration, read from the environment once (environment.ts) and validated.
 * Throws a ConfigError naming the bad variable.
 */
export function getServerConfig(): RunnelConfig {
  cached ??= buildConfig(environment(), (path) => readFileSync(path, 'utf8'));
  return cached;
}
