/**
 * Folder-level directions (ARCHITECTURE.md, "Layers"), checked by eslint-plugin-boundaries: which
 * folder may import which. `import/no-cycle` sees files only, so two folders importing each other
 * through different files passed it; these rules see folders. The file-level rules in
 * eslint.config.mjs (lib's sides, zod, `process.env`) stay where they are.
 */

/**
 * `lib/server`'s folders, top to bottom: a folder imports only its own files and folders of a
 * lower tier, so no arrow between them runs upwards and no two of them import each other.
 */
export const SERVER_TIERS = [
  // The HTTP side: the routes' handlers, the services they run with, the chat observer.
  ['entry', 'bench'],
  // The guards, in the order a chat request meets them: identity, then limits and admission.
  // Per-identity limits; the conversations kept on the server (their routes, the answer recorder).
  // What signed-in users' answers used and cost (the usage view), recorded as each ends.
  ['limits', 'conversations', 'usage'],
  ['auth', 'resume', 'admission'],
  // The stream pipeline; it defines the gate (`StreamGate`) the guards implement.
  ['stream'],
  ['providers'],
  ['replicas', 'shutdown'],
  ['redis', 'log', 'database'],
  ['metrics'],
  // Leaves: nothing else of the server. `http` holds the HTTP helpers (JSON errors, bodies).
  // (`lib/server/process-singleton.ts`, one file that imports nothing, sits below them all.)
  ['config', 'upstream', 'security', 'http'],
];

/** The pages' compositions: the only places features are put together. */
const COMPOSITIONS = ['chat', 'embed', 'share'];
/** Features: each imports the state layer and primitives, and no other feature but these. */
const FEATURE_IMPORTS = {
  auth: [],
  composer: ['markdown'],
  header: ['composer'],
  markdown: [],
  messages: ['markdown'],
  shortcuts: [],
  sidebar: [],
  status: [],
  sync: [],
  usage: [],
  compare: ['markdown', 'messages'],
};
/** The state layer and primitives, under every feature. */
const BASE_IMPORTS = { store: ['theme', 'ui'], theme: ['ui'], ui: [] };

const server = (name) => `server/${name}`;
const component = (name) => `components/${name}`;

const elements = [
  ...SERVER_TIERS.flat().map((name) => ({ type: server(name), pattern: `lib/server/${name}` })),
  ...[...COMPOSITIONS, ...Object.keys(FEATURE_IMPORTS), ...Object.keys(BASE_IMPORTS)].map(
    (name) => ({ type: component(name), pattern: `components/${name}` }),
  ),
  // The rest of the tree, so that every folder's files are known to the rules below.
  ...['app', 'lib/browser', 'lib/protocol', 'lib/markdown', 'scripts', 'testing', 'e2e'].map(
    (name) => ({ type: name, pattern: name }),
  ),
];

const allow = (from, to) => ({
  from: { element: { type: from } },
  allow: { to: { element: { types: { anyOf: [from, ...to] } } } },
});

const serverPolicies = SERVER_TIERS.flatMap((tier, index) => {
  const below = SERVER_TIERS.slice(index + 1)
    .flat()
    .map(server);
  return tier.map((name) => allow(server(name), [...below, 'lib/protocol']));
});

/** Components run in the browser: of lib/, they take the browser side and the protocol. */
const LIB_FOR_COMPONENTS = ['lib/browser', 'lib/protocol', 'lib/markdown'];
const base = [...Object.keys(BASE_IMPORTS).map(component), ...LIB_FOR_COMPONENTS];
const componentPolicies = [
  ...COMPOSITIONS.map((name) =>
    allow(component(name), [...Object.keys(FEATURE_IMPORTS).map(component), ...base]),
  ),
  ...Object.entries(FEATURE_IMPORTS).map(([name, features]) =>
    allow(component(name), [...features.map(component), ...base]),
  ),
  ...Object.entries(BASE_IMPORTS).map(([name, below]) =>
    allow(component(name), [...below.map(component), ...LIB_FOR_COMPONENTS]),
  ),
];

const never = (types) => ({ disallow: { to: { element: { types: { anyOf: types } } } } });
const dependencies = (options) => ({ 'boundaries/dependencies': ['error', options] });

/** The config blocks; `boundaries` is the plugin. */
export function directionRules(boundaries) {
  return [
    {
      files: ['**/*.{ts,tsx,mjs}'],
      plugins: { boundaries },
      settings: {
        'boundaries/elements': elements,
        'import/resolver': { typescript: { alwaysTryTypes: true }, node: true },
      },
    },
    {
      // What ships never imports what only tests and scripts use.
      files: ['app/**', 'components/**', 'lib/**'],
      ignores: ['**/*.test.{ts,tsx}'],
      rules: dependencies({ default: 'allow', policies: [never(['testing', 'e2e'])] }),
    },
    {
      // Scripts may use the test stack (testing/) but never the Playwright specs.
      files: ['scripts/**', 'testing/**'],
      rules: dependencies({ default: 'allow', policies: [never(['e2e'])] }),
    },
    {
      files: ['components/**/*.{ts,tsx}'],
      ignores: ['**/*.test.{ts,tsx}'],
      rules: dependencies({ default: 'disallow', policies: componentPolicies }),
    },
    {
      files: ['lib/server/**/*.ts'],
      ignores: ['**/*.test.ts', 'lib/server/process-singleton.ts'],
      rules: {
        // A new folder takes its place in a tier before it can be used.
        'boundaries/no-unknown-files': 'error',
        ...dependencies({ default: 'disallow', policies: serverPolicies }),
      },
    },
  ];
}
