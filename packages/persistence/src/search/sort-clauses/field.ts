import { contentTypeStatusCode } from '../../db/codes.js';
import { binaryOrder } from '../../db/collation.js';
import { fieldLanguage } from '../field-language.js';
import { sortClauseHandler } from '../sort-clause-handler.js';
import { fragment, sqlOf } from '../sql-fragment.js';

/**
 * Field (search-auth-errors-data.md A.6, docs/adr/0004): the (sort_key_int, sort_key_string) of the field
 * `fieldDefinitionIdentifier` when the hit's content type is `contentTypeIdentifier`, in the translation selected
 * as for the Field criterion — a LEFT JOIN on `search_field` (primary key prefix `content_id`), so that hits of
 * other types, or without the field in that language, have NULL keys (first ascending, last descending).
 */
export const fieldSort = sortClauseHandler('Field', (clause, ctx) => {
  const alias = ctx.leftJoin((a) => {
    const language = fieldLanguage(ctx.dialect, ctx.languageFilter, 'c');
    return sqlOf`search_field ${fragment(a)} ON ${fragment(`${a}.content_id = c.id AND ${a}.field_def_identifier = ?`, clause.fieldDefinitionIdentifier)} AND ${fragment(`${a}.language_code`)} = ${language} AND c.content_type_id IN (SELECT fst.id FROM content_type fst WHERE fst.identifier = ${fragment('?', clause.contentTypeIdentifier)} AND fst.status = ${fragment('?', contentTypeStatusCode('DEFINED'))})`;
  });
  return [`${alias}.sort_key_int`, binaryOrder(ctx.dialect, `${alias}.sort_key_string`)];
});
