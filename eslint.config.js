// Import boundaries of ../shared/DESIGN.md: contract ← server; contract ← src/api ← src/features ← src/app.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

const restrict = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});
const serverImport = {
  // Relative paths up into the top-level server/ folder (contract/server.ts is fine).
  regex: '^(\\.\\./)+server(/|$)',
  message: 'The panel never imports server code.',
};
// Full zod is not tree-shakable; the panel's first load only affords zod/mini (DESIGN budgets).
const fullZod = {
  regex: '^zod(/v4)?$',
  message: 'Import zod/mini in contract/ and src/: full zod does not fit the bundle budget.',
};
const panelImport = { group: ['**/src/**'], message: 'Server code never imports the panel.' };

export default tseslint.config(
  {
    ignores: [
      '.scratch',
      'dist',
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
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      ...restrict(serverImport, fullZod),
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: restrict(fullZod, {
      group: ['../**', 'react*', '@mui/*', 'fastify*'],
      message: 'contract/ imports only zod and itself.',
    }),
  },
  {
    files: ['server/**/*.ts'],
    rules: restrict(panelImport),
  },
  {
    files: ['src/api/**/*.ts', 'src/lib/**/*.ts', 'src/components/**/*.{ts,tsx}'],
    rules: restrict(serverImport, fullZod, {
      group: ['**/features/**', '**/app/**'],
      message: 'Shared layers never import features or the app shell.',
    }),
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: restrict(
      serverImport,
      fullZod,
      {
        regex: '^\\.\\./(?!\\.\\.)[^/]+/',
        message: 'A feature never imports another feature; compose them in src/app.',
      },
      { group: ['**/app/**'], message: 'Features do not import the app shell; it imports them.' },
    ),
  },
  {
    // The component-test harness starts a real sandbox in Node before the jsdom tests run.
    files: ['src/testing/sandbox-global-setup.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
