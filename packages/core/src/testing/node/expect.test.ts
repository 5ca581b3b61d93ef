import { describe, expect as jestExpect, it } from '@jest/globals';
import type { Assertion, Matchers, RejectionMatchers } from '../test-runner.js';
import { expect as nodeExpect } from './expect.js';

/**
 * The node:assert `expect` is checked against Jest's own: for every case, both pass or both fail, plain and
 * negated (a misused matcher fails both ways in both).
 */

class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
}
class NotFound extends Error {}

type Case = readonly [label: string, actual: unknown, matcher: keyof Matchers, args: readonly unknown[]];

const shared = { a: 1 };
const CASES: readonly Case[] = [
  ['same number', 1, 'toBe', [1]],
  ['0 and -0', 0, 'toBe', [-0]],
  ['NaN', Number.NaN, 'toBe', [Number.NaN]],
  ['equal objects are not the same', { a: 1 }, 'toBe', [{ a: 1 }]],
  ['same object', shared, 'toBe', [shared]],
  ['numbers', 2, 'toEqual', [2]],
  ['0 and -0 deeply', [0], 'toEqual', [[-0]]],
  ['strings', 'a', 'toEqual', ['b']],
  ['undefined properties ignored', { a: 1, b: undefined }, 'toEqual', [{ a: 1 }]],
  ['undefined properties ignored, other side', { a: 1 }, 'toEqual', [{ a: 1, b: undefined }]],
  ['missing property', { a: 1 }, 'toEqual', [{ a: 1, b: 2 }]],
  ['nested arrays', { list: [1, [2, { c: 'x' }]] }, 'toEqual', [{ list: [1, [2, { c: 'x' }]] }]],
  ['nested difference', { list: [1, [2, { c: 'x' }]] }, 'toEqual', [{ list: [1, [2, { c: 'y' }]] }]],
  ['undefined array items ignored', [1, undefined], 'toEqual', [[1]]],
  ['array items', [1, 2], 'toEqual', [[1]]],
  ['array and object', [1], 'toEqual', [{ 0: 1 }]],
  ['null and undefined', null, 'toEqual', [undefined]],
  ['null and object', null, 'toEqual', [{}]],
  ['equal dates', new Date('2024-01-01T00:00:00Z'), 'toEqual', [new Date('2024-01-01T00:00:00Z')]],
  ['different dates', new Date('2024-01-01T00:00:00Z'), 'toEqual', [new Date('2024-01-02T00:00:00Z')]],
  ['class instance and literal', new Point(1, 2), 'toEqual', [{ x: 1, y: 2 }]],
  ['patterns', /a+/g, 'toEqual', [/a+/g]],
  ['patterns with other flags', /a+/g, 'toEqual', [/a+/i]],
  ['sets', new Set([1, { a: 2 }]), 'toEqual', [new Set([{ a: 2 }, 1])]],
  ['different sets', new Set([1, 2]), 'toEqual', [new Set([1, 3])]],
  ['maps', new Map([['k', { v: 1 }]]), 'toEqual', [new Map([['k', { v: 1 }]])]],
  ['different maps', new Map([['k', 1]]), 'toEqual', [new Map([['k', 2]])]],
  ['bytes', new Uint8Array([1, 2]), 'toEqual', [new Uint8Array([1, 2])]],
  ['errors', new Error('boom'), 'toEqual', [new Error('boom')]],
  ['subset', { a: 1, b: { c: 2, d: 3 } }, 'toMatchObject', [{ b: { c: 2 } }]],
  ['subset mismatch', { a: 1, b: { c: 2 } }, 'toMatchObject', [{ b: { c: 3 } }]],
  ['missing key', { a: 1 }, 'toMatchObject', [{ b: undefined }]],
  ['undefined key present', { a: 1, b: undefined }, 'toMatchObject', [{ b: undefined }]],
  ['array of subsets', [{ a: 1, b: 2 }], 'toMatchObject', [[{ a: 1 }]]],
  ['array of other length', [{ a: 1 }, { a: 2 }], 'toMatchObject', [[{ a: 1 }]]],
  ['nested array must match in length', { list: [1, 2] }, 'toMatchObject', [{ list: [1] }]],
  ['dates in a subset', { at: new Date(5) }, 'toMatchObject', [{ at: new Date(5) }]],
  ['inherited property', new Point(1, 2), 'toMatchObject', [{ x: 1 }]],
  ['on a primitive', 3, 'toMatchObject', [{}]],
  ['null', null, 'toBeNull', []],
  ['undefined is not null', undefined, 'toBeNull', []],
  ['greater', 3, 'toBeGreaterThan', [2]],
  ['not greater', 2, 'toBeGreaterThan', [2]],
  ['greater or equal', 2, 'toBeGreaterThanOrEqual', [2]],
  ['less', 1n, 'toBeLessThan', [2n]],
  ['less or equal', 3, 'toBeLessThanOrEqual', [2]],
  ['compared string', '3', 'toBeGreaterThan', [2]],
  ['array length', [1, 2], 'toHaveLength', [2]],
  ['string length', 'abc', 'toHaveLength', [2]],
  ['length of a number', 5, 'toHaveLength', [1]],
  ['pattern', '/1/5/', 'toMatch', [/^\/1\/\d\/$/]],
  ['substring', 'hello', 'toMatch', ['ell']],
  ['match on a number', 5, 'toMatch', ['5']],
  ['item', [1, 2], 'toContain', [2]],
  ['equal object is not contained', [{ a: 1 }], 'toContain', [{ a: 1 }]],
  ['same object is contained', [shared], 'toContain', [shared]],
  ['substring contained', 'hello', 'toContain', ['ll']],
  ['set item', new Set([3]), 'toContain', [3]],
  ['contain on a number', 5, 'toContain', [5]],
  ['instance', new NotFound('x'), 'toBeInstanceOf', [Error]],
  ['not an instance', new Error('x'), 'toBeInstanceOf', [NotFound]],
  ['throws', () => { throw new NotFound('gone'); }, 'toThrow', []],
  ['does not throw', () => 1, 'toThrow', []],
  ['throws a message', () => { throw new NotFound('it is gone'); }, 'toThrow', ['is gone']],
  ['throws another message', () => { throw new NotFound('it is gone'); }, 'toThrow', [/^here/]],
  ['throws a class', () => { throw new NotFound('gone'); }, 'toThrow', [NotFound]],
  ['throws another class', () => { throw new Error('gone'); }, 'toThrow', [NotFound]],
  ['throws an equal error', () => { throw new NotFound('gone'); }, 'toThrow', [new Error('gone')]],
];

