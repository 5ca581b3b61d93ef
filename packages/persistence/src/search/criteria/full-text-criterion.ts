import { alwaysFalse, criterionHandler, whereSql } from '../criterion-handler.js';
import { filterLanguages, usesAlwaysAvailable } from '../field-language.js';
import { itemsHoldingAny, wordListHoldsAny } from '../full-text-words.js';
import { TABLES } from '../../schema/index.js';
import { c } from '../search-aliases.js';
import { fragment, sqlOf, valueList } from '../sql-fragment.js';

/** The word lists (`wl`) and, for always-available items, the list's item (`mc`). */
const wl = TABLES.searchWordList.$as('wl');
const mc = TABLES.content.$as('mc');
/** `c.id IN (SELECT wl.content_id FROM search_word_list wl` … */
const ITEMS_OF_POSTINGS = fragment(`${c.id} IN (SELECT ${wl.contentId} FROM ${wl}`);
/** The posting's item, and the posting in its main language. */
const IN_MAIN_LANGUAGE = fragment(`JOIN ${mc} ON ${mc.id} = ${wl.contentId}`);
const MAIN_LANGUAGE = fragment(`${wl.languageCode} = ${mc.mainLanguageCode}`);

/**
 * FullText (as in Legacy; core's `evaluator/full-text.ts`): some word of the item's searchable
 * fields that is not a stop word matches an alternative of the query. Words come from the word index written at
 * publish time with core's `indexWords` (`search_word` dictionary, `search_word_list` word ids per item and
 * language, searched through the database's inverted index), so both sides tokenise identically; which dictionary words the query matches, stop words left out,
 * is decided before the statement is built (`resolveFullTextWords`), so the statement only reads the postings of
 * those word ids. Languages: all without a filter; else the filter's, plus the main language of always-available
 * items when the filter uses always-available.
 */
export const fullTextCriterion = criterionHandler('FullText', (criterion, ctx) => {
  const ids = ctx.fullTextWords(criterion.value);
  if (ids.length === 0) return alwaysFalse;
  const holds = wordListHoldsAny(ctx.dialect, wl, ids);
  const languages = filterLanguages(ctx.languageFilter);
  if (languages.length === 0) return whereSql(sqlOf`${fragment(c.id)} IN (${itemsHoldingAny(ctx.dialect, ids)})`);
  const inLanguages = sqlOf`${ITEMS_OF_POSTINGS} WHERE ${holds} AND ${fragment(wl.languageCode)} IN (${valueList(languages)}))`;
  if (!usesAlwaysAvailable(ctx.languageFilter)) return whereSql(inLanguages);
  return whereSql(
    sqlOf`(${inLanguages} OR (${fragment(c.alwaysAvailable)} AND ${ITEMS_OF_POSTINGS} ${IN_MAIN_LANGUAGE} WHERE ${holds} AND ${MAIN_LANGUAGE})))`,
  );
});
