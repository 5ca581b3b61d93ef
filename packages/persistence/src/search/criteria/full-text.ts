import { alwaysFalse, criterionHandler, whereSql } from '../criterion-handler.js';
import { filterLanguages, usesAlwaysAvailable } from '../field-language.js';
import { idList } from '../id-list.js';
import { sqlOf, valueList } from '../sql-fragment.js';

/**
 * FullText (search-auth-errors-data.md A.7, core's `evaluator/full-text.ts`): some word of the item's searchable
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
  if (languages.length === 0) return whereSql(sqlOf`c.id IN (SELECT wl.content_id FROM search_word_link wl WHERE wl.word_id IN (${words}))`);
  const inLanguages = sqlOf`c.id IN (SELECT wl.content_id FROM search_word_link wl WHERE wl.word_id IN (${words}) AND wl.language_code IN (${valueList(languages)}))`;
  if (!usesAlwaysAvailable(ctx.languageFilter)) return whereSql(inLanguages);
  return whereSql(
    sqlOf`(${inLanguages} OR (c.always_available AND c.id IN (SELECT wl.content_id FROM search_word_link wl JOIN content mc ON mc.id = wl.content_id WHERE wl.word_id IN (${words}) AND wl.language_code = mc.main_language_code)))`,
  );
});
