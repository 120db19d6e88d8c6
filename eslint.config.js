// Import boundaries of docs/architecture.md: contract ← server; contract ← src/api ← src/features ← src/app.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import boundaries from 'eslint-plugin-boundaries';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import pluginQuery from '@tanstack/eslint-plugin-query';
import globals from 'globals';

const restrict = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});
// Full zod is not tree-shakable; the panel's first load only affords zod/mini (docs/architecture.md, Budgets).
const fullZod = {
  regex: '^zod(/v4)?$',
  message: 'Import zod/mini in contract/ and src/: full zod does not fit the bundle budget.',
};
// React Router's Link and NavLink bring framework mode's page prefetching to the first load;
// RouterLink does what the panel needs of them (docs/architecture.md, Budgets).
const routerLinks = {
  regex: '^react-router$',
  importNames: ['Link', 'NavLink'],
  message: 'Use RouterLink (src/components/router-link.tsx): Link and NavLink cost the first load.',
};

// The architecture as elements: every folder of the repository that holds code is one element
// (a feature folder is one element per group, so that features can be told apart).
const elements = [
  { type: 'contract', pattern: 'contract' },
  { type: 'server', pattern: 'server' },
  { type: 'src-app', pattern: 'src/app' },
  { type: 'src-feature', pattern: 'src/features/*', capture: ['group'] },
  { type: 'src-api', pattern: 'src/api' },
  { type: 'src-auth', pattern: 'src/auth' },
  { type: 'src-components', pattern: 'src/components' },
  { type: 'src-lib', pattern: 'src/lib' },
  { type: 'src-testing', pattern: 'src/testing' },
  // The rest of src/: main.tsx, which mounts the app (and any new top-level folder, refused
  // everything until it is given a place here).
  { type: 'src-entry', pattern: 'src' },
  { type: 'e2e', pattern: 'e2e' },
  { type: 'bench', pattern: 'bench' },
  { type: 'scripts', pattern: 'scripts' },
].map((element) => ({ ...element, partialMatch: false }));

const el = (...types) => types.map((type) => ({ to: { element: { type } } }));

// Who may import whom, per importing element: `allow` lists what it may import and `message`
// says so when an import is refused. Imports inside one element are free; anything not allowed
// is refused.
const layers = [
  { from: 'contract', allow: [], message: 'contract/ imports only zod and itself.' },
  {
    from: 'server',
    allow: el('contract'),
    message: 'The server imports only contract/ (server code never imports the panel).',
  },
  {
    from: 'src-app',
    allow: el('contract', 'src-api', 'src-feature', 'src-auth', 'src-components', 'src-lib'),
    message: 'The app shell imports features, auth, api, components, lib and contract/ only.',
  },
  {
    from: 'src-feature',
    allow: [
      ...el('contract', 'src-api', 'src-auth', 'src-components', 'src-lib'),
      // Its own group only: another group's folder is refused.
      {
        to: {
          element: {
            type: 'src-feature',
            captured: { group: '{{ from.element.captured.group }}' },
          },
        },
      },
    ],
    message:
      'A feature imports api, auth, components, lib and contract/ only: never another feature or the app shell (compose features in src/app).',
  },
  {
    from: 'src-api',
    allow: el('contract', 'src-lib'),
    message:
      'src/api imports only contract/ and src/lib (never components, features or the app shell).',
  },
  {
    from: 'src-auth',
    allow: el('contract', 'src-api', 'src-components', 'src-lib'),
    message:
      'src/auth imports api, components, lib and contract/ only (never features or the app shell).',
  },
  {
    from: 'src-components',
    allow: [
      ...el('contract', 'src-lib'),
      // Shared components render API errors, the API call log and the audit trail: these two
      // modules are the only part of src/api they may use (moving them out of src/api would
      // end this exception).
      {
        to: {
          element: { type: 'src-api' },
          file: { path: ['**/src/api/http.ts', '**/src/api/audit-logs.ts'] },
        },
      },
    ],
    message:
      'Shared components import lib and contract/ (of src/api only http and audit-logs): never features, auth or the app shell.',
  },
  { from: 'src-lib', allow: el('contract'), message: 'src/lib imports only contract/.' },
  {
    from: 'src-testing',
    allow: el(
      'contract',
      'src-app',
      'src-feature',
      'src-api',
      'src-auth',
      'src-components',
      'src-lib',
    ),
    message:
      'src/testing imports the panel and contract/; the panel never imports server code (only sandbox-global-setup.ts starts a sandbox).',
  },
  { from: 'src-entry', allow: el('src-app'), message: 'src/main.tsx mounts the app shell only.' },
  { from: 'e2e', allow: el('contract'), message: 'e2e journeys import only contract/.' },
  {
    from: 'bench',
    allow: el('contract', 'server', 'scripts'),
    message: 'Benchmarks import contract/, server and scripts only.',
  },
  { from: 'scripts', allow: [], message: 'scripts/ stand alone.' },
];

const side = (end) =>
  `{{ ${end}.element.type }}{{#if ${end}.element.captured.group}} ({{ ${end}.element.captured.group }}){{/if}}`;
const edge = `${side('from')} → ${side('to')}`;

