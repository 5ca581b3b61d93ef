import type { FieldTypeRegistry } from '@contentrepo/core';
import type { Hrefs } from '../hrefs.js';

/** What visitors need besides the values they render. */
export interface VisitContext {
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
