/**
 * Runs once when the server starts (Next's instrumentation hook), before it serves a request: the
 * access layer (it needs Node: the diagnostics channel that reveals each request's TCP peer), the
 * SIGTERM drain and the conversations database's migrations. Only in the Node.js runtime; the
 * imports are dynamic so no other runtime loads server modules.
 */
export async function register(): Promise<void> {
  // Next's own variable, read before any import: the configuration's modules need Node.
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startAccess } = await import('./lib/server/auth/startup');
  startAccess();
  const { startServerOps } = await import('./lib/server/shutdown/start');
  startServerOps();
  const { startUsage } = await import('./lib/server/usage/startup');
  startUsage();
  const { startConversations } = await import('./lib/server/conversations/startup');
  await startConversations();
}
