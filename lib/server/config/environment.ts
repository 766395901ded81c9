import 'server-only';

/**
 * The process's environment and command line: the one place Runnel reads `process.env` (ESLint
 * refuses it anywhere else but instrumentation.ts, which must check Next's runtime before it
 * imports anything). Each configuration parses what it needs from it once and keeps the result.
 */
export function environment(): NodeJS.ProcessEnv {
  return process.env;
}

/** The server's command line (`next start -H …`). */
export function commandLine(): readonly string[] {
  return process.argv;
}
