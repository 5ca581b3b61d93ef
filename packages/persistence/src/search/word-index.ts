import { compareStrings, type ContentIndexDocument, indexWords } from '@contentrepo/core';
import { chunks } from '../db/batches.js';
import type { Row } from '../db/row.js';
import type { SqlValue } from '../db/sql-session.js';
import { placeholders, sql, StatementsBySize, type Statement } from '../db/statement.js';
import { TABLES } from '../schema/index.js';
import { reversedWord, WORD_LIST_SLOTS } from './full-text-words.js';

const { searchWord, searchWordList } = TABLES;

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

/** The word lists of one item, one per language (`id`, `language_code`, `word_ids`). */
export const ITEM_WORDS = sql<[contentId: number]>(
  `SELECT ${searchWordList.$list(['id', 'languageCode', 'wordIds'])} FROM ${searchWordList} WHERE ${searchWordList.contentId} = ?`,
);
const INSERT_LIST = sql<[id: number, contentId: number, languageCode: string, wordIds: string]>(
  `INSERT INTO ${searchWordList} (${searchWordList.$list(['id', 'contentId', 'languageCode', 'wordIds'])}) VALUES (?, ?, ?, ?)`,
);
const UPDATE_LIST = sql<[wordIds: string, id: number]>(`UPDATE ${searchWordList} SET ${searchWordList.wordIds} = ? WHERE ${searchWordList.id} = ?`);
const DELETE_LIST = sql<[id: number]>(`DELETE FROM ${searchWordList} WHERE ${searchWordList.id} = ?`);

/**
 * The `word_ids` value of a set of dictionary ids: the ids in ascending order, as decimal numbers separated by single
 * spaces (what the inverted indexes of migration 0013 split: SQLite FTS5's tokenizer, PostgreSQL `string_to_array`).
 */
export function wordIdList(ids: Iterable<number>): string {
  return [...new Set(ids)].sort((a, b) => a - b).join(' ');
}

/**
 * The dictionary ids of `words`, adding the unknown ones to `search_word` (with the reversed word). Words are
 * inserted in code-point order, the order of the unique index, so that concurrent publishes on PostgreSQL take its
 * locks in one order; words already known are only read.
 */
async function dictionaryIds(runner: StatementRunner, words: readonly string[]): Promise<Map<string, number>> {
  const distinct = [...new Set(words)].sort(compareStrings);
  const ids = new Map<string, number>();
  const read = async (batch: readonly string[]): Promise<void> => {
    for (const row of await runner.all(WORD_IDS.of(batch.length), batch)) ids.set(row.str(searchWord.word), row.int(searchWord.id));
  };
  for (const batch of chunks(distinct)) await read(batch);
  const unknown = distinct.filter((word) => !ids.has(word));
  for (const batch of chunks(unknown)) {
    await runner.write(INSERT_WORDS.of(batch.length), batch.flatMap((word) => [word, reversedWord(word)]));
    await read(batch);
  }
  return ids;
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
 * Writes the postings of one item: per language with words, one `search_word_list` row with the ids of its words
 * (unknown words added to the dictionary `search_word`); rows of languages that lost every word are deleted, rows
 * whose words did not change are left alone. `present` tells whether the item may have rows already (when false,
 * nothing is read first). A new row takes the item's lowest free slot ({@link WORD_LIST_SLOTS}).
 *
 * @throws Error when a dictionary word has no id after its insertion (a broken dictionary), or when an item would
 * have more languages than slots.
 */
export async function writeWordLists(
  runner: StatementRunner,
  contentId: number,
  words: ReadonlyMap<string, ReadonlySet<string>>,
  present: boolean,
): Promise<void> {
  const ids = await dictionaryIds(runner, [...words.values()].flatMap((set) => [...set]));
  const wanted = new Map<string, string>();
  for (const [languageCode, set] of words) {
    if (set.size === 0) continue;
    wanted.set(
      languageCode,
      wordIdList(
        [...set].map((word) => {
          const id = ids.get(word);
          if (id === undefined) throw new Error(`search_word: no id for '${word}'`);
          return id;
        }),
      ),
    );
  }
  const stored = present ? await runner.all(ITEM_WORDS, [contentId]) : [];
  const usedSlots = new Set<number>();
  for (const row of stored) {
    const id = row.int(searchWordList.id);
    const languageCode = row.str(searchWordList.languageCode);
    const list = wanted.get(languageCode);
    if (list === undefined) {
      await runner.write(DELETE_LIST, [id]);
      continue;
    }
    usedSlots.add(id % WORD_LIST_SLOTS);
    if (list !== row.str(searchWordList.wordIds)) await runner.write(UPDATE_LIST, [list, id]);
    wanted.delete(languageCode);
  }
  let slot = 0;
  for (const [languageCode, list] of wanted) {
    while (usedSlots.has(slot)) slot += 1;
    if (slot >= WORD_LIST_SLOTS) throw new Error(`search_word_list: more than ${WORD_LIST_SLOTS} languages for item ${contentId}`);
    usedSlots.add(slot);
    await runner.write(INSERT_LIST, [contentId * WORD_LIST_SLOTS + slot, contentId, languageCode, list]);
  }
}
