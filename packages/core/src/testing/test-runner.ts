/**
 * The seam between the test kit and a test runner. The contract suites declare their tests through a
 * `TestRunner` passed by the caller instead of importing a test framework, so `@contentrepo/core/testing` loads
 * under any runner (or none). The types are structural and list only what the kit uses: Jest's globals
 * (`import * as runner from '@jest/globals'`) and Vitest's (`import * as runner from 'vitest'`) fit as they are;
 * `node:test` users pass `nodeTestRunner` from `@contentrepo/core/testing/node`.
 */

/** A test or hook body: synchronous, or returning a promise the runner awaits. */
export type TestBody = () => Promise<unknown> | void;

/** A class, for `toBeInstanceOf` and `toThrow`. */
export type AnyClass = abstract new (...args: never[]) => unknown;

/** What `toThrow` accepts: a substring or pattern of the message, an error with the same message, or a class. */
export type ThrownExpectation = string | RegExp | Error | AnyClass;

/**
 * The synchronous matchers the kit uses, with Jest's meaning (`toEqual` ignores properties whose value is
 * `undefined`; `toMatchObject` matches a subset of properties, recursively; `toContain` compares items with `===`).
 */
export interface Matchers {
  toBe(expected: unknown): void;
  toEqual(expected: unknown): void;
  toMatchObject(expected: object): void;
  toBeNull(): void;
  toBeGreaterThan(expected: number | bigint): void;
  toBeGreaterThanOrEqual(expected: number | bigint): void;
  toBeLessThan(expected: number | bigint): void;
  toBeLessThanOrEqual(expected: number | bigint): void;
  toHaveLength(expected: number): void;
  toMatch(expected: string | RegExp): void;
  toContain(expected: unknown): void;
  toBeInstanceOf(expected: AnyClass): void;
  toThrow(expected?: ThrownExpectation): void;
}

/** The matchers applied to the reason a promise rejects with (`expect(promise).rejects`). */
export interface RejectionMatchers {
  toBe(expected: unknown): Promise<void>;
  toEqual(expected: unknown): Promise<void>;
  toMatchObject(expected: object): Promise<void>;
  toBeInstanceOf(expected: AnyClass): Promise<void>;
  toThrow(expected?: ThrownExpectation): Promise<void>;
}

/** `expect(actual)`: the matchers, their negation and the rejection matchers. */
export interface Assertion extends Matchers {
  readonly not: Matchers;
  readonly rejects: RejectionMatchers;
}

/**
 * A test runner's API as the kit needs it: `describe` blocks (with synchronous bodies), tests and hooks with an
 * optional timeout in milliseconds, and `expect`.
 */
export interface TestRunner {
  describe(name: string, body: () => void): void;
  it(name: string, body: TestBody, timeout?: number): void;
  expect(actual: unknown): Assertion;
  beforeAll(hook: TestBody, timeout?: number): void;
  afterAll(hook: TestBody, timeout?: number): void;
  beforeEach(hook: TestBody, timeout?: number): void;
  afterEach(hook: TestBody, timeout?: number): void;
}
