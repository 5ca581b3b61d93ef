import type { NumericRange } from '@contentrepo/core';
import type { Dialect } from '../../db/dialect.js';
import { alwaysFalse, criterionHandler, type CriterionContext, type WhereBuilder, whereSql } from '../criterion-handler.js';
import { fieldLanguage } from '../field-language.js';
import { TABLES } from '../../schema/index.js';
import { c } from '../search-aliases.js';
import { fragment, joinFragments, type SqlFragment, sqlOf, valueList } from '../sql-fragment.js';

/** The image field (`cf`) of the current version of an item (`ic`). */
const cf = TABLES.contentField.$as('cf');
const ic = TABLES.content.$as('ic');
/** An image field's language (compared with the field language). */
const IMAGE_LANGUAGE = fragment(`${cf.fieldTypeIdentifier} = 'ezimage' AND ${cf.languageCode}`);

/** Image properties the criteria read from the stored `ezimage` data (core's `imageFactsOf`). */
type NumberProperty = 'fileSize' | 'width' | 'height';

/** The stored data is a JSON object (core's `isRecord`). */
const isObject = (dialect: Dialect): string =>
  dialect === 'postgresql' ? `jsonb_typeof(${cf.data}) = 'object'` : `json_type(${cf.data}) = 'object'`;

/** A numeric property of the stored data, or NULL when it is missing or not a JSON number. */
function numberOf(dialect: Dialect, property: NumberProperty): string {
  return dialect === 'postgresql'
    ? `(CASE WHEN jsonb_typeof(${cf.data} -> '${property}') = 'number' THEN (${cf.data} ->> '${property}')::float8 END)`
    : `(CASE WHEN json_type(${cf.data}, '$.${property}') IN ('integer', 'real') THEN json_extract(${cf.data}, '$.${property}') END)`;
}

/** The MIME type of the stored data, or NULL when it is missing or not a JSON string. */
function mimeTypeOf(dialect: Dialect): string {
  return dialect === 'postgresql'
    ? `(CASE WHEN jsonb_typeof(${cf.data} -> 'mimeType') = 'string' THEN ${cf.data} ->> 'mimeType' END)`
    : `(CASE WHEN json_type(${cf.data}, '$.mimeType') = 'text' THEN json_extract(${cf.data}, '$.mimeType') END)`;
}

/** `min ≤ value ≤ max` (no upper bound when `max` is null); a missing value never matches. */
function inRange(value: string, range: NumericRange): SqlFragment {
  return range.max === null ? fragment(`${value} >= ?`, range.min) : fragment(`${value} >= ? AND ${value} <= ?`, range.min, range.max);
}

/**
 * Items whose `ezimage` field `identifier` of the current version, in the language selected as for Field
 * (docs/adr/0004), holds stored image data satisfying `condition` (on `cf.data`). The stored data is read live
 * from `content_field`, as core's evaluator reads it.
 */
function imageMatch(ctx: CriterionContext, identifier: string, condition: SqlFragment): WhereBuilder {
  const language = fieldLanguage(ctx.dialect, ctx.languageFilter, ic);
  const fields =
    `${c.id} IN (SELECT ${cf.contentId} FROM ${cf} JOIN ${ic} ON ${ic.id} = ${cf.contentId} AND ${cf.versionNo} = ${ic.currentVersionNo} ` +
    `WHERE ${cf.fieldDefIdentifier} = ?`;
  return whereSql(
    sqlOf`${fragment(fields, identifier)} AND ${IMAGE_LANGUAGE} = ${language} AND ${fragment(isObject(ctx.dialect))} AND (${condition}))`,
  );
}

/** ImageMimeType: the image's MIME type is one of the values (exact). */
export const imageMimeTypeCriterion = criterionHandler('ImageMimeType', (criterion, ctx) => {
  if (criterion.values.length === 0) return alwaysFalse;
  return imageMatch(ctx, criterion.fieldDefIdentifier, sqlOf`${fragment(mimeTypeOf(ctx.dialect))} IN (${valueList(criterion.values)})`);
});

const MEGABYTE = 1024 * 1024;

/** ImageFileSize: `min × 2^20 ≤ fileSize ≤ max × 2^20` bytes (no upper bound when `max` is null). */
export const imageFileSizeCriterion = criterionHandler('ImageFileSize', (criterion, ctx) =>
  imageMatch(
    ctx,
    criterion.fieldDefIdentifier,
    inRange(numberOf(ctx.dialect, 'fileSize'), { min: criterion.min * MEGABYTE, max: criterion.max === null ? null : criterion.max * MEGABYTE }),
  ),
);

/** ImageDimensions: width and height within their inclusive ranges; a null range does not constrain. */
export const imageDimensionsCriterion = criterionHandler('ImageDimensions', (criterion, ctx) => {
  const parts = [
    ...(criterion.width ? [inRange(numberOf(ctx.dialect, 'width'), criterion.width)] : []),
    ...(criterion.height ? [inRange(numberOf(ctx.dialect, 'height'), criterion.height)] : []),
  ];
  return imageMatch(ctx, criterion.fieldDefIdentifier, joinFragments(parts, ' AND ') ?? fragment('1 = 1'));
});

/** ImageOrientation: landscape (width > height), portrait (width < height) or square, from the stored sizes. */
export const imageOrientationCriterion = criterionHandler('ImageOrientation', (criterion, ctx) => {
  const width = numberOf(ctx.dialect, 'width');
  const height = numberOf(ctx.dialect, 'height');
  const comparisons = { landscape: '>', portrait: '<', square: '=' } as const;
  const any = joinFragments(
    [...new Set(criterion.values)].map((orientation) => fragment(`${width} ${comparisons[orientation]} ${height}`)),
    ' OR ',
  );
  return any ? imageMatch(ctx, criterion.fieldDefIdentifier, any) : alwaysFalse;
});
