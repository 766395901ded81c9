/**
 * CLI: `npx tsx testing/scenario-backend/main.ts --port 4010` (or `PORT=4010`).
 * Prints one line once listening; exits cleanly on SIGINT/SIGTERM.
 */
import { startScenarioBackend } from './server';

function parseArgs(argv: readonly string[]): { port: number; host?: string } {
  let port = Number(process.env.PORT ?? 4010);
  let host: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const next = argv[i + 1];
    if (arg === '--port' && next !== undefined) {
      port = Number(next);
      i++;
    } else if (arg?.startsWith('--port=')) port = Number(arg.slice('--port='.length));
    else if (arg === '--host' && next !== undefined) {
      host = next;
      i++;
    }
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid port: ${port}`);
  return { port, host };
}

async function main(): Promise<void> {
  const backend = await startScenarioBackend(parseArgs(process.argv.slice(2)));
  console.log(`scenario backend listening on ${backend.url}`);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    backend.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
