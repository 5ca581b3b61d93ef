import { compareStrings } from '@contentrepo/core';
import { chunks } from '../../db/batches.js';
import type { SqlValue } from '../../db/sql-session.js';
import { placeholders, StatementsBySize } from '../../db/statement.js';
import { reversedWord } from '../../search/full-text-words.js';
import type { StatementRunner } from '../../search/word-index.js';

/*
 * The word index as migration 0003 wrote it (one `search_word_link` row per word, item and language), frozen here
 * so that upgrading an old database writes what 0013 then converts, whatever the current word index looks like.
 */
const INSERT_WORDS = new StatementsBySize(
  (size) => `INSERT INTO search_word (word, reversed) VALUES ${Array.from({ length: size }, () => '(?, ?)').join(', ')} ON CONFLICT (word) DO NOTHING`,
);
const WORD_IDS = new StatementsBySize((size) => `SELECT id, word FROM search_word WHERE word IN (${placeholders(size)})`);
const INSERT_LINKS = new StatementsBySize(
  (size) => `INSERT INTO search_word_link (word_id, content_id, language_code) VALUES ${Array.from({ length: size }, () => '(?, ?, ?)').join(', ')}`,
);

/**
 * Writes the postings of one item in the layout of migration 0003 (`search_word_link`), adding unknown words to the
 * dictionary `search_word`.
 */
export async function insertWordLinks(runner: StatementRunner, contentId: number, words: ReadonlyMap<string, ReadonlySet<string>>): Promise<void> {
  const distinct = [...new Set([...words.values()].flatMap((set) => [...set]))].sort(compareStrings);
  if (distinct.length === 0) return;
  const ids = new Map<string, number>();
  for (const batch of chunks(distinct)) {
    await runner.write(INSERT_WORDS.of(batch.length), batch.flatMap((word) => [word, reversedWord(word)]));
    for (const row of await runner.all(WORD_IDS.of(batch.length), batch)) ids.set(row.str('word'), row.int('id'));
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
