import 'server-only';
import { readFileSync } from 'node:fs';
import { buildConfig, type RunnelConfig } from './schema';

let cached: RunnelConfig | undefined;

/**
 * The server's configuration, read from the environment once and validated (the only place that
 * reads `process.env`). Throws a ConfigError naming the bad variable.
 */
export function getServerConfig(): RunnelConfig {
  cached ??= buildConfig(process.env, (path) => readFileSync(path, 'utf8'));
  return cached;
}
