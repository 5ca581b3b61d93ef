/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

/**
 * One Jest project per workspace package (`structure` checks the repository's file names and import cycles).
 * Tests run against TypeScript sources: the `@contentrepo/source` export condition points each package's exports at `src/`,
 * SWC strips types (type checking is `pnpm typecheck`), and `./x.js` specifiers map to `./x.ts`.
 */
const project = (displayName: string, rootDir: string, esmDependencies: readonly string[] = [], extra: Config = {}): Config => ({
  displayName,
  rootDir,
  testEnvironment: 'node',
  testEnvironmentOptions: { customExportConditions: ['@contentrepo/source', 'node', 'node-addons'] },
  transform: { '^.+\\.(t|j|mj)s$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } } }] },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts', '<rootDir>/examples/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  ...(esmDependencies.length === 0
    ? {}
    : {
        // ESM-only dependencies are compiled to CommonJS like our sources (pnpm paths: node_modules/.pnpm/<name>@<v>/...).
        moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json', 'node'],
        transformIgnorePatterns: [`/node_modules/(?!(?:\\.pnpm/)?(?:${esmDependencies.join('|')})(?:@|/))`],
      }),
  ...extra,
});

/** ESM-only packages http-auth loads (jose, for Bearer JWTs); every package that depends on http-auth loads them too. */
const AUTH_ESM_DEPENDENCIES = ['jose'];
/** ESM-only packages the GraphQL adapter loads (http-auth's, graphql-upload's `.mjs` files and its fs-capacitor). */
const GRAPHQL_ESM_DEPENDENCIES = [...AUTH_ESM_DEPENDENCIES, 'graphql-upload', 'fs-capacitor'];

const config: Config = {
  // Jest's default leaves one core to its main process, which only schedules and reports: on two cores that is a
  // single worker running every test file in turn. One worker per core runs them side by side.
  maxWorkers: '100%',
  // A test or hook may take 30 s (Jest's default is 5 s): setting up a PostgreSQL schema on a loaded 2-core machine
  // can take longer than 5 s; a test that hangs still fails. (A global option: Jest ignores it in a project.)
  testTimeout: 30_000,
  projects: [
    project('core', '<rootDir>/packages/core'),
    project('persistence', '<rootDir>/packages/persistence', [], { globalSetup: '<rootDir>/src/test-support/announce-skipped-dialects.ts' }),
    project('http-auth', '<rootDir>/packages/http-auth', AUTH_ESM_DEPENDENCIES),
    project('rest-adapter', '<rootDir>/packages/rest-adapter', AUTH_ESM_DEPENDENCIES),
    project('graphql-adapter', '<rootDir>/packages/graphql-adapter', GRAPHQL_ESM_DEPENDENCIES),
    project('server', '<rootDir>/apps/server', GRAPHQL_ESM_DEPENDENCIES),
    project('structure', '<rootDir>/tools/structure'),
  ],
};

export default config;
