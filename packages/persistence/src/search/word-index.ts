import { compareStrings, type ContentIndexDocument, indexWords } from '@contentrepo/core';
import { chunks } from '../db/batches.js';
import type { Row } from '../db/row.js';
import type { SqlValue } from '../db/sql-session.js';
import { placeholders, sql, StatementsBySize, type Statement } from '../db/statement.js';
import { TABLES } from '../schema/index.js';
import { reversedWord } from './full-text-words.js';

const { searchWord, searchWordLink } = TABLES;

/** What the word index is written through: a {@link SqlContext}, or a migration's executor. */
export interface StatementRunner {
  all(statement: Statement, params: readonly SqlValue[]): Promise<Row[]>;
  write(statement: Statement, params: readonly SqlValue[]): Promise<number>;
}

/** New dictionary words, existing ones left alone (no row is updated, so concurrent publishes never wait on a word). */
const INSERT_WORDS = new StatementsBySize(
  (size) =>
    `INSERT INTO ${searchWord} (${searchWord.$list(['word', 'reversed'])}) VALUES ${Array.from({ length: size }, () => '(?, ?)').join(', ')} ` +
    `ON CONFLICT (${searchWord.word}) DO NOTHING`,
);
const WORD_IDS = new StatementsBySize(
  (size) => `SELECT ${searchWord.$list(['id', 'word'])} FROM ${searchWord} WHERE ${searchWord.word} IN (${placeholders(size)})`,
);
const INSERT_LINKS = new StatementsBySize(
  (size) =>
    `INSERT INTO ${searchWordLink} (${searchWordLink.$list(['wordId', 'contentId', 'languageCode'])}) ` +
    `VALUES ${Array.from({ length: size }, () => '(?, ?, ?)').join(', ')}`,
);

/** The postings of one item: word id and word per language. */
export const ITEM_WORDS = sql<[contentId: number]>(
  `SELECT l.${searchWordLink.languageCode}, l.${searchWordLink.wordId}, w.${searchWord.word} FROM ${searchWordLink} AS l ` +
    `JOIN ${searchWord} AS w ON w.${searchWord.id} = l.${searchWordLink.wordId} WHERE l.${searchWordLink.contentId} = ?`,
);
const DELETE_LINKS = new StatementsBySize(
  (size) =>
    `DELETE FROM ${searchWordLink} WHERE ${searchWordLink.contentId} = ? AND ${searchWordLink.languageCode} = ? ` +
    `AND ${searchWordLink.wordId} IN (${placeholders(size)})`,
);

/** The words an item is indexed with: per language, each word with its dictionary id. */
export async function storedWords(runner: Pick<StatementRunner, 'all'>, contentId: number): Promise<Map<string, Map<string, number>>> {
  const byLanguage = new Map<string, Map<string, number>>();
  for (const row of await runner.all(ITEM_WORDS, [contentId])) {
    const languageCode = row.str(searchWordLink.languageCode);
    let words = byLanguage.get(languageCode);
    if (!words) byLanguage.set(languageCode, (words = new Map()));
    words.set(row.str(searchWord.word), row.int(searchWordLink.wordId));
  }
  return byLanguage;
}

/** Deletes postings of one item and language by word id (dictionary words stay). */
export async function deleteWordLinks(runner: StatementRunner, contentId: number, languageCode: string, wordIds: readonly number[]): Promise<void> {
  for (const batch of chunks(wordIds)) await runner.write(DELETE_LINKS.of(batch.length), [contentId, languageCode, ...batch]);
}

/**
 * The words of an index document per language, as Legacy indexes them: core's `indexWords` of every entry's full text
 * (normalised, split on non-word characters, cut to 150 code points), exactly the words core's evaluator
 * matches.
 */
export function documentWords(document: ContentIndexDocument): Map<string, Set<string>> {
  const byLanguage = new Map<string, Set<string>>();
  for (const entry of document.fields) {
    const words = byLanguage.get(entry.languageCode) ?? new Set<string>();
    for (const word of indexWords(entry.fullText)) words.add(word);
    byLanguage.set(entry.languageCode, words);
  }
  return byLanguage;
}

/**
 * Writes the postings of one item (`search_word_link`: word, item, language), adding unknown words to the
 * dictionary (`search_word` with the reversed word). Words are inserted in code-point order, the order of the
 * unique index, so that concurrent publishes on PostgreSQL take its locks in one order.
 */
export async function insertWords(runner: StatementRunner, contentId: number, words: ReadonlyMap<string, ReadonlySet<string>>): Promise<void> {
  const distinct = [...new Set([...words.values()].flatMap((set) => [...set]))].sort(compareStrings);
  if (distinct.length === 0) return;
  const ids = new Map<string, number>();
  for (const batch of chunks(distinct)) {
    await runner.write(INSERT_WORDS.of(batch.length), batch.flatMap((word) => [word, reversedWord(word)]));
    for (const row of await runner.all(WORD_IDS.of(batch.length), batch)) ids.set(row.str(searchWord.word), row.int(searchWord.id));
  }
  const links: SqlValue[][] = [];
  for (const [languageCode, set] of words) {
    for (const word of set) {
      const id = ids.get(word);
      if (id === undefined) throw new Error(`search_word: no id for '${word}'`);
      links.push([id, contentId, languageCode]);
    }
  }
  for (const batch of chunks(links)) await runner.write(INSERT_LINKS.of(batch.length), batch.flat());
}
