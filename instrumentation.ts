/**
 * Runs once when the server starts, before it serves a request. The access layer needs Node (the
 * diagnostics channel that reveals each request's TCP peer), hence the runtime check.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startAccess } = await import('./lib/server/auth/startup');
  startAccess(Number(process.env.PORT) || undefined);
}
