import { AssertionError } from 'node:assert';
import { inspect } from 'node:util';
import type { AnyClass, Assertion, Matchers, RejectionMatchers, ThrownExpectation } from '../test-runner.js';
import { equals, matchesObject } from './equality.js';

/** The outcome of one matcher on one value: whether it holds and how to say what was expected. */
interface Verdict {
  readonly pass: boolean;
  /** "to equal 3", negated as "not to equal 3". */
  readonly expectation: string;
  readonly expected?: unknown;
}

const show = (value: unknown): string => inspect(value, { depth: 6, breakLength: 120 });

/** A misuse of a matcher (fails whether negated or not, as in Jest). */
function misuse(matcher: string, problem: string): never {
  throw new TypeError(`expect(received).${matcher}(): ${problem}`);
}

function compareNumbers(matcher: string, actual: unknown, expected: number | bigint, holds: (a: number | bigint, b: number | bigint) => boolean, words: string): Verdict {
  if (typeof actual !== 'number' && typeof actual !== 'bigint') misuse(matcher, `received ${show(actual)} is not a number or bigint`);
  return { pass: holds(actual, expected), expectation: `to be ${words} ${show(expected)}` };
}

function thrownMatches(thrown: unknown, expected: ThrownExpectation | undefined): Verdict {
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  if (expected === undefined) return { pass: true, expectation: 'to throw' };
  if (typeof expected === 'string') return { pass: message.includes(expected), expectation: `to throw a message containing ${show(expected)}` };
  if (expected instanceof RegExp) return { pass: expected.test(message), expectation: `to throw a message matching ${String(expected)}` };
  if (expected instanceof Error) return { pass: message === expected.message, expectation: `to throw the message ${show(expected.message)}` };
  return { pass: thrown instanceof expected, expectation: `to throw an instance of ${expected.name}` };
}

/** Each matcher of {@link Matchers}, as a verdict on `actual`. */
const VERDICTS = {
  toBe: (actual: unknown, expected: unknown): Verdict => ({ pass: Object.is(actual, expected), expectation: `to be ${show(expected)}`, expected }),
  toEqual: (actual: unknown, expected: unknown): Verdict => ({ pass: equals(actual, expected), expectation: `to equal ${show(expected)}`, expected }),
  toMatchObject: (actual: unknown, expected: object): Verdict => {
    if (typeof actual !== 'object' || actual === null) misuse('toMatchObject', `received ${show(actual)} is not an object`);
    return { pass: matchesObject(actual, expected), expectation: `to match ${show(expected)}`, expected };
  },
  toBeNull: (actual: unknown): Verdict => ({ pass: actual === null, expectation: 'to be null', expected: null }),
  toBeGreaterThan: (actual: unknown, expected: number | bigint): Verdict => compareNumbers('toBeGreaterThan', actual, expected, (a, b) => a > b, 'greater than'),
  toBeGreaterThanOrEqual: (actual: unknown, expected: number | bigint): Verdict =>
    compareNumbers('toBeGreaterThanOrEqual', actual, expected, (a, b) => a >= b, 'greater than or equal to'),
  toBeLessThan: (actual: unknown, expected: number | bigint): Verdict => compareNumbers('toBeLessThan', actual, expected, (a, b) => a < b, 'less than'),
  toBeLessThanOrEqual: (actual: unknown, expected: number | bigint): Verdict =>
    compareNumbers('toBeLessThanOrEqual', actual, expected, (a, b) => a <= b, 'less than or equal to'),
  toHaveLength: (actual: unknown, expected: number): Verdict => {
    const length: unknown = typeof actual === 'string' || (typeof actual === 'object' && actual !== null) ? Reflect.get(Object(actual), 'length') : undefined;
    if (typeof length !== 'number') misuse('toHaveLength', `received ${show(actual)} has no length`);
    return { pass: length === expected, expectation: `to have length ${expected} (it has ${length})` };
  },
  toMatch: (actual: unknown, expected: string | RegExp): Verdict => {
    if (typeof actual !== 'string') misuse('toMatch', `received ${show(actual)} is not a string`);
    return { pass: typeof expected === 'string' ? actual.includes(expected) : expected.test(actual), expectation: `to match ${String(expected)}` };
  },
  toContain: (actual: unknown, expected: unknown): Verdict => {
    if (typeof actual === 'string') return { pass: typeof expected === 'string' && actual.includes(expected), expectation: `to contain ${show(expected)}` };
    if (typeof actual !== 'object' || actual === null || !(Symbol.iterator in actual)) misuse('toContain', `received ${show(actual)} is not iterable`);
    return { pass: Array.from(actual as Iterable<unknown>).some((item) => item === expected), expectation: `to contain ${show(expected)}` };
  },
  toBeInstanceOf: (actual: unknown, expected: AnyClass): Verdict => ({ pass: actual instanceof expected, expectation: `to be an instance of ${expected.name}` }),
  toThrow: (actual: unknown, expected?: ThrownExpectation): Verdict => {
    if (typeof actual !== 'function') misuse('toThrow', `received ${show(actual)} is not a function`);
    try {
      actual();
    } catch (thrown) {
      return thrownMatches(thrown, expected);
    }
    return { pass: false, expectation: 'to throw (it returned)' };
  },
} satisfies { readonly [K in keyof Matchers]: (actual: unknown, ...args: Parameters<Matchers[K]>) => Verdict };

