import { describe, expect, it } from '@jest/globals';
import { indexEntry } from '../../../testing/contract/search-items.js';
import { floatSortKey } from '../../../field-types/ezfloat/index.js';
import { FIELD_OPERATORS, type FieldOperator } from '../criterion.js';
import {
  isEmptyEntry,
  matchFieldEntry,
  toSearchFloatKey,
  toSearchInteger,
  toSearchString,
  wildcardMatch,
} from './indexed-field-values.js';

type Value = string | number | boolean;

describe('Field criterion values (Legacy semantics)', () => {
  it('compares an entry by the search family it carries, whatever its field type identifier', () => {
    const custom = { fieldTypeIdentifier: 'custom_type', sortKeyInt: 7, sortKeyString: '7' };
    expect(matchFieldEntry(indexEntry('x', { ...custom, searchFamily: 'integer' }), 'EQ', ['7.9'])).toBe(true);
    expect(matchFieldEntry(indexEntry('x', { ...custom, searchFamily: 'text' }), 'EQ', ['7.9'])).toBe(false);
    expect(matchFieldEntry(indexEntry('x', { ...custom, searchFamily: 'text' }), 'CONTAINS', ['7'])).toBe(true);
    expect(matchFieldEntry(indexEntry('x', { ...custom, searchFamily: 'collection' }), 'EQ', [7])).toBe(false);
  });

  it('casts values like PHP (int) for integer keys, and refuses what is not a number', () => {
    expect([true, false, 'true', 'FALSE', 3.9, -3.9, '12', ' 7 ', '1e3', '-0'].map(toSearchInteger)).toEqual([1, 0, 1, 0, 3, -3, 12, 7, 1000, 0]);
    expect(['abc', '', '0x10', '1,2', Number.NaN].map(toSearchInteger)).toEqual([null, null, null, null, null]);
    expect(toSearchFloatKey('2.5')).toBe(floatSortKey(2.5));
    expect(toSearchFloatKey('x')).toBeNull();
    expect([toSearchString('AbC'), toSearchString(12), toSearchString(true)]).toEqual(['abc', '12', 'true']);
  });

  it('matches `*` wildcards and treats % and _ literally, case-insensitively', () => {
    expect(wildcardMatch('adm*', 'Administrator')).toBe(true);
    expect(wildcardMatch('*min*', 'admin')).toBe(true);
    expect(wildcardMatch('a%c', 'abc')).toBe(false);
    expect(wildcardMatch('a%c', 'a%c')).toBe(true);
    expect(wildcardMatch('a_c', 'abc')).toBe(false);
    expect(wildcardMatch('a.c', 'abc')).toBe(false);
    expect(wildcardMatch('ABC', 'abc')).toBe(true);
  });

  const integer = indexEntry('count', { fieldTypeIdentifier: 'ezinteger', searchFamily: 'integer', sortKeyInt: 10 });
  const text = indexEntry('title', { sortKeyString: 'hello world' });
  const email = indexEntry('email', { fieldTypeIdentifier: 'ezemail', searchFamily: 'simpleText', sortKeyString: 'ann@example.com' });
  const float = indexEntry('rating', { fieldTypeIdentifier: 'ezfloat', searchFamily: 'float', sortKeyString: floatSortKey(-1.5) });
  const keywords = indexEntry('tags', { fieldTypeIdentifier: 'ezkeyword', searchFamily: 'collection', sortKeyString: 'red,blue', elements: ['red', 'blue'] });
  const selection = indexEntry('choice', { fieldTypeIdentifier: 'ezselection', searchFamily: 'collection', sortKeyString: '1-3', elements: [1, 3] });

  const cases: [string, ReturnType<typeof indexEntry>, FieldOperator, Value[], boolean][] = [
    ['integer EQ', integer, 'EQ', [10], true],
    ['integer EQ string', integer, 'EQ', ['10'], true],
    ['integer EQ truncated', integer, 'EQ', [10.7], true],
    ['integer IN', integer, 'IN', [1, 10], true],
    ['integer GT', integer, 'GT', [10], false],
    ['integer GTE', integer, 'GTE', [10], true],
    ['integer LT', integer, 'LT', [11], true],
    ['integer LTE', integer, 'LTE', [9], false],
    ['integer BETWEEN', integer, 'BETWEEN', [5, 10], true],
    ['integer LIKE is EQ', integer, 'LIKE', ['10'], true],
    ['integer CONTAINS is EQ', integer, 'CONTAINS', ['1'], false],
    ['integer non-number', integer, 'EQ', ['abc'], false],
    ['text EQ lower-cases', text, 'EQ', ['Hello World'], true],
    ['text GT by code point', text, 'GT', ['hello'], true],
    ['text BETWEEN', text, 'BETWEEN', ['a', 'i'], true],
    ['text LIKE prefix', text, 'LIKE', ['HELLO*'], true],
    ['text LIKE without wildcard is equality', text, 'LIKE', ['hello'], false],
    ['text CONTAINS substring', text, 'CONTAINS', ['O W'], true],
    ['text IN', text, 'IN', ['x', 'hello world'], true],
    ['email CONTAINS is equality', email, 'CONTAINS', ['example'], false],
    ['email LIKE', email, 'LIKE', ['*@example.com'], true],
    ['float GT numerically', float, 'GT', [-2], true],
    ['float LT', float, 'LT', ['-1.5'], false],
    ['float EQ', float, 'EQ', [-1.5], true],
    ['float BETWEEN', float, 'BETWEEN', [-10, 0], true],
    ['keyword EQ any element', keywords, 'EQ', ['BLUE'], true],
    ['keyword CONTAINS is element equality', keywords, 'CONTAINS', ['re'], false],
    ['keyword LIKE element', keywords, 'LIKE', ['bl*'], true],
    ['keyword GT any element', keywords, 'GT', ['q'], true],
    ['selection EQ index', selection, 'EQ', ['3'], true],
    ['selection IN', selection, 'IN', [2, 4], false],
    ['selection BETWEEN', selection, 'BETWEEN', [2, 3], true],
  ];
  it.each(cases)('%s', (_name, entry, operator, values, expected) => {
    expect(matchFieldEntry(entry, operator, values)).toBe(expected);
  });

  it('never matches an entry without the compared key, and knows empty entries', () => {
    const empty = indexEntry('title');
    expect(FIELD_OPERATORS.some((operator) => matchFieldEntry(empty, operator, ['', '']))).toBe(false);
    expect(isEmptyEntry(empty)).toBe(true);
    expect(isEmptyEntry(indexEntry('flag', { fieldTypeIdentifier: 'ezboolean', searchFamily: 'integer', sortKeyInt: 0 }))).toBe(false);
    expect(isEmptyEntry(indexEntry('tags', { fieldTypeIdentifier: 'ezkeyword', searchFamily: 'collection', elements: [] }))).toBe(true);
  });
});
