import type { CriterionOf, ImageOrientation, NumericRange } from '../criterion.js';
import { type EvaluationContext, fieldLanguage } from './evaluation-context.js';
import { isEmptyEntry, matchFieldEntry } from './indexed-field-values.js';
import type { ImageFacts, IndexedItem } from './indexed-item.js';

/**
 * Handlers of the criteria on field data (the Legacy Field criterion semantics and the 5.x image criteria). Each reads
 * the translation chosen by {@link fieldLanguage}: the main language without a language filter.
 */

const entriesOf = (item: IndexedItem, identifier: string, context: EvaluationContext) => {
  const language = fieldLanguage(item, context.languageFilter);
  return language === null ? [] : item.fields.filter((entry) => entry.fieldDefIdentifier === identifier && entry.languageCode === language);
};

/** Field: some index entry of the target (any content type) matches the operator (see `indexed-field-values.ts`). */
export function matchField(criterion: CriterionOf<'Field'>, item: IndexedItem, context: EvaluationContext): boolean {
  return entriesOf(item, criterion.target, context).some((entry) => matchFieldEntry(entry, criterion.operator, criterion.values));
}

/**
 * IsFieldEmpty: the item's content type has the (searchable) field and its entry is empty (`value` true) or
 * not (`value` false); items without the field match neither.
 */
export function matchIsFieldEmpty(criterion: CriterionOf<'IsFieldEmpty'>, item: IndexedItem, context: EvaluationContext): boolean {
  return entriesOf(item, criterion.target, context).some((entry) => isEmptyEntry(entry) === criterion.value);
}

const imagesOf = (item: IndexedItem, identifier: string, context: EvaluationContext): readonly ImageFacts[] => {
  const language = fieldLanguage(item, context.languageFilter);
  return language === null ? [] : item.images.filter((image) => image.fieldDefIdentifier === identifier && image.languageCode === language);
};

const MEGABYTE = 1024 * 1024;

const inRange = (value: number | null, range: NumericRange | null): boolean =>
  range === null || (value !== null && value >= range.min && (range.max === null || value <= range.max));

/** ImageMimeType: the image's MIME type is one of the values (exact). */
export function matchImageMimeType(criterion: CriterionOf<'ImageMimeType'>, item: IndexedItem, context: EvaluationContext): boolean {
  return imagesOf(item, criterion.fieldDefIdentifier, context).some((image) => image.mimeType !== null && criterion.values.includes(image.mimeType));
}

/** ImageFileSize: `min × 2^20 ≤ fileSize ≤ max × 2^20` bytes (no upper bound when `max` is null). */
export function matchImageFileSize(criterion: CriterionOf<'ImageFileSize'>, item: IndexedItem, context: EvaluationContext): boolean {
  const range = { min: criterion.min * MEGABYTE, max: criterion.max === null ? null : criterion.max * MEGABYTE };
  return imagesOf(item, criterion.fieldDefIdentifier, context).some((image) => image.fileSize !== null && inRange(image.fileSize, range));
}

/** ImageDimensions: width and height within their (inclusive) ranges; a null range does not constrain. */
export function matchImageDimensions(criterion: CriterionOf<'ImageDimensions'>, item: IndexedItem, context: EvaluationContext): boolean {
  return imagesOf(item, criterion.fieldDefIdentifier, context).some(
    (image) => inRange(image.width, criterion.width) && inRange(image.height, criterion.height),
  );
}

const orientationOf = (image: ImageFacts): ImageOrientation | null => {
  if (image.width === null || image.height === null) return null;
  if (image.width > image.height) return 'landscape';
  return image.width < image.height ? 'portrait' : 'square';
};

/** ImageOrientation: the orientation computed from width and height is one of the values. */
export function matchImageOrientation(criterion: CriterionOf<'ImageOrientation'>, item: IndexedItem, context: EvaluationContext): boolean {
  return imagesOf(item, criterion.fieldDefIdentifier, context).some((image) => {
    const orientation = orientationOf(image);
    return orientation !== null && criterion.values.includes(orientation);
  });
}
