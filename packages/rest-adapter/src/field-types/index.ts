import { binaryFileProcessor } from './ezbinaryfile-processor.js';
import { imageProcessor } from './ezimage-processor.js';
import { imageAssetProcessor } from './ezimageasset-processor.js';
import { relationProcessor } from './ezobjectrelation-processor.js';
import { relationListProcessor } from './ezobjectrelationlist-processor.js';
import { richTextProcessor } from './ezrichtext-processor.js';
import type { FieldTypeRegistry } from '@contentrepo/core';
import type { FieldTypeProcessor, FieldTypeProcessorRegistry } from './field-type-processor.js';

/**
 * The REST field type processors: one per built-in field type whose REST form adds to its hash (one file per type,
 * named by its identifier). `index.test.ts` checks that every type core registers has a processor here or is
 * listed in {@link HASH_FORM_FIELD_TYPES}.
 */
export const builtInFieldTypeProcessors: readonly FieldTypeProcessor[] = [
  richTextProcessor,
  imageProcessor,
  binaryFileProcessor,
  relationProcessor,
  relationListProcessor,
  imageAssetProcessor,
];

/**
 * Built-in field types whose REST form is their hash as it is (Ibexa has no REST processor that changes their
 * values): text, numbers, dates and times, selections, keywords, countries, authors, URLs, map locations, ISBNs,
 * e-mail addresses, user accounts, matrices and media files (Ibexa's `MediaProcessor` only maps the `mediaType` setting, which
 * core keeps in its REST form).
 */
export const HASH_FORM_FIELD_TYPES: readonly string[] = [
  'ezstring',
  'eztext',
  'ezinteger',
  'ezfloat',
  'ezboolean',
  'ezdate',
  'ezdatetime',
  'eztime',
  'ezemail',
  'ezurl',
  'ezkeyword',
  'ezselection',
  'ezcountry',
  'ezauthor',
  'ezisbn',
  'ezgmaplocation',
  'ezuser',
  'ezmedia',
  'ezmatrix',
];

/**
 * The processors of a router: the built-in ones plus `own`, the processors of a user's own field types
 * (`createRestRouter({ fieldTypeProcessors })`), keyed by the canonical identifier of their type in `fieldTypes`.
 * The REST form of a built-in field type is Ibexa's wire form and cannot be replaced (ADR 0007).
 * @throws Error when a processor of `own` names no field type of `fieldTypes`, a built-in field type (one with a
 *   built-in processor or in {@link HASH_FORM_FIELD_TYPES}, aliases included), or a type another processor of
 *   `own` already has.
 */
export function createFieldTypeProcessorRegistry(own: readonly FieldTypeProcessor[], fieldTypes: FieldTypeRegistry): FieldTypeProcessorRegistry {
  const byIdentifier = new Map(builtInFieldTypeProcessors.map((processor) => [processor.fieldTypeIdentifier, processor]));
  const builtIn = new Set([...byIdentifier.keys(), ...HASH_FORM_FIELD_TYPES]);
  for (const processor of own) {
    const given = processor.fieldTypeIdentifier;
    const identifier = fieldTypes.canonicalIdentifier(given);
    if (identifier === undefined) {
      throw new Error(`A REST processor names field type '${given}', which the repository's field type registry does not have`);
    }
    if (builtIn.has(identifier)) {
      throw new Error(`The REST form of built-in field type '${identifier}' is Ibexa's and cannot be replaced by a processor of '${given}'`);
    }
    if (byIdentifier.has(identifier)) throw new Error(`A REST processor of field type '${identifier}' is registered twice`);
    byIdentifier.set(identifier, processor);
  }
  return { get: (fieldTypeIdentifier) => byIdentifier.get(fieldTypeIdentifier) };
}

export type { FieldOutputContext, FieldTypeProcessor, FieldTypeProcessorRegistry } from './field-type-processor.js';
