import { assertNever } from '../../../errors/repository-error.js';
import type { IndexedItem } from './indexed-item.js';

/**
 * Full-text search of the Legacy engine, as pure functions every engine shares:
 * an SQL engine writes {@link indexWords} of each field's full text at index time and builds its condition from
 * {@link fullTextAlternatives}, so both sides tokenise identically.
 */

/** Longest indexed word, in code points (Legacy cuts longer words). */
export const MAX_WORD_LENGTH = 150;

/** Share of the published items a word must reach to be a stop word (Legacy's stop-word rule). */
export const STOP_WORD_FACTOR = 0.66;

/** Letters without a canonical decomposition, transliterated as Legacy's transformation chain does. */
const TRANSLITERATIONS: Readonly<Record<string, string>> = {
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', þ: 'th', ł: 'l', ı: 'i', ħ: 'h', ŧ: 't', ŀ: 'l', ĳ: 'ij',
};
const SPECIAL_LETTERS = new RegExp(`[${Object.keys(TRANSLITERATIONS).join('')}]`, 'gu');

/**
 * Normalises text for indexing and querying alike, as Legacy does: lower-cased (JavaScript `toLowerCase`),
 * compatibility decomposition (NFKD) with combining marks removed, and the letters above transliterated (`Straße` →
 * `strasse`, `Łódź` → `lodz`). Other scripts keep their (lower-cased) letters.
 */
export function normalizeText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(SPECIAL_LETTERS, (letter) => TRANSLITERATIONS[letter] ?? letter);
}

const cut = (word: string): string => (word.length <= MAX_WORD_LENGTH ? word : [...word].slice(0, MAX_WORD_LENGTH).join(''));

/**
 * The distinct words of a text, as Legacy indexes them: normalised, split on anything but letters, digits and `_`
 * (Unicode `\W`), each cut to {@link MAX_WORD_LENGTH} code points. In first-occurrence order.
 */
export function indexWords(text: string): string[] {
  const words = normalizeText(text)
    .split(/[^\p{L}\p{N}_]+/u)
    .filter((word) => word !== '')
    .map(cut);
  return [...new Set(words)];
}

/**
 * One alternative of a FullText query: a word must equal `text` (`exact`), start with it (`prefix`, token
 * `abc*`), end with it (`suffix`, token `*abc`) or contain it (`infix`, token `*abc*`). Comparisons are
 * case-sensitive code-point comparisons (indexed words are lower-case); `%` and `_` are literal.
 */
export interface FullTextAlternative {
  readonly kind: 'exact' | 'prefix' | 'suffix' | 'infix';
  readonly text: string;
}

function alternative(token: string): FullTextAlternative {
  let text = token;
  const leading = text.startsWith('*');
  if (leading) text = text.slice(1);
  const trailing = text.endsWith('*');
  if (trailing) text = text.slice(0, -1);
  const kind = leading ? (trailing ? 'infix' : 'suffix') : trailing ? 'prefix' : 'exact';
  return { kind, text };
}

/**
 * The alternatives of a FullText query, as Legacy builds them: the normalised query split on `[^\w|*]` (so `|` and `*`
 * stay inside tokens), each token with its wildcards (a `*` inside a token is literal), plus the raw, unnormalised
 * query as one more alternative. A word matching ANY alternative matches; there are no AND/NOT/phrase operators.
 * Duplicates are removed; an empty query yields only the raw `exact ""`, which matches nothing.
 */
export function fullTextAlternatives(query: string): readonly FullTextAlternative[] {
  const tokens = normalizeText(query)
    .split(/[^\p{L}\p{N}_|*]+/u)
    .filter((token) => token !== '');
  const seen = new Set<string>();
  const alternatives: FullTextAlternative[] = [];
  for (const candidate of [...tokens, query].map(alternative)) {
    const key = `${candidate.kind}:${candidate.text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    alternatives.push(candidate);
  }
  return alternatives;
}

/** Whether an indexed word matches one alternative. */
export function matchesAlternative(alternative: FullTextAlternative, word: string): boolean {
  switch (alternative.kind) {
    case 'exact':
      return word === alternative.text;
    case 'prefix':
      return word.startsWith(alternative.text);
    case 'suffix':
      return word.endsWith(alternative.text);
    case 'infix':
      return word.includes(alternative.text);
    default:
      return assertNever(alternative.kind, 'full-text alternative');
  }
}

/**
 * The stop-word threshold (Legacy's stop-word rule): a word found in at least `floor(publishedItems × 0.66)` published
 * items is ignored. With fewer than two published items the threshold is 0 and every word is a stop word, as in Legacy.
 */
export function stopWordThreshold(publishedItems: number): number {
  return Math.floor(publishedItems * STOP_WORD_FACTOR);
}

/** Words of the published set, computed lazily once per search. */
export interface FullTextIndex {
  /** Words per language of an item's searchable fields. */
  wordsOf(item: IndexedItem): ReadonlyMap<string, ReadonlySet<string>>;
  /** Whether a word is ignored because too many items contain it (any language counts). */
  isStopWord(word: string): boolean;
}

/** Builds the (lazy) full-text statistics of a set of published items. */
export function createFullTextIndex(items: readonly IndexedItem[]): FullTextIndex {
  const byItem = new Map<IndexedItem, Map<string, Set<string>>>();
  const wordsOf = (item: IndexedItem): Map<string, Set<string>> => {
    let words = byItem.get(item);
    if (!words) {
      words = new Map();
      for (const entry of item.fields) {
        const set = words.get(entry.languageCode) ?? new Set<string>();
        for (const word of indexWords(entry.fullText)) set.add(word);
        words.set(entry.languageCode, set);
      }
      byItem.set(item, words);
    }
    return words;
  };
  let counts: Map<string, number> | undefined;
  const objectCounts = (): Map<string, number> => {
    if (!counts) {
      counts = new Map();
      for (const item of items) {
        const distinct = new Set<string>();
        for (const words of wordsOf(item).values()) for (const word of words) distinct.add(word);
        for (const word of distinct) counts.set(word, (counts.get(word) ?? 0) + 1);
      }
    }
    return counts;
  };
  const threshold = stopWordThreshold(items.length);
  return {
    wordsOf,
    isStopWord: (word) => (objectCounts().get(word) ?? 0) >= threshold,
  };
}
