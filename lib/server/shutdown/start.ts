import 'server-only';

import { ConfigError } from '../config/config-error';
import { configSecrets } from '../config/schema';
import { getServerConfig } from '../config/server-config';
import { processLogger } from '../log/logger';
import { installShutdownHandler } from './install';

/** The documented default, used when the configuration cannot be read at start-up. */
const DEFAULT_GRACE_MS = 25_000;

/**
 * What the server sets up once when it starts (the instrumentation hook): the SIGTERM drain. A
 * broken configuration does not stop it: the routes answer `configuration_error`, and a restart
 * still drains with the default grace.
 */
export function startServerOps(): void {
  try {
    const config = getServerConfig();
    const logger = processLogger(config.ops.logLevel, configSecrets(config));
    installShutdownHandler(config.ops.shutdownGraceMs, logger);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    installShutdownHandler(DEFAULT_GRACE_MS, processLogger('info', []));
  }
}
