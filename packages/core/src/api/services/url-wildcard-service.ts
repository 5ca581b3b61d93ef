import type { URLWildcard, URLWildcardTranslationResult } from '../values/url-alias.js';

/**
 * URL wildcards (Ibexa `URLWildcardService`; REST `/content/urlwildcards`): `sourceUrl` patterns with `*` mapped to
 * `destinationUrl` with `{n}` placeholders. Creating and removing needs `content/urltranslator`.
 *
 * Errors: NotFoundError; UnauthorizedError; InvalidArgumentError (the source pattern exists, placeholders that do
 * not match the wildcards — REST 403 on create).
 */
export interface URLWildcardService {
  create(sourceUrl: string, destinationUrl: string, forward?: boolean): Promise<URLWildcard>;
  load(id: number): Promise<URLWildcard>;
  /** Wildcards by id, paged (`limit` < 0 for all). */
  loadAll(offset?: number, limit?: number): Promise<readonly URLWildcard[]>;
  remove(id: number): Promise<void>;
  /** The destination of the first wildcard (by id) matching `url`. @throws NotFoundError when none matches. */
  translate(url: string): Promise<URLWildcardTranslationResult>;
}
