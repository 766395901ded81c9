/**
 * Runs a throwaway PostgreSQL server on `--port` until it is told to stop (SIGTERM/SIGINT): the
 * conversations specs' database (playwright.config.ts starts it).
 */
import { startPostgresServer } from './postgres-server';

const at = process.argv.indexOf('--port');
const port = at > 0 ? Number(process.argv[at + 1]) : undefined;
const server = await startPostgresServer(port);
console.log(`postgres ready at ${server.url}`);
const stop = () => void server.stop().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