type MatcherName = keyof typeof VERDICTS;

/** Throws an AssertionError unless the verdict holds (or, negated, fails). */
function settle(name: MatcherName, actual: unknown, verdict: Verdict, negated: boolean): void {
  if (verdict.pass !== negated) return;
  const message = `expect(received)${negated ? '.not' : ''}.${name}(): expected ${show(actual)} ${negated ? 'not ' : ''}${verdict.expectation}`;
  throw new AssertionError({ message, actual, expected: verdict.expected, operator: name });
}

function matchers(actual: unknown, negated: boolean): Matchers {
  const run =
    <K extends MatcherName>(name: K) =>
    (...args: Parameters<Matchers[K]>): void => {
      const verdict = (VERDICTS[name] as (value: unknown, ...rest: Parameters<Matchers[K]>) => Verdict)(actual, ...args);
      settle(name, actual, verdict, negated);
    };
  return {
    toBe: run('toBe'),
    toEqual: run('toEqual'),
    toMatchObject: run('toMatchObject'),
    toBeNull: run('toBeNull'),
    toBeGreaterThan: run('toBeGreaterThan'),
    toBeGreaterThanOrEqual: run('toBeGreaterThanOrEqual'),
    toBeLessThan: run('toBeLessThan'),
    toBeLessThanOrEqual: run('toBeLessThanOrEqual'),
    toHaveLength: run('toHaveLength'),
    toMatch: run('toMatch'),
    toContain: run('toContain'),
    toBeInstanceOf: run('toBeInstanceOf'),
    toThrow: run('toThrow'),
  };
}

/** The matchers applied to what `promise` rejects with; each fails when it fulfils instead. */
function rejectionMatchers(promise: unknown): RejectionMatchers {
  const reason = async (name: string): Promise<unknown> => {
    if (!(promise instanceof Promise)) misuse(`rejects.${name}`, `received ${show(promise)} is not a promise`);
    const outcome = await promise.then(
      (value: unknown) => ({ rejected: false, value }),
      (error: unknown) => ({ rejected: true, value: error }),
    );
    if (outcome.rejected) return outcome.value;
    const message = `expect(received).rejects.${name}(): expected a rejection, the promise fulfilled with ${show(outcome.value)}`;
    throw new AssertionError({ message, actual: outcome.value, operator: name });
  };
  return {
    toBe: async (expected) => matchers(await reason('toBe'), false).toBe(expected),
    toEqual: async (expected) => matchers(await reason('toEqual'), false).toEqual(expected),
    toMatchObject: async (expected) => matchers(await reason('toMatchObject'), false).toMatchObject(expected),
    toBeInstanceOf: async (expected) => matchers(await reason('toBeInstanceOf'), false).toBeInstanceOf(expected),
    toThrow: async (expected) => settle('toThrow', promise, thrownMatches(await reason('toThrow'), expected), false),
  };
}

/**
 * `expect` on `node:assert`: the kit's matchers ({@link Assertion}) with Jest's meaning, failing with an
 * `AssertionError` that carries the actual and expected values.
 */
export function expect(actual: unknown): Assertion {
  return { ...matchers(actual, false), not: matchers(actual, true), rejects: rejectionMatchers(actual) };
}
