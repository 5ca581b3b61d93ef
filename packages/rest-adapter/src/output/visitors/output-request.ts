import type { Content, FieldTypeRegistry } from '@contentrepo/core';
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
   * Scheme and host the client addressed (`http://localhost:8080`; a trusted proxy's X-Forwarded-Proto and
   * X-Forwarded-Host win), for absolute binary file and image variation URLs (Ibexa prefixes them with the
   * request's scheme and host). Stored URIs stay server-relative; only the response adds this.
   */
  readonly origin: string;
  /**
   * Loads a content item as the requesting user may (`ContentService.loadContent`), for processors whose output
   * shows other content (an image asset's destination image). Absent where output reads no other content.
   */
  readonly loadContent?: (contentId: number) => Promise<Content>;
}