const outcome = (assertion: () => void): 'pass' | 'fail' => {
  try {
    assertion();
    return 'pass';
  } catch {
    return 'fail';
  }
};

const apply = (assertion: Matchers, matcher: keyof Matchers, args: readonly unknown[]): void => {
  (assertion[matcher] as (...values: readonly unknown[]) => void)(...args);
};

describe('expect on node:assert agrees with Jest', () => {
  it.each(CASES)('%s', (_label, actual, matcher, args) => {
    const jest = jestExpect(actual) as unknown as Assertion;
    const node = nodeExpect(actual);
    jestExpect({ plain: outcome(() => apply(node, matcher, args)), negated: outcome(() => apply(node.not, matcher, args)) }).toEqual({
      plain: outcome(() => apply(jest, matcher, args)),
      negated: outcome(() => apply(jest.not, matcher, args)),
    });
  });

  type RejectionCase = readonly [label: string, promise: () => Promise<unknown>, matcher: keyof RejectionMatchers, args: readonly unknown[]];
  const REJECTIONS: readonly RejectionCase[] = [
    ['rejected with an instance', () => Promise.reject(new NotFound('gone')), 'toBeInstanceOf', [NotFound]],
    ['rejected with another class', () => Promise.reject(new Error('gone')), 'toBeInstanceOf', [NotFound]],
    ['fulfilled', () => Promise.resolve(new NotFound('gone')), 'toBeInstanceOf', [NotFound]],
    ['rejected with a value', () => Promise.reject(new Error('x')), 'toBe', [3]],
    ['rejected with an equal object', () => Promise.reject({ code: 3 }), 'toEqual', [{ code: 3 }]],
    ['rejected with a matching object', () => Promise.reject({ code: 3, more: 1 }), 'toMatchObject', [{ code: 3 }]],
    ['rejected with a message', () => Promise.reject(new Error('it is gone')), 'toThrow', ['gone']],
    ['rejected with another message', () => Promise.reject(new Error('it is gone')), 'toThrow', ['here']],
    ['fulfilled, expecting a throw', () => Promise.resolve(1), 'toThrow', []],
  ];
  const settled = async (assertion: () => Promise<void>): Promise<'pass' | 'fail'> => {
    try {
      await assertion();
      return 'pass';
    } catch {
      return 'fail';
    }
  };

  it.each(REJECTIONS)('rejects, %s', async (_label, promise, matcher, args) => {
    const run = (assertion: Assertion) => () => (assertion.rejects[matcher] as (...values: readonly unknown[]) => Promise<void>)(...args);
    jestExpect(await settled(run(nodeExpect(promise())))).toBe(await settled(run(jestExpect(promise()) as unknown as Assertion)));
  });

  it('fails with an AssertionError naming the matcher and both values', () => {
    jestExpect(() => nodeExpect({ a: 1 }).toEqual({ a: 2 })).toThrow("expect(received).toEqual(): expected { a: 1 } to equal { a: 2 }");
    jestExpect(() => nodeExpect(null).not.toBeNull()).toThrow('expect(received).not.toBeNull(): expected null not to be null');
  });
});
