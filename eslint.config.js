// @ts-check
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/**
 * Lint rules that keep the hexagon's boundaries (the house rule that boundaries are checked by tools):
 * packages import each other only through their public entry points, core imports no I/O or transport, and
 * http-auth (authentication at the edge, shared by the adapters) depends on core alone and on no web framework.
 */
const CROSS_PACKAGE = {
  group: ['@contentrepo/*/src', '@contentrepo/*/src/*', '**/packages/*/src/*', '**/apps/*/src/*'],
  message: "Import another package through its public entry point (package.json 'exports'), never its src/.",
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**'] },
  {
    files: ['**/*.ts', 'apps/admin/**/*.tsx'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { project: './tsconfig.check.json', tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin, 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.check.json' })],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // Promises are awaited, returned or handed to something that handles their rejection: a forgotten one loses
      // its error and its ordering. Knex query builders are thenables, so a where-callback has a block body.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // Inside try, `return await` so that the catch (or finally) sees the rejection.
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
      // A switch over a union handles every member or says what happens to the rest with `default:` (which ends in
      // assertNever where every member must be handled, and is a deliberate "the others" in criterion visitors).
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: true }],
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-ignore': true, 'ts-nocheck': true, 'ts-expect-error': 'allow-with-description' }],
      'no-restricted-imports': ['error', { patterns: [CROSS_PACKAGE] }],
    },
  },
  {
    // The content browser is browser code (DOM types, Preact's JSX), checked by its own tsconfig.
    files: ['apps/admin/**/*.ts', 'apps/admin/**/*.tsx'],
    languageOptions: { parserOptions: { project: './apps/admin/tsconfig.json', tsconfigRootDir: import.meta.dirname } },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './apps/admin/tsconfig.json' })],
    },
  },
  {
    // No import cycles between modules. Tests are left out: nothing imports a test file, so none is on a cycle. The
    // rule ignores type-only imports; the structure test (tools/structure) fails on any cycle, those included.
    files: ['**/*.ts', 'apps/admin/**/*.tsx'],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['packages/core/src/**/*.ts'],
    ignores: ['packages/core/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['fs', 'node:fs', 'node:fs/promises', 'fs/promises', 'node:http', 'http', 'node:net', 'node:child_process', 'express', 'graphql', 'better-sqlite3', 'pg', 'xml2js', 'jose'].map(
            (name) => ({ name, message: 'core is pure: no I/O or transport. Put it behind a port in spi/.' }),
          ),
          patterns: [
            CROSS_PACKAGE,
            { group: ['@mikro-orm/*', '@apollo/*', '@contentrepo/*'], message: 'core depends on no adapter, ORM or transport.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/http-auth/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['express', 'graphql', 'cookie'].map((name) => ({ name, message: 'http-auth is transport-neutral: take header values, not a framework.' })),
          patterns: [
            CROSS_PACKAGE,
            {
              group: ['@contentrepo/*', '!@contentrepo/core', '!@contentrepo/core/testing', '@mikro-orm/*', '@apollo/*'],
              message: 'http-auth depends on @contentrepo/core only (no adapter, ORM or transport).',
            },
          ],
        },
      ],
    },
  },
);
