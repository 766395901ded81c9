/**
 * A real local HTTP server standing in for a backend in the gateway's unit tests (never a patched
 * fetch): each test registers a handler for its own path, and the server notes when each
 * response's connection closed and whether the handler had finished it by then — a response
 * closed before it ended is one the gateway gave up on.
 */
import { afterAll, beforeAll } from 'vitest';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunnelEvent } from '../../lib/protocol/events';
import { readEventStream } from '../../lib/protocol/read-event-stream';
import type { StreamChatOptions } from '../../lib/server/stream/stream-chat';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** When a response's connection closed, and whether the handler had ended the response. */
export interface ClosedResponse {
  at: number;
  endedByBackend: boolean;
}

export interface UpstreamServer {
  url: string;
  /** Answers requests for `path` with `handler`. */
  handle(path: string, handler: Handler): void;
  /** Paths a request arrived for (a request aborted before it got here never does). */
  arrived: Set<string>;
  /** Closed responses by path (the last request to each path). */
  closed: Map<string, ClosedResponse>;
  close(): Promise<void>;
}

/** Starts the server on a free loopback port. */
async function startUpstreamServer(): Promise<UpstreamServer> {
  const handlers = new Map<string, Handler>();
  const closed = new Map<string, ClosedResponse>();
  const arrived = new Set<string>();
  const server = createServer((req, res) => {
    const path = req.url ?? '';
    arrived.add(path);
    res.on('close', () =>
      closed.set(path, { at: performance.now(), endedByBackend: res.writableEnded }),
    );
    handlers.get(path)?.(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    handle: (path, handler) => void handlers.set(path, handler),
    arrived,
    closed,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The test file's upstream server: started before its tests, closed after them. The returned
 * object stands for it from then on (it is not there yet while the file's tests are collected).
 */
export function upstreamServerForTests(): UpstreamServer {
  let real: UpstreamServer | undefined;
  beforeAll(async () => {
    real = await startUpstreamServer();
  });
  afterAll(() => real?.close());
  return new Proxy({} as UpstreamServer, {
    get(_target, key: keyof UpstreamServer) {
      if (!real) throw new Error('The upstream server starts before the tests run, not before.');
      const value = real[key];
      return typeof value === 'function' ? value.bind(real) : value;
    },
  });
}

/** Starts an event-stream response and sends its headers at once. */
export function sseHead(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.flushHeaders();
}

/** One OpenAI-style content chunk as an SSE frame. */
export function contentFrame(content: string): string {
  const chunk = { choices: [{ index: 0, delta: { content }, finish_reason: null }] };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

/**
 * The key the gateway's unit tests configure. Not shaped like any credential pattern the redactor
 * knows (no `sk-`, no `Bearer`, no `api_key=`): only the configured-secret path can mask it.
 */
export const UNIT_KEY = 'rnl-unit-7Qx2-9f8e7d6c5b4a';

/** Options for `streamChat` against `server` at `path`, with the unit key configured. */
export function streamOptions(
  server: UpstreamServer,
  path: string,
  overrides: Partial<StreamChatOptions> = {},
): StreamChatOptions {
  return {
    upstream: {
      url: `${server.url}${path}`,
      path,
      headers: { Authorization: `Bearer ${UNIT_KEY}` },
      body: '{}',
    },
    backendURL: server.url,
    requestId: 'r1',
    model: 'm',
    normalizer: {},
    headersTimeoutMs: 5_000,
    idleTimeoutMs: 5_000,
    keepaliveIntervalMs: 5_000,
    secrets: [UNIT_KEY],
    signal: new AbortController().signal,
    receivedAt: performance.now(),
    ...overrides,
  };
}

/** Every event of a Runnel event stream. */
export async function collectEvents(stream: ReadableStream<Uint8Array>): Promise<RunnelEvent[]> {
  const events: RunnelEvent[] = [];
  for await (const event of readEventStream(stream)) events.push(event);
  return events;
}
