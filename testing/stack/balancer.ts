import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { freePort } from './free-port';

/** A load balancer in front of several instances, as a test drives it. */
export interface Balancer {
  url: string;
  /** Sends new requests to `targets[index]`. */
  use(index: number): void;
  /** Drops every open connection, browsers' and instances' alike (a restart, a network cut). */
  dropAll(): void;
  close(): Promise<void>;
}

/**
 * A minimal HTTP reverse proxy on a free port: every request goes to the current target, bodies
 * streamed both ways as they come (an event stream passes through unbuffered), and a client that
 * goes away closes its upstream request. `forwardedFor` is the client address it reports (as a real
 * balancer does), so a test's browser is a client of its own to instances that count by address.
 */
export async function startBalancer(
  targets: string[],
  options: { forwardedFor?: string } = {},
): Promise<Balancer> {
  let current = 0;
  const sockets = new Set<Socket>();
  const proxy = (req: IncomingMessage, res: ServerResponse) => {
    const target = new URL(req.url ?? '/', targets[current]);
    const upstream = request(
      target,
      {
        method: req.method,
        headers: {
          ...req.headers,
          host: target.host,
          ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        res.flushHeaders();
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  };
  const server = createServer(proxy);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    use: (index) => void (current = index),
    dropAll: () => sockets.forEach((s) => s.destroy()),
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((s) => s.destroy());
        server.close(() => resolve());
      }),
  };
}
