import { contentTypeStatusCode } from '../../db/codes.js';
import { binaryOrder } from '../../db/collation.js';
import { fieldLanguage } from '../field-language.js';
import { sortClauseHandler } from '../sort-clause-handler.js';
import { TABLES } from '../../schema/index.js';
import { c } from '../search-aliases.js';
import { fragment, sqlOf } from '../sql-fragment.js';

/** The published content types of the clause (`fst`). */
const fst = TABLES.contentType.$as('fst');
const DEFINED = contentTypeStatusCode('DEFINED');

/**
 * Field (as in Legacy, docs/adr/0004): the (sort_key_int, sort_key_string) of the field
 * `fieldDefinitionIdentifier` when the hit's content type is `contentTypeIdentifier`, in the translation selected
 * as for the Field criterion — a LEFT JOIN on `search_field` (primary key prefix `content_id`), so that hits of
 * other types, or without the field in that language, have NULL keys (first ascending, last descending).
 */
export const fieldSort = sortClauseHandler('Field', (clause, ctx) => {
  const alias = ctx.leftJoin((name) => {
    const joined = TABLES.searchField.$as(name);
    const language = fieldLanguage(ctx.dialect, ctx.languageFilter, c);
    const ofType = `${c.contentTypeId} IN (SELECT ${fst.id} FROM ${fst} WHERE ${fst.identifier} = ? AND ${fst.status} = ?)`;
    const on = fragment(`${joined} ON ${joined.contentId} = ${c.id} AND ${joined.fieldDefIdentifier} = ?`, clause.fieldDefinitionIdentifier);
    return sqlOf`${on} AND ${fragment(joined.languageCode)} = ${language} AND ${fragment(ofType, clause.contentTypeIdentifier, DEFINED)}`;
  });
  const sf = TABLES.searchField.$as(alias);
  return [sf.sortKeyInt, binaryOrder(ctx.dialect, sf.sortKeyString)];
});
