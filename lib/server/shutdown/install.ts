import 'server-only';

import type { Logger } from '../log/logger';
import { metrics } from '../metrics/metrics';
import { processSingleton } from '../process-singleton';
import { drain } from './drain';

/**
 * After the last answer ended, a moment for its final bytes to leave: Next still copies the
 * stream's last chunk into the HTTP response after the stream closed.
 */
const FLUSH_MS = 300;

/**
 * Takes over SIGTERM: Next's own handler stops accepting connections at once (new chats would
 * see a refused connection, not a 503), waits for every open stream however long it takes, and
 * exits 143. Runnel's keeps serving while it drains, so new chats hear `503 shutting_down` and a
 * load balancer sees `/api/health` turn 503; it exits 0 once the answers ended.
 */
export function installShutdownHandler(graceMs: number, logger: Logger): void {
  processSingleton('shutdown-handler', () => {
    // Next registered its handler before the instrumentation hook ran (unless
    // NEXT_MANUAL_SIG_HANDLE is set, when there is none): this one replaces it.
    for (const listener of process.listeners('SIGTERM')) process.off('SIGTERM', listener);
    process.once('SIGTERM', () => {
      metrics.shuttingDown();
      logger.info({ event: 'shutdown', graceMs }, 'SIGTERM: draining');
      void drain(graceMs).then(({ inFlight, ended }) => {
        logger.info({ event: 'shutdown', inFlight, ended }, 'drained; exiting');
        setTimeout(() => process.exit(0), FLUSH_MS);
      });
    });
    return true;
  });
}
