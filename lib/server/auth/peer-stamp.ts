import 'server-only';
import type { HeaderSource } from './header-source';
import { randomBytes } from 'node:crypto';
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Next's server hands route handlers and proxy.ts a web `Request` without its socket, and the
 * `X-Forwarded-For` it adds is kept as the client sent it when the client sent one (`??=` in its
 * base server), so neither tells who is really connected. Node publishes every incoming request on
 * the `http.server.request.start` diagnostics channel, with its socket, before the server's own
 * listener runs: the stamp below writes the TCP peer into a request header there, overwriting any
 * header of that name a client sent. The value starts with a random token of this process, so a
 * stamp that did not come from here (the hook not installed, another server in front) is ignored
 * rather than believed.
 */
const PEER_HEADER = 'x-runnel-peer';

// On globalThis: instrumentation, proxy.ts and route handlers are separate bundles of one process.
const STATE = Symbol.for('runnel.peer-stamp');
type Global = typeof globalThis & { [STATE]?: { token: string } };

/** Starts stamping each request with its TCP peer (once per process; from instrumentation.ts). */
export function installPeerStamp(): void {
  const global = globalThis as Global;
  if (global[STATE]) return;
  const token = randomBytes(18).toString('base64url');
  global[STATE] = { token };
  subscribe('http.server.request.start', (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    request.headers[PEER_HEADER] = `${token} ${socket.remoteAddress ?? ''}`;
  });
}

/** The TCP peer of a request stamped by this process, or undefined. */
export function stampedPeer(headers: HeaderSource): string | undefined {
  const state = (globalThis as Global)[STATE];
  const value = headers.get(PEER_HEADER);
  if (!state || !value) return undefined;
  const space = value.indexOf(' ');
  if (space < 0 || value.slice(0, space) !== state.token) return undefined;
  return value.slice(space + 1) || undefined;
}
