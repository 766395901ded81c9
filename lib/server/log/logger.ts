import 'server-only';

import { pino, stdTimeFunctions, type Logger } from 'pino';
import type { LogLevel } from '../config/ops-schema';
import { processSingleton } from '../process-singleton';
import { redactSecrets } from '../security/redact';

export type { Logger };

/**
 * A JSON-lines logger on stdout (pino). Every line is scrubbed once more, as text, just before it
 * is written — configured keys and anything shaped like a credential — so no code path can log a
 * secret, whatever field it puts it in.
 */
export function createLogger(
  level: LogLevel,
  secrets: readonly string[],
  destination?: { write(line: string): unknown },
): Logger {
  const options = {
    level,
    timestamp: stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    hooks: { streamWrite: (line: string) => redactSecrets(line, secrets) },
  };
  // process.stdout is synchronous on Linux for files, pipes and terminals: a line is out before
  // the process can exit, and the volume (a line per request) needs no worker thread.
  return pino(options, destination ?? process.stdout);
}

/**
 * The process's logger: routes and the instrumentation hook are bundled apart, so it is kept once
 * per process; the first caller's settings win (they all read the same configuration).
 */
export function processLogger(level: LogLevel, secrets: readonly string[]): Logger {
  return processSingleton('logger', () => createLogger(level, secrets));
}
