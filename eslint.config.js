import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { noModuleCycle } from './scripts/eslint/module-cycles.mjs';

const root = import.meta.dirname;
const web = 'apps/web/src';
const webFeatures = readdirSync(`${root}/${web}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverModules = readdirSync(`${root}/apps/server/src/modules`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Import boundaries (DESIGN.md: imports flow domain → lib/components → features → app; features
 * do not import each other, as in bulletproof-react). Paths are relative to this file.
 */
const boundaryZones = [
  {
    target: 'packages/domain',
    from: 'apps',
    message: 'The domain package is shared by web and server; it must not import either app.',
  },
  {
    target: `${web}/lib`,
    from: [`${web}/components`, `${web}/features`, `${web}/app`],
    message: 'lib/ sits below components/, features/ and app/; move the shared piece into lib/.',
  },
  {
    target: `${web}/components`,
    from: [`${web}/features`, `${web}/app`],
    message: 'components/ must not import features/ or app/; pass data in through props.',
  },
  {
    target: `${web}/features`,
    from: `${web}/app`,
    message: 'features/ must not import app/; app/ composes the features.',
  },
  ...webFeatures.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message: 'Features must not import each other; move shared code to components/ or lib/.',
  })),
  ...serverModules.map((module) => ({
    target: `apps/server/src/modules/${module}`,
    from: 'apps/server/src/app.ts',
    message: 'Modules must not import the app that registers them (a cycle through app.ts).',
  })),
  {
    target: 'apps/server/src/documents',
    from: ['apps/server/src/modules', 'apps/server/src/platform', 'apps/server/src/db'],
    message:
      'The documents library (PDF, XLSX, CSV writers) is generic: it must not import a module.',
  },
  {
    target: 'apps/web',
    from: 'apps/server',
    message: 'The web app talks to the server over HTTP.',
  },
  { target: 'apps/server', from: 'apps/web', message: 'The server must not import the web app.' },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/artifacts/**', 'bench/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Parse TypeScript dependencies too, so no-cycle can follow them.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            `${root}/apps/web/tsconfig.json`,
            `${root}/apps/server/tsconfig.json`,
            `${root}/packages/*/tsconfig.json`,
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
    },
  },
  {
    // Cycles make module order matter and hide layering mistakes; type-only imports are exempt.
    files: [`${web}/**/*.{ts,tsx}`, 'apps/server/src/**/*.ts'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // …and so do cycles between the server's modules, which file-level no-cycle misses (issue 41).
    files: ['apps/server/src/modules/**/*.ts'],
    plugins: {
      siteledger: {
        rules: { 'no-module-cycle': noModuleCycle(`${root}/apps/server/src/modules`) },
      },
    },
    rules: { 'siteledger/no-module-cycle': 'error' },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
