import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import boundaries from 'eslint-plugin-boundaries';
import { directionRules } from './eslint/directions.mjs';

/**
 * Imports flow downwards only (ARCHITECTURE.md, "Layers"): app → components → lib, and inside lib
 * by where code runs: `lib/protocol` is shared by both sides and imports neither; `lib/server` never
 * reaches browser code and `lib/browser` never reaches server code (not even for types: what the
 * browser reads is part of the protocol); `lib/markdown` is a leaf.
 */
const FRAMEWORK = {
  group: ['react', 'react-dom', 'next', 'next/*'],
  message: 'lib/ is framework-free.',
};
const UI = {
  group: ['@/app/*', '@/components/*', '**/app/**', '**/components/**'],
  message: 'lib/ must not import from app/ or components/.',
};
const layer = (name, message) => ({
  group: [`@/lib/${name}/*`, `**/lib/${name}/**`, `../${name}/*`, `../../${name}/*`],
  message,
});
const NO_SERVER = layer(
  'server',
  'Server-only code: the browser side (and the protocol) must not import it.',
);
const NO_BROWSER = layer(
  'browser',
  'Browser code: the server side (and the protocol) must not import it.',
);
const NO_APP = {
  group: ['@/app/*', '**/app/**'],
  message: 'components/ must not import from app/.',
};
const NO_MARKDOWN = layer('markdown', 'Markdown lexing belongs to the browser side.');
// The browser's JavaScript has a size budget (docs/performance.md): zod alone would be most of it.
const NO_ZOD = {
  group: ['zod', 'zod/*'],
  message: 'zod stays on the server; check shapes by hand in browser code (docs/performance.md).',
};
const restrict = (files, patterns, ignores) => ({
  files,
  ...(ignores ? { ignores } : {}),
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

const layerRules = [
  restrict(['lib/protocol/**/*.ts'], [FRAMEWORK, UI, NO_SERVER, NO_BROWSER, NO_MARKDOWN]),
  // The protocol is shared with the browser; only the request schema, which the server alone
  // parses (the browser imports its types), may use zod.
  restrict(
    ['lib/protocol/**/*.ts'],
    [FRAMEWORK, UI, NO_SERVER, NO_BROWSER, NO_MARKDOWN, NO_ZOD],
    ['lib/protocol/chat-request.ts', 'lib/protocol/**/*.test.ts'],
  ),
  restrict(['lib/markdown/**/*.ts'], [FRAMEWORK, UI, NO_SERVER, NO_BROWSER]),
  restrict(['lib/server/**/*.ts'], [FRAMEWORK, UI, NO_BROWSER, NO_MARKDOWN]),
  restrict(['lib/browser/**/*.ts'], [FRAMEWORK, UI, NO_SERVER, NO_ZOD]),
  // Every components/ file gets exactly one of the three rules below (ESLint applies the last
  // matching `no-restricted-imports`, it does not merge them), so each lists all its patterns.
  restrict(['components/chat/**/*.{ts,tsx}'], [NO_APP, NO_SERVER, NO_ZOD]),
  // The state layer (stores, queries, providers) sits under every feature.
  restrict(
    [
      'components/store/**/*.{ts,tsx}',
      'components/ui/**/*.{ts,tsx}',
      'components/theme/**/*.{ts,tsx}',
    ],
    [
      NO_APP,
      NO_SERVER,
      {
        regex: '^(\\.\\./|@/components/)(?!store/|ui/|theme/)',
        message: 'The state layer, ui/ and theme/ import no feature.',
      },
      NO_ZOD,
    ],
  ),
  // Features never reach back up to the page's composition (components/chat/).
  restrict(
    ['components/**/*.{ts,tsx}'],
    [
      NO_APP,
      NO_SERVER,
      {
        group: ['../chat/*', '@/components/chat/*'],
        message: 'Features must not import the page composition (components/chat/).',
      },
      NO_ZOD,
    ],
    ['components/chat/**', 'components/store/**', 'components/ui/**', 'components/theme/**'],
  ),
  // The two files Next loads from the root ship too: never what only tests use.
  restrict(
    ['instrumentation.ts', 'proxy.ts'],
    [{ group: ['**/testing/**', '**/e2e/**'], message: 'Shipped code never imports tests.' }],
  ),
  {
    // Only lib/server/config/environment.ts reads the environment.
    files: ['lib/**/*.ts', 'components/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}'],
    ignores: ['lib/server/config/environment.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through lib/server/config (environment.ts reads it).',
        },
      ],
    },
  },
  {
    files: ['lib/**/*.ts', 'components/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}'],
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // One way to load a part later (docs/performance.md): `onDemand(() => import('…'))`, its
    // components through `lazyComponent`.
    files: ['components/**/*.{ts,tsx}'],
    ignores: ['components/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportExpression:not(CallExpression[callee.name='onDemand'] > ArrowFunctionExpression > ImportExpression)",
          message:
            'Load a part later only through onDemand(() => import(…)) (components/ui/on-demand.ts).',
        },
        {
          selector:
            "ImportDeclaration[source.value='react'] > ImportSpecifier[imported.name='lazy']",
          message: 'Use lazyComponent (components/ui/on-demand-component.ts), not React.lazy.',
        },
      ],
    },
  },
  {
    files: ['components/ui/on-demand-component.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  ...layerRules,
  ...directionRules(boundaries),
  {
    rules: {
      // `_name` marks a value left out on purpose (e.g. removed from an object by destructuring).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  globalIgnores([
    '.next/**',
    'node_modules/**',
    'public/widget.js',
    'next-env.d.ts',
    'test-results/**',
    'playwright-report/**',
    '.runnel/**',
    'bench-results/**',
  ]),
]);
