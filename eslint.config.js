import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Each screen stands alone: what two screens share lives in components/, hooks/ or api/.
const screenZones = fs
  .readdirSync('src/web/screens', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: `./src/web/screens/${name}`,
    from: './src/web/screens',
    except: [`./${name}`],
    message: 'Screens never import each other; move what they share out of screens/.',
  }));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '.dist-*/**',
      'node_modules/**',
      'data/**',
      'coverage/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      // Without these the import rules read no TypeScript module, and no-cycle sees no cycle.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      // Modules form a tree: one that imports another is never imported back, however far round.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // The layers of STYLE.md: shared imports neither server nor web; web never imports server.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/shared',
              from: ['./src/server', './src/web'],
              message: 'src/shared is the contract: it imports neither server nor web.',
            },
            {
              target: './src/web',
              from: './src/server',
              message: 'The web app talks to the server only through the API.',
            },
            {
              target: './src/server',
              from: './src/web',
              message: 'The server does not import the web app.',
            },
            {
              // The data layer (talking to the server, offline storage, progress, the service
              // worker, reminders, search) never reaches up into what the reader sees.
              target: [
                './src/web/api',
                './src/web/offline',
                './src/web/progress',
                './src/web/pwa',
                './src/web/reminders',
                './src/web/search',
                './src/web/lib',
              ],
              from: [
                './src/web/components',
                './src/web/screens',
                './src/web/hooks',
                './src/web/app/app-root.tsx',
                './src/web/app/router.tsx',
                './src/web/prerender',
              ],
              message: 'The data layer never imports UI; let the UI pass in what it needs.',
            },
            ...screenZones,
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/web/**', 'public/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    // Every end-to-end test runs on a date it names, in each browser it opens (e2e/fixtures.ts).
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import test from './fixtures.js', which sets the test's date.",
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'browser',
          property: 'newContext',
          message: "Open another browser with the newDevice fixture, on the test's date.",
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', 'src/server/test-support/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
