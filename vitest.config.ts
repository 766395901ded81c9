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
  },
});
