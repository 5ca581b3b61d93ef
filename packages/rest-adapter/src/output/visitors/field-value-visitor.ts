import type { Field, Hash } from '@contentrepo/core';
import { isObject } from '../hash-object.js';
import type { VisitContext } from './visit-context.js';

/**
 * The REST `fieldValue` of a field: the field type's hash, post-processed by the REST processor of its field type
 * when it has one (the router's processor of the canonical identifier; Ibexa's REST field type processors add image
 * variations, absolute file URLs, relation hrefs, rich text's `xhtml5edit`, an image asset's image variations). Only
 * map hashes are processed. A promise when the processor reads other content (render it with `fieldHashNode`).
 */
export function fieldValueHash(field: Field, contentId: number, versionNo: number, context: VisitContext): Hash | Promise<Hash> {
  const fieldType = context.fieldTypes.get(field.fieldTypeIdentifier);
  const hash = fieldType.toHash(field.value);
  const processor = context.fieldTypeProcessors.get(fieldType.identifier);
  if (processor === undefined || !isObject(hash)) return hash;
  return processor.outputHash(hash, { field, contentId, versionNo, visit: context });
}
