import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The route handlers read configuration at request time; nothing from the environment is inlined.
  typedRoutes: false,
};

export default nextConfig;
