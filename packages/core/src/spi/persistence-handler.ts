import type { ContentHandler } from './content-handler.js';
import type { ContentTypeHandler } from './content-type-handler.js';
import type { LanguageHandler } from './language-handler.js';
import type { LocationHandler } from './location-handler.js';
import type { ObjectStateHandler } from './object-state-handler.js';
import type { RoleHandler } from './role-handler.js';
import type { SearchHandler } from './search-handler.js';
import type { SectionHandler } from './section-handler.js';
import type { UserHandler } from './user-handler.js';
import type { EventOutbox } from './domain-events.js';
import type { BookmarkHandler } from './bookmark-handler.js';
import type { TrashHandler } from './trash-handler.js';
import type { UrlAliasHandler } from './url-alias-handler.js';
import type { UrlWildcardHandler } from './url-wildcard-handler.js';

/**
 * The aggregates a write can lock. A lock on one covers every row of that aggregate: `content` the item with all
 * its versions, fields, names, relations and metadata (users are content); `location` one tree node;
 * `contentType` a content type in every status (defined and draft); `role` a role with its draft, policies and
 * assignments; `bookmarks` the bookmark list of one user; `urlAliases` the aliases of one location.
 */
export type LockKind =
  | 'content'
  | 'location'
  | 'contentType'
  | 'contentTypeGroup'
  | 'section'
  | 'language'
  | 'role'
  | 'objectStateGroup'
  | 'urlAliases'
  | 'urlWildcard'
  | 'bookmarks';

/** One aggregate to lock: its kind and id (for `bookmarks` the user's content id, for `urlAliases` the location id). */
export interface LockTarget {
  readonly kind: LockKind;
  readonly id: number;
}

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
  /**
   * The outbox of domain events: what a service records through it inside `transaction` is committed or rolled
   * back with the transaction's writes (see `EventOutbox`).
   */
  readonly events: EventOutbox;
  transaction<T>(work: (tx: PersistenceHandler) => Promise<T>): Promise<T>;
  /**
   * Locks aggregates for a write, for the rest of the current transaction, and counts the write: resolves once
   * this transaction holds every lock (waiting for other transactions holding one of them); the locks are
   * released when it commits or rolls back. A read-modify-write takes the locks of what it modifies before it
   * reads, so that two concurrent writers of one aggregate run one after the other and neither overwrites what
   * the other wrote. Each target's revision is incremented (undone if the transaction rolls back): the entity tag
   * of the aggregate's resources. The locks of one call are taken in a fixed order (by kind, then id), so writers
   * that lock several aggregates in one call cannot deadlock. Locks are the database's own (row locks on
   * PostgreSQL, held across every node sharing the database; on SQLite the write transaction already excludes
   * every other).
   * @returns each target's revision before this write (0 for an aggregate never written), in `targets` order.
   * @throws Error when called outside a transaction (a programming error).
   */
  lock(targets: readonly LockTarget[]): Promise<readonly number[]>;
  /**
   * Holds aggregates a write depends on without changing them (the content type whose field definitions validate
   * a content write, the item a copy reads), for the rest of the current transaction: resolves once no other
   * transaction holds one of them locked by {@link lock}, and makes such a transaction wait until this one ends;
   * other shared holders do not wait for each other. Revisions are not incremented. Take shared locks before the
   * locks of kinds that come later in the lock order (by kind, then id; `contentType` before `content`): a
   * writer of the aggregate and this transaction then cannot wait for each other. PostgreSQL: `FOR SHARE` on
   * the aggregate's `aggregate_revision` row (created at revision 0 when missing); SQLite: a plain read, as its
   * write transaction excludes every other.
   * @returns each target's current revision (0 for an aggregate never written), in `targets` order: what a
   *   value of it cached at that revision can be compared with.
   * @throws Error when called outside a transaction (a programming error).
   */
  lockShared(targets: readonly LockTarget[]): Promise<readonly number[]>;
  /** The current revision of each target (0 for an aggregate never written), in `targets` order. */
  revisions(targets: readonly LockTarget[]): Promise<readonly number[]>;
}
