/**
 * The widget tests' host-page server (node:http): the same pages on an allowed and a refused
 * origin (see host-ports.ts). Playwright starts it (playwright.config.ts); by hand:
 * `npx tsx e2e/widget/host-server.ts`.
 */
import { createServer, type Server } from 'node:http';
import { SECURE_APP_URL } from '../../testing/stack/auth-stack';
import { APP_URL } from '../../testing/stack/ports';
import { foreignPage, hostPage } from './host-pages';
import {
  HOST_PORT,
  HOST_URL,
  REFUSED_HOST_PORT,
  REFUSED_HOST_URL,
} from '../../testing/stack/host-ports';

function listen(port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      response.end(body);
    };
    if (url.pathname === '/health') return send(200, 'application/json', '{"ok":true}');
    if (url.pathname === '/foreign') return send(200, 'text/html; charset=utf-8', foreignPage());
    if (url.pathname === '/') {
      // Two foreign frames: a third party on another origin, and a frame from the host's own origin
      // that is still not the widget's parent.
      const foreign = url.searchParams.has('foreign')
        ? [`${REFUSED_HOST_URL}/foreign`, `${HOST_URL}/foreign`]
        : [];
      // `app` picks another local instance to load the widget from: `secure` (the app with sign-in
      // methods; visitors never sign in) or a loopback URL (the limits stack's instances).
      const app = url.searchParams.get('app');
      const appURL =
        app === 'secure'
          ? SECURE_APP_URL
          : app && /^http:\/\/127\.0\.0\.1:\d+$/.test(app)
            ? app
            : APP_URL;
      return send(200, 'text/html; charset=utf-8', hostPage(appURL, url.searchParams, foreign));
    }
    send(404, 'text/plain', 'not found');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const servers = await Promise.all([listen(HOST_PORT), listen(REFUSED_HOST_PORT)]);
console.log(`widget host pages on :${HOST_PORT} (allowed) and :${REFUSED_HOST_PORT} (refused)`);
const stop = () => {
  for (const server of servers) server.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
