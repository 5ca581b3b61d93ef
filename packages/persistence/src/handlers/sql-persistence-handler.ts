import type {
  BookmarkHandler,
  ContentHandler,
  EventOutbox,
  ContentTypeHandler,
  FieldTypeRegistry,
  LanguageHandler,
  LockTarget,
  LocationHandler,
  ObjectStateHandler,
  PersistenceHandler,
  RoleHandler,
  SearchHandler,
  SectionHandler,
  TrashHandler,
  UrlAliasHandler,
  UrlWildcardHandler,
  UserHandler,
} from '@contentrepo/core';
import { aggregateRevisions, lockAggregates, lockAggregatesShared, lockOrder } from '../db/aggregate-locks.js';
import type { ChangePublisher } from '../db/local-change-feed.js';
import type { SqlContext } from '../db/sql-context.js';
import { SqlSearchHandler } from '../search/sql-search-handler.js';
import { type EventsCommitted, SqlEventOutbox } from '../events/sql-event-outbox.js';
import { SqlContentHandler } from './content/sql-content-handler.js';
import { SqlLocationHandler } from './location/sql-location-handler.js';
import { SqlContentTypeHandler } from './sql-content-type-handler.js';
import { SqlLanguageHandler } from './sql-language-handler.js';
import { SqlObjectStateHandler } from './sql-object-state-handler.js';
import { SqlRoleHandler } from './sql-role-handler.js';
import { SqlSectionHandler } from './sql-section-handler.js';
import { SqlUserHandler } from './sql-user-handler.js';
import { SqlTrashHandler } from './trash/sql-trash-handler.js';
import { SqlBookmarkHandler } from './url/sql-bookmark-handler.js';
import { SqlUrlAliasHandler } from './url/sql-url-alias-handler.js';
import { SqlUrlWildcardHandler } from './url/sql-url-wildcard-handler.js';

/**
 * The persistence SPI on SQL (SQLite or PostgreSQL through MikroORM): one handler per aggregate, all bound to the
 * same {@link SqlContext}. `transaction(work)` hands `work` a PersistenceHandler bound to one database
 * transaction (committed when `work` resolves, rolled back and rethrown when it rejects); calling `transaction`
 * on that handler — or on this one from within `work` — joins it. `fieldTypes` are the repository's field types
 * (the search handler's families of Field targets a query does not list). With `changes`, every `lock` also
 * announces the locked aggregates through it, delivered when the transaction commits (see `ChangeFeed`). `events` is the
 * outbox (`SqlEventOutbox`): what a transaction records is inserted before its `COMMIT`, and `eventsCommitted` runs
 * after it.
 *
 * A handler bound to a transaction remembers the revisions it has locked or read with `lockShared`: a shared
 * lock holds its aggregate unchanged to the end of the transaction, and only this transaction's own `lock`
 * changes one it holds (the memory follows it), so a second `lockShared` of the same aggregate answers without a
 * statement (a content write holds its type shared, then reads the type's revision again to validate against it).
 */
export class SqlPersistenceHandler implements PersistenceHandler {
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
  readonly events: EventOutbox;

  constructor(
    private readonly ctx: SqlContext,
    private readonly fieldTypes: FieldTypeRegistry,
    private readonly changes?: ChangePublisher,
    /** Runs after the `COMMIT` of each transaction that recorded domain events (see `SqlEventOutbox`). */
    private readonly eventsCommitted: EventsCommitted = () => undefined,
    /** Revisions held in this handler's transaction, by `kind:id`; null for a handler not bound to one. */
    private readonly held: Map<string, number> | null = null,
  ) {
    this.contentHandler = new SqlContentHandler(ctx);
    this.locationHandler = new SqlLocationHandler(ctx);
    this.contentTypeHandler = new SqlContentTypeHandler(ctx);
    this.sectionHandler = new SqlSectionHandler(ctx);
    this.languageHandler = new SqlLanguageHandler(ctx);
    this.userHandler = new SqlUserHandler(ctx);
    this.roleHandler = new SqlRoleHandler(ctx);
    this.objectStateHandler = new SqlObjectStateHandler(ctx);
    this.searchHandler = new SqlSearchHandler(ctx, fieldTypes);
    this.trashHandler = new SqlTrashHandler(ctx);
    this.urlAliasHandler = new SqlUrlAliasHandler(ctx);
    this.urlWildcardHandler = new SqlUrlWildcardHandler(ctx);
    this.bookmarkHandler = new SqlBookmarkHandler(ctx);
    this.events = new SqlEventOutbox(ctx, eventsCommitted);
  }

  transaction<T>(work: (tx: PersistenceHandler) => Promise<T>): Promise<T> {
    return this.ctx.transaction((tx) =>
      work(tx === this.ctx ? this : new SqlPersistenceHandler(tx, this.fieldTypes, this.changes, this.eventsCommitted, new Map())),
    );
  }

  async lock(targets: readonly LockTarget[]): Promise<readonly number[]> {
    const before = await lockAggregates(this.ctx, targets);
    await this.changes?.publish(this.ctx, lockOrder(targets));
    if (this.held) targets.forEach((target, index) => this.held?.set(heldKey(target), (before[index] ?? 0) + 1));
    return before;
  }

  async lockShared(targets: readonly LockTarget[]): Promise<readonly number[]> {
    const { held } = this;
    if (!held) return lockAggregatesShared(this.ctx, targets);
    const missing = targets.filter((target) => !held.has(heldKey(target)));
    if (missing.length > 0) {
      const revisions = await lockAggregatesShared(this.ctx, missing);
      missing.forEach((target, index) => held.set(heldKey(target), revisions[index] ?? 0));
    }
    return targets.map((target) => held.get(heldKey(target)) ?? 0);
  }

  revisions(targets: readonly LockTarget[]): Promise<readonly number[]> {
    return aggregateRevisions(this.ctx, targets);
  }
}

/** The key of a lock target in {@link SqlPersistenceHandler}'s memory of held revisions. */
const heldKey = (target: LockTarget): string => `${target.kind}:${target.id}`;
