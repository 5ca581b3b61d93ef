/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

/**
 * One Jest project per workspace package. Tests run against TypeScript sources:
 * the `@contentrepo/source` export condition points each package's exports at `src/`,
 * SWC strips types (type checking is `pnpm typecheck`), and `./x.js` specifiers map to `./x.ts`.
 */
const project = (displayName: string, rootDir: string): Config => ({
  displayName,
  rootDir,
  testEnvironment: 'node',
  testEnvironmentOptions: { customExportConditions: ['@contentrepo/source', 'node', 'node-addons'] },
  transform: { '^.+\\.(t|j)s$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } } }] },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
});

const config: Config = {
  projects: [
    project('core', '<rootDir>/packages/core'),
    project('persistence', '<rootDir>/packages/persistence'),
    project('rest-adapter', '<rootDir>/packages/rest-adapter'),
    project('server', '<rootDir>/apps/server'),
  ],
};

export default config;
