import type { FieldTypeRegistry } from '@contentrepo/core';
import type { Hrefs } from '../hrefs.js';

/**
 * The request being answered, as output sees it: what visitors and field type processors build hrefs, image
 * variations and absolute URLs from.
 */
export interface OutputRequest {
  readonly hrefs: Hrefs;
  readonly fieldTypes: FieldTypeRegistry;
  /** Image alias names listed under each image's `variations` (sorted). */
  readonly imageVariations: readonly string[];
  /**
   * Scheme and host of the request (`http://localhost:8080`), for absolute binary file URLs (Ibexa prefixes binary
   * file `uri`s with them).
   */
  readonly origin: string;
}
