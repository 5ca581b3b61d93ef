import type { ContentHandler } from './content-handler.js';
import type { ContentTypeHandler } from './content-type-handler.js';
import type { LanguageHandler } from './language-handler.js';
import type { LocationHandler } from './location-handler.js';
import type { ObjectStateHandler } from './object-state-handler.js';
import type { RoleHandler } from './role-handler.js';
import type { SearchHandler } from './search-handler.js';
import type { SectionHandler } from './section-handler.js';
import type { UserHandler } from './user-handler.js';
import type { BookmarkHandler } from './bookmark-handler.js';
import type { TrashHandler } from './trash-handler.js';
import type { UrlAliasHandler } from './url-alias-handler.js';
import type { UrlWildcardHandler } from './url-wildcard-handler.js';

/**
 * The persistence SPI: one handler per aggregate (Ibexa `Persistence\Handler`) plus transactions.
 *
 * `transaction` runs `work` with handlers bound to one database transaction, committed when `work` resolves and
 * rolled back when it rejects (the rejection is rethrown). Calling `transaction` on the handlers passed to `work`
 * joins the same transaction.
 */
export interface PersistenceHandler {
  readonly contentHandler: ContentHandler;
  readonly locationHandler: LocationHandler;
  readonly contentTypeHandler: ContentTypeHandler;
  readonly sectionHandler: SectionHandler;
  readonly languageHandler: LanguageHandler;
  readonly userHandler: UserHandler;
  readonly roleHandler: RoleHandler;
  readonly objectStateHandler: ObjectStateHandler;
  readonly searchHandler: SearchHandler;
  readonly trashHandler: TrashHandler;
  readonly urlAliasHandler: UrlAliasHandler;
  readonly urlWildcardHandler: UrlWildcardHandler;
  readonly bookmarkHandler: BookmarkHandler;
  transaction<T>(work: (tx: PersistenceHandler) => Promise<T>): Promise<T>;
}
