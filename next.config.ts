import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // `next dev` prints http://localhost:3000 and refuses its own scripts' connections (hot reload)
  // to any other origin; the loopback address is the same machine, so it may open the page too.
  allowedDevOrigins: ['127.0.0.1'],
  // The route handlers read configuration at request time; nothing from the environment is inlined.
  typedRoutes: false,
  // `.next/standalone/server.js` with only the files it needs: what the container image runs.
  output: 'standalone',
  // Loaded from node_modules rather than bundled, so every route shares one metrics registry.
  serverExternalPackages: ['prom-client'],
  // marked's lexer alone, built from marked's sources by `npm run build:lexer`: the package's one
  // pre-bundled file carries its HTML parser and renderers, which Runnel never calls
  // (scripts/build-marked-lexer.ts, docs/performance.md).
  turbopack: { resolveAlias: { marked: './.runnel/marked-lexer.js' } },
  // Constant headers for every response, API and assets included; the per-request ones (CSP with
  // its nonce, framing) are set in proxy.ts.
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        ],
      },
    ];
  },
};

export default nextConfig;
