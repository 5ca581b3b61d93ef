import type { Field, Hash } from '@contentrepo/core';
import type { HashObject } from '../output/hash-object.js';
import type { OutputRequest } from '../output/visitors/output-request.js';

/**
 * The REST field type processor contract (Ibexa REST's `FieldTypeProcessor`): what the REST API adds to a field
 * type's hash on output, for the field types whose REST form differs from their hash (absolute URLs, hrefs, image
 * variations, rich text's edit form). Processors are plain objects: the built-in ones one file per field type named
 * by its identifier, listed in `field-types/index.ts`; those of a user's own field types passed to
 * `createRestRouter({ fieldTypeProcessors })`. A field type without one is output as its hash. REST input needs
 * no processor: core's `fromHash` takes the REST input forms (base64 `data`, `inputUri`) itself.
 */

/** Where a field is output. */
export interface FieldOutputContext {
  readonly field: Field;
  /** Content id and version number of the version the field belongs to (image ids, hrefs). */
  readonly contentId: number;
  readonly versionNo: number;
  /** Hrefs, the field type registry, image variation names and the request origin. */
  readonly visit: OutputRequest;
}

/** The REST output form of one field type. */
export interface FieldTypeProcessor {
  /**
   * Canonical (Ibexa 4.x) identifier of the field type, e.g. `ezimage`; processors are looked up by it (a processor
   * given under an alias, e.g. `ibexa_image`, counts as one of the canonical type).
   */
  readonly fieldTypeIdentifier: string;
  /**
   * The REST `fieldValue` of a field from its hash (`fieldType.toHash`). Called for map hashes only: a null hash
   * (an empty image or file), a scalar or a list is output as it is. A processor that reads other content (the
   * image asset's destination) returns a promise; the router awaits it before rendering.
   */
  outputHash(hash: HashObject, context: FieldOutputContext): Hash | Promise<Hash>;
}

/** The processors of a router, by canonical field type identifier. */
export interface FieldTypeProcessorRegistry {
  /** The processor of a canonical field type identifier, or undefined: the type's REST form is its hash. */
  get(fieldTypeIdentifier: string): FieldTypeProcessor | undefined;
}