// Policies are read in order and the last one that matches decides: first refuse everything with
// the layer's message, then allow what each layer may import, then the exceptions.
const dependencyPolicies = [
  ...layers.map(({ from, message }) => ({
    from: { element: { type: from } },
    disallow: { to: { element: { type: '*' } } },
    message: `${message} (refused: ${edge})`,
  })),
  ...layers.map(({ from, allow }) => ({ from: { element: { type: from } }, allow })),
  {
    // The component-test harness starts a real sandbox in Node before the jsdom tests run.
    from: {
      element: { type: 'src-testing' },
      file: { path: '**/src/testing/sandbox-global-setup.ts' },
    },
    allow: el('server'),
  },
  {
    // The journeys set up their data through the factories the component tests use.
    from: { element: { type: 'e2e' } },
    allow: {
      to: { element: { type: 'src-testing' }, file: { path: '**/src/testing/factories.ts' } },
    },
  },
  {
    // Tests use the harness in src/testing; the panel itself never does.
    from: { element: { type: 'src-*' }, file: { categories: 'test' } },
    allow: el('src-testing'),
  },
];

// Paths of the cloud API (/1.2/..., /1.3/...) are the contract's business: src/, the sandbox
// routes and the e2e journeys take them from contract/ endpoint definitions.
const apiPathLiteral = '/^\\/1\\.[23](\\/|$)/';
const apiPathMessage =
  'API paths live in contract/ (defineEndpoint); derive the call or route from the endpoint instead of spelling the path.';
const apiPathRules = [
  { selector: `Literal[value=${apiPathLiteral}]`, message: apiPathMessage },
  { selector: `TemplateElement[value.raw=${apiPathLiteral}]`, message: apiPathMessage },
];

// The sandbox registers its routes under a version prefix (/1.3 + '/server'), so in
// server/sandbox/routes a route spelled by hand is an API path literal too: routes come from
// contract/ endpoints through handle().
const routePathRules = [
  {
    selector:
      'CallExpression[callee.property.name=/^(get|post|put|patch|delete|head|options|route)$/] > :matches(Literal[value=/^\\//], TemplateLiteral[quasis.0.value.raw=/^\\//]).arguments:first-child',
    message: apiPathMessage,
  },
];

// Query keys come from the xxxQueries factories of src/api (queryOptions); features and the shell
// never spell one, neither to read nor to invalidate.
const queryKeyMessage =
  'Query keys come from the xxxQueries factories in src/api (e.g. serverQueries.detail(uuid).queryKey); do not write one by hand.';
const queryKeyRules = [
  // queryKey: [...] anywhere: useQuery, invalidateQueries, removeQueries, ...
  { selector: "Property[key.name='queryKey'] > ArrayExpression", message: queryKeyMessage },
  // getQueryData([...]), setQueryData([...]), getQueryState([...])
  {
    selector:
      'CallExpression[callee.property.name=/^((get|set)QueryData|getQueryState)$/] > ArrayExpression.arguments:first-child',
    message: queryKeyMessage,
  },
];

const restrictedSyntax = (...ruleSets) => ({
  'no-restricted-syntax': ['error', ...ruleSets.flat()],
});
// The sandbox's tests and their helpers spell the wire's paths on purpose: they check the routes
// against the API as documented, not against the contract the routes are built from.
const serverTestCode = [
  'server/**/*.test.ts',
  'server/sandbox/routes/test-helpers.ts',
  'server/sandbox/routes/kubernetes-test-helpers.ts',
];
// The panel's tests and their harness: they take API paths from the contract like the panel, but
// may build queries of their own to test the cache itself.
const panelTestCode = ['src/**/*.test.{ts,tsx}', 'src/testing/**'];
const apiPathScope = ['src/**/*.{ts,tsx}', 'server/sandbox/routes/**/*.ts', 'e2e/**/*.ts'];
// Everywhere in the panel but the factories themselves.
const queryKeyScope = ['src/**/*.{ts,tsx}'];
const queryKeyFactories = ['src/api/**'];
const routeScope = ['server/sandbox/routes/**/*.ts'];

export default tseslint.config(
  {
    ignores: [
      '.scratch',
      'dist',
      'dist-server',
      'node_modules',
      'playwright-report',
      'test-results',
      'bench/results',
      '.data',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { boundaries, 'import-x': importX },
    settings: {
      'boundaries/elements': elements,
      'boundaries/files': [{ category: 'test', pattern: '**/*.test.{ts,tsx}' }],
      'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export'],
      'boundaries/legacy-templates': false,
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      // import-x parses only these extensions when it follows imports (its default is .js only).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'boundaries/dependencies': ['error', { default: 'disallow', policies: dependencyPolicies }],
      // No import cycles. `import type` is exempt (erased at build time); import() counts: a lazy
      // chunk that imports its loader back is still a cycle. Break one with a leaf module.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      ...restrict(fullZod, routerLinks),
    },
  },
  ...pluginQuery.configs['flat/recommended-strict'].map((config) => ({
    ...config,
    files: ['src/**/*.{ts,tsx}'],
  })),
  {
    files: ['contract/**/*.ts'],
    rules: restrict(fullZod, {
      group: ['../**', 'react*', '@mui/*', 'fastify*'],
      message: 'contract/ imports only zod and itself.',
    }),
  },
  // no-restricted-syntax is one rule, so the last block that matches a file sets all of its
  // selectors: API paths, then also hand-registered routes in the sandbox routes, then also query
  // keys in the panel outside its tests and query factories.
  {
    files: apiPathScope,
    ignores: serverTestCode,
    rules: restrictedSyntax(apiPathRules),
  },
  {
    files: routeScope,
    ignores: serverTestCode,
    rules: restrictedSyntax(apiPathRules, routePathRules),
  },
  {
    files: queryKeyScope,
    ignores: [...panelTestCode, ...queryKeyFactories],
    rules: restrictedSyntax(apiPathRules, queryKeyRules),
  },
);
