import { describe, expect, it } from '@jest/globals';
import { indexedItem, indexEntry } from '../../../testing/contract/search-items.js';
import { createFullTextIndex, fullTextAlternatives, indexWords, matchesAlternative, normalizeText, stopWordThreshold } from './full-text.js';

describe('FullText tokenising (Legacy engine)', () => {
  it('normalises case and diacritics, transliterating letters without decomposition', () => {
    expect(normalizeText('Crème BRÛLÉE')).toBe('creme brulee');
    expect(normalizeText('Straße Łódź Ærø')).toBe('strasse lodz aero');
    expect(normalizeText('Ωmega')).toBe('ωmega');
  });

  it('indexes the distinct words, split on non-word characters and cut to 150 code points', () => {
    expect(indexWords('Hello, hello world! snake_case www.example.com')).toEqual(['hello', 'world', 'snake_case', 'www', 'example', 'com']);
    expect(indexWords('a'.repeat(200))).toEqual(['a'.repeat(150)]);
    expect(indexWords('  ')).toEqual([]);
  });

  it('tokenises a query on [^\\w|*], keeps wildcards, and adds the raw input as an alternative', () => {
    expect(fullTextAlternatives('Vic* *tory')).toEqual([
      { kind: 'prefix', text: 'vic' },
      { kind: 'suffix', text: 'tory' },
      { kind: 'exact', text: 'Vic* *tory' },
    ]);
    expect(fullTextAlternatives('world cup')).toEqual([
      { kind: 'exact', text: 'world' },
      { kind: 'exact', text: 'cup' },
      { kind: 'exact', text: 'world cup' },
    ]);
    expect(fullTextAlternatives('*mid* a|b')).toEqual([
      { kind: 'infix', text: 'mid' },
      { kind: 'exact', text: 'a|b' },
      { kind: 'suffix', text: 'mid* a|b' },
    ]);
    expect(fullTextAlternatives('victory')).toEqual([{ kind: 'exact', text: 'victory' }]);
    expect(fullTextAlternatives('')).toEqual([{ kind: 'exact', text: '' }]);
  });

  it('matches words exactly or by prefix, suffix and infix, case-sensitively', () => {
    expect(matchesAlternative({ kind: 'prefix', text: 'vic' }, 'victory')).toBe(true);
    expect(matchesAlternative({ kind: 'suffix', text: 'ory' }, 'victory')).toBe(true);
    expect(matchesAlternative({ kind: 'infix', text: 'cto' }, 'victory')).toBe(true);
    expect(matchesAlternative({ kind: 'exact', text: 'Victory' }, 'victory')).toBe(false);
    expect(matchesAlternative({ kind: 'prefix', text: 'v_c' }, 'victory')).toBe(false);
  });

  it('ignores words found in at least floor(66%) of the published items', () => {
    expect(stopWordThreshold(12)).toBe(7);
    const items = Array.from({ length: 10 }, (_, index) =>
      indexedItem({ id: index + 1, fields: [indexEntry('title', { fullText: index < 6 ? 'common word' : 'rare common' })] }),
    );
    const index = createFullTextIndex(items);
    expect(index.isStopWord('common')).toBe(true);
    expect(index.isStopWord('word')).toBe(true);
    expect(index.isStopWord('rare')).toBe(false);
    expect(index.isStopWord('absent')).toBe(false);
    const [first] = items;
    expect(first && [...(index.wordsOf(first).get('eng-GB') ?? [])]).toEqual(['common', 'word']);
  });
});
