/**
 * Runs once when the server starts (Next's instrumentation hook): installs the SIGTERM drain.
 * Only in the Node.js runtime; the import is dynamic so no other runtime loads server modules.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startServerOps } = await import('./lib/server/shutdown/start');
  startServerOps();
}
