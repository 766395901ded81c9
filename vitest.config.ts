import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('.', import.meta.url)),
      // `server-only` throws outside the react-server condition; in unit tests it is a no-op.
      'server-only': fileURLToPath(new URL('./testing/unit/server-only-noop.ts', import.meta.url)),
    },
  },
  test: {
    include: [
      'lib/**/*.test.ts',
      'components/**/*.test.{ts,tsx}',
      'testing/**/*.test.ts',
      'scripts/**/*.test.ts',
      'widget/**/*.test.ts',
      'deploy/**/*.test.ts',
      'app/**/*.test.ts',
    ],
    environment: 'node',
    // A ceiling, not a pace: tests wait for signals. The route tests' first import of a route
    // (hundreds of modules) took over vitest's default 5 s with the machine loaded far beyond its
    // two cores.
    testTimeout: 30_000,
  },
});
