import { binaryFileProcessor } from './ezbinaryfile-processor.js';
import { imageProcessor } from './ezimage-processor.js';
import { relationProcessor } from './ezobjectrelation-processor.js';
import { relationListProcessor } from './ezobjectrelationlist-processor.js';
import { richTextProcessor } from './ezrichtext-processor.js';
import type { FieldTypeProcessor } from './field-type-processor.js';

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
];

/**
 * Built-in field types whose REST form is their hash as it is (Ibexa has no REST processor that changes their
 * values): text, numbers, dates and times, selections, keywords, countries, authors, URLs, map locations, ISBNs,
 * e-mail addresses and user accounts.
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
];

const byIdentifier = new Map(builtInFieldTypeProcessors.map((processor) => [processor.fieldTypeIdentifier, processor]));

/** The processor of a canonical field type identifier, or undefined: the type's REST form is its hash. */
export const fieldTypeProcessor = (fieldTypeIdentifier: string): FieldTypeProcessor | undefined => byIdentifier.get(fieldTypeIdentifier);

export type { FieldOutputContext, FieldTypeProcessor } from './field-type-processor.js';
