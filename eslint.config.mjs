import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

/** Imports flow downwards only: app → components → lib (ARCHITECTURE.md, "Layers"). */
const layerRules = [
  {
    files: ['lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'next', 'next/*'], message: 'lib/ is framework-free.' },
            { group: ['@/app/*', '@/components/*', '**/app/**', '**/components/**'], message: 'lib/ must not import from app/ or components/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/app/*', '**/app/**'], message: 'components/ must not import from app/.' }] },
      ],
    },
  },
  {
    // Only the config modules read the environment.
    files: ['lib/**/*.ts', 'components/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}'],
    ignores: ['lib/config/**', 'lib/server/config/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through lib/config.' },
      ],
    },
  },
];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  ...layerRules,
  {
    rules: {
      // `_name` marks a value left out on purpose (e.g. removed from an object by destructuring).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  globalIgnores(['.next/**', 'node_modules/**', 'public/widget.js', 'next-env.d.ts', 'test-results/**', 'playwright-report/**', '.runnel/**', 'bench-results/**']),
]);
