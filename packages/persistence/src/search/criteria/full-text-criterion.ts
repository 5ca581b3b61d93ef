import { alwaysFalse, criterionHandler, whereSql } from '../criterion-handler.js';
import { filterLanguages, usesAlwaysAvailable } from '../field-language.js';
import { idList } from '../id-list.js';
import { TABLES } from '../../schema/index.js';
import { c } from '../search-aliases.js';
import { fragment, sqlOf, valueList } from '../sql-fragment.js';

/** The postings (`wl`) and, for always-available items, the posting's item (`mc`). */
const wl = TABLES.searchWordLink.$as('wl');
const mc = TABLES.content.$as('mc');
/** `c.id IN (SELECT wl.content_id FROM search_word_link wl` … */
const ITEMS_OF_POSTINGS = fragment(`${c.id} IN (SELECT ${wl.contentId} FROM ${wl}`);
/** The posting's item, and the posting in its main language. */
const IN_MAIN_LANGUAGE = fragment(`JOIN ${mc} ON ${mc.id} = ${wl.contentId}`);
const MAIN_LANGUAGE = fragment(`${wl.languageCode} = ${mc.mainLanguageCode}`);

/**
 * FullText (as in Legacy; core's `evaluator/full-text.ts`): some word of the item's searchable
 * fields that is not a stop word matches an alternative of the query. Words come from the word index written at
 * publish time with core's `indexWords` (`search_word` dictionary, `search_word_link` postings per item and
 * language), so both sides tokenise identically; which dictionary words the query matches, stop words left out,
 * is decided before the statement is built (`resolveFullTextWords`), so the statement only reads the postings of
 * those word ids. Languages: all without a filter; else the filter's, plus the main language of always-available
 * items when the filter uses always-available.
 */
export const fullTextCriterion = criterionHandler('FullText', (criterion, ctx) => {
  const ids = ctx.fullTextWords(criterion.value);
  if (ids.length === 0) return alwaysFalse;
  const words = idList(ctx.dialect, ids);
  const languages = filterLanguages(ctx.languageFilter);
  const word = fragment(wl.wordId);
  if (languages.length === 0) return whereSql(sqlOf`${ITEMS_OF_POSTINGS} WHERE ${word} IN (${words}))`);
  const inLanguages = sqlOf`${ITEMS_OF_POSTINGS} WHERE ${word} IN (${words}) AND ${fragment(wl.languageCode)} IN (${valueList(languages)}))`;
  if (!usesAlwaysAvailable(ctx.languageFilter)) return whereSql(inLanguages);
  return whereSql(
    sqlOf`(${inLanguages} OR (${fragment(c.alwaysAvailable)} AND ${ITEMS_OF_POSTINGS} ${IN_MAIN_LANGUAGE} WHERE ${word} IN (${words}) AND ${MAIN_LANGUAGE})))`,
  );
});
