import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The route handlers read configuration at request time; nothing from the environment is inlined.
  typedRoutes: false,
  // `.next/standalone/server.js` with only the files it needs: what the container image runs.
  output: 'standalone',
  // Loaded from node_modules rather than bundled, so every route shares one metrics registry.
  serverExternalPackages: ['prom-client'],
};

export default nextConfig;
