'use strict';
/**
 * Preload for the server (`node --require ./listen-backlog.cjs server.js`): a longer accept queue
 * than Node's default of 511 connections for the socket the server listens on.
 *
 * Next's server calls `listen(port, hostname)` and offers no option for the backlog. While the
 * process is busy (a burst of new chats on a loaded machine), connections the kernel completed
 * wait in that queue until the process accepts them; once it is full, Linux drops the handshake's
 * last packet, falls back to SYN cookies, and answers the client's retries with a reset
 * (`ECONNRESET`). A longer queue makes those clients wait instead. The kernel caps the value at
 * `net.core.somaxconn` (4096 by default since Linux 5.4).
 *
 * `LISTEN_BACKLOG` sets it (1–65535, 4096 by default); an explicit backlog in a `listen` call wins.
 */
// A CommonJS preload (`node --require`), run by Node itself before the server: no bundler here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const net = require('node:net');

const DEFAULT_BACKLOG = 4096;

/** The backlog `LISTEN_BACKLOG` asks for, or the default when unset or invalid. */
function backlogFrom(value) {
  if (value === undefined || value === '') return DEFAULT_BACKLOG;
  const n = Number(value);
  if (Number.isInteger(n) && n >= 1 && n <= 65535) return n;
  process.emitWarning(`LISTEN_BACKLOG=${value} is not an integer from 1 to 65535; using 4096`);
  return DEFAULT_BACKLOG;
}

/**
 * The arguments of a `server.listen(...)` call with `backlog` added where the call gave none:
 * `listen(port[, host][, cb])` and `listen({ port, host })`. Paths, handles and calls that name
 * a backlog are left alone.
 */
function withBacklog(args, backlog) {
  const [first, ...rest] = args;
  if (first !== null && typeof first === 'object') {
    const isHandle = 'fd' in first || '_handle' in first || 'path' in first;
    if (isHandle || first.backlog !== undefined) return args;
    return [{ ...first, backlog }, ...rest];
  }
  const isPort = typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first));
  if (!isPort) return args;
  const callback = typeof rest[rest.length - 1] === 'function' ? rest.pop() : undefined;
  if (rest.some((arg) => typeof arg === 'number') || rest.length > 1) return args;
  const options = { port: Number(first), backlog };
  if (typeof rest[0] === 'string') options.host = rest[0];
  return callback ? [options, callback] : [options];
}

const backlog = backlogFrom(process.env.LISTEN_BACKLOG);
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function listenWithBacklog(...args) {
  return listen.apply(this, withBacklog(args, backlog));
};

module.exports = { backlogFrom, withBacklog, DEFAULT_BACKLOG };
