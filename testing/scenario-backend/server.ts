/**
 * Entry point for tests: starts a scenario backend on a (random) port and
 * returns its base URL and a `close()` that also drops hung connections.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequestHandler } from './router';
import { createState } from './state';

/** Options of {@link startScenarioBackend}. */
interface ScenarioBackendOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Defaults to 127.0.0.1. */
  host?: string;
}

/** A running scenario backend. */
export interface ScenarioBackend {
  /** Base URL without trailing slash, e.g. `http://127.0.0.1:4010`. */
  url: string;
  port: number;
  /** Stops listening and destroys open connections (stalled streams included). */
  close(): Promise<void>;
}

/** Starts a scenario backend with its own fresh state. */
export async function startScenarioBackend(
  opts: ScenarioBackendOptions = {},
): Promise<ScenarioBackend> {
  const host = opts.host ?? '127.0.0.1';
  const server = createServer(createRequestHandler(createState()));
  // Streams may be idle for a long time on purpose (stall, no-headers).
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${urlHost}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
