import { binaryOrder } from '../../db/collation.js';
import { sct, sortClauseHandler } from '../sort-clause-handler.js';

/** ContentTypeIdentifier: the published content type's identifier (code-point order). */
export const contentTypeIdentifierSort = sortClauseHandler('ContentTypeIdentifier', (_clause, ctx) => {
  ctx.join('contentType');
  return [binaryOrder(ctx.dialect, sct.identifier)];
});

/**
 * ContentTypeName: the type's name in its main language, else its identifier (core's evaluator), read from the
 * JSON `names` column per dialect.
 */
export const contentTypeNameSort = sortClauseHandler('ContentTypeName', (_clause, ctx) => {
  ctx.join('contentType');
  const name =
    ctx.dialect === 'postgresql'
      ? `${sct.names} ->> ${sct.mainLanguageCode}`
      : `json_extract(${sct.names}, '$."' || ${sct.mainLanguageCode} || '"')`;
  return [binaryOrder(ctx.dialect, `COALESCE(${name}, ${sct.identifier})`)];
});
