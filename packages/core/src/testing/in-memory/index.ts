import type { FieldTypeRegistry } from '../../field-types/field-type.js';
import { createDefaultFieldTypeRegistry } from '../../field-types/registry.js';
import type { BinaryStorage } from '../../spi/binary-storage.js';
import type { LockTarget, PersistenceHandler } from '../../spi/persistence-handler.js';
import type { PasswordHasher, SessionStore } from '../../spi/ports.js';
import type { DomainEvent, EventOutbox, PublishedEvent } from '../../spi/domain-events.js';
import type { SeedImporter } from '../../spi/seed.js';
import { cloneState } from './in-memory-clone.js';
import { createInMemoryContentHandler } from './in-memory-content-handler.js';
import { createInMemoryLocationHandler } from './in-memory-location-handler.js';
import {
  createInMemoryContentTypeHandler,
  createInMemoryLanguageHandler,
  createInMemoryObjectStateHandler,
  createInMemoryRoleHandler,
  createInMemorySectionHandler,
  createInMemoryUserHandler,
} from './in-memory-reference-handlers.js';
import { createInMemorySearchHandler } from './in-memory-search-handler.js';
import { createInMemoryTrashHandler } from './in-memory-trash-handler.js';
import { createInMemoryBookmarkHandler, createInMemoryUrlAliasHandler, createInMemoryUrlWildcardHandler } from './in-memory-url-handlers.js';
import { aliasKey } from './in-memory-management-state.js';
import { bumpSequence, emptyState, type StateHolder } from './in-memory-state.js';

/** An in-memory repository store: the SPI, its seed importer and session store. */
export interface InMemoryPersistence {
  readonly persistence: PersistenceHandler;
  readonly seedImporter: SeedImporter;
  readonly sessions: SessionStore;
  /** The events of the committed transactions, numbered in commit order from 1 (the outbox as a relay numbers it). */
  readonly publishedEvents: () => readonly PublishedEvent[];
}

/** Options of {@link createInMemoryPersistence}. */
export interface InMemoryPersistenceOptions {
  /**
   * The repository's field types (default: core's built-in ones); the search handler reads stored image fields
   * through them (`FieldType.imageProperties`).
   */
  readonly fieldTypes?: FieldTypeRegistry;
}

/**
 * Creates an empty in-memory PersistenceHandler: the reference implementation of the SPI for unit tests and the
 * contract suite. Transactions are serialised and snapshot the whole state; a rejected transaction restores it.
 */
export function createInMemoryPersistence(options: InMemoryPersistenceOptions = {}): InMemoryPersistence {
  const holder: StateHolder = { state: emptyState() };
  let queue: Promise<unknown> = Promise.resolve();

  const handlers = {
    contentHandler: createInMemoryContentHandler(holder),
    locationHandler: createInMemoryLocationHandler(holder),
    contentTypeHandler: createInMemoryContentTypeHandler(holder),
    sectionHandler: createInMemorySectionHandler(holder),
    languageHandler: createInMemoryLanguageHandler(holder),
    userHandler: createInMemoryUserHandler(holder),
    roleHandler: createInMemoryRoleHandler(holder),
    objectStateHandler: createInMemoryObjectStateHandler(holder),
    searchHandler: createInMemorySearchHandler(holder, options.fieldTypes ?? createDefaultFieldTypeRegistry()),
    trashHandler: createInMemoryTrashHandler(holder),
    urlAliasHandler: createInMemoryUrlAliasHandler(holder),
    urlWildcardHandler: createInMemoryUrlWildcardHandler(holder),
    bookmarkHandler: createInMemoryBookmarkHandler(holder),
  };
  const key = (target: LockTarget): string => `${target.kind}:${target.id}`;
  const revisions = (targets: readonly LockTarget[]): Promise<readonly number[]> =>
    Promise.resolve(targets.map((target) => holder.state.revisions.get(key(target)) ?? 0));
  // Transactions are serialised, so a transaction already excludes every other writer: a lock only counts the write
  // (and a shared lock only reads the revisions).
  const lock = (targets: readonly LockTarget[]): Promise<readonly number[]> => {
    const before = new Map(targets.map((target) => [key(target), holder.state.revisions.get(key(target)) ?? 0]));
    for (const [name, revision] of before) holder.state.revisions.set(name, revision + 1);
    return Promise.resolve(targets.map((target) => before.get(key(target)) ?? 0));
  };
  // Transactions are serialised: the events of the running one wait here until it commits (dropped on rollback).
  let pendingEvents: DomainEvent[] = [];
  const published: PublishedEvent[] = [];
  const outbox: EventOutbox = {
    record: (events) => {
      pendingEvents.push(...events);
      return Promise.resolve();
    },
  };
  const inTransaction: PersistenceHandler = {
    ...handlers,
    events: outbox,
    transaction: (work) => work(inTransaction),
    lock,
    lockShared: revisions,
    revisions,
  };
  const persistence: PersistenceHandler = {
    ...handlers,
    events: { record: (events) => persistence.transaction((tx) => tx.events.record(events)) },
    revisions,
    lock: () => Promise.reject(new Error('PersistenceHandler.lock: locks are taken inside a transaction')),
    lockShared: () => Promise.reject(new Error('PersistenceHandler.lockShared: locks are taken inside a transaction')),
    transaction<T>(work: (tx: PersistenceHandler) => Promise<T>): Promise<T> {
      const run = async (): Promise<T> => {
        const snapshot = cloneState(holder.state);
        pendingEvents = [];
        try {
          const result = await work(inTransaction);
          const occurredAt = new Date();
          for (const event of pendingEvents) published.push({ ...event, seq: published.length + 1, occurredAt });
          return result;
        } catch (error) {
          holder.state = snapshot;
          throw error;
        } finally {
          pendingEvents = [];
        }
      };
      const result = queue.then(run, run);
      queue = result.catch(() => undefined);
      return result;
    },
  };

  const seedImporter: SeedImporter = {
    isEmpty: async () => holder.state.contents.size === 0 && holder.state.languages.size === 0,
    import: (seed) =>
      persistence.transaction(async () => {
        const state = holder.state;
        for (const language of seed.languages) state.languages.set(language.id, language);
        for (const section of seed.sections) state.sections.set(section.id, section);
        for (const group of seed.contentTypeGroups) {
          state.contentTypeGroups.set(group.id, group);
          bumpSequence(state, 'contentTypeGroup', group.id);
        }
        for (const type of seed.contentTypes) {
          state.contentTypes.set(type.id, type);
          bumpSequence(state, 'contentType', type.id);
          for (const definition of type.fieldDefinitions) bumpSequence(state, 'fieldDefinition', definition.id);
        }
        for (const { contentInfo, versions } of seed.contents) {
          state.contents.set(contentInfo.id, contentInfo);
          bumpSequence(state, 'content', contentInfo.id);
          for (const version of versions) {
            const key = `${contentInfo.id}/${version.versionInfo.versionNo}`;
            state.versions.set(key, version.versionInfo);
            state.fields.set(key, [...version.fields]);
            state.relations.push(...version.relations);
            bumpSequence(state, 'version', version.versionInfo.id);
            for (const field of version.fields) bumpSequence(state, 'field', field.id);
            for (const relation of version.relations) bumpSequence(state, 'relation', relation.id);
          }
        }
        for (const location of seed.locations) {
          state.locations.set(location.id, location);
          bumpSequence(state, 'location', location.id);
        }
        for (const account of seed.userAccounts) state.accounts.set(account.contentId, account);
        for (const role of seed.roles) {
          state.roles.set(role.id, role);
          bumpSequence(state, 'role', role.id);
          for (const policy of role.policies) bumpSequence(state, 'policy', policy.id);
        }
        for (const assignment of seed.roleAssignments) {
          state.assignments.push(assignment);
          bumpSequence(state, 'assignment', assignment.id);
        }
        for (const group of seed.objectStateGroups) state.stateGroups.set(group.id, group);
        for (const objectState of seed.objectStates) state.states.set(objectState.id, objectState);
        for (const link of seed.contentObjectStates) {
          state.contentStates.set(link.contentId, [...(state.contentStates.get(link.contentId) ?? []), link.stateId]);
        }
        for (const alias of seed.urlAliases ?? []) state.management.urlAliases.set(aliasKey(alias.parentId, alias.textMd5), alias);
      }),
  };

  const sessions: SessionStore = {
    create: async (session) => {
      holder.state.sessions.set(session.id, session);
    },
    load: async (id) => {
      const session = holder.state.sessions.get(id);
      return session && session.expiresAt.getTime() > Date.now() ? session : null;
    },
    touch: async (id, expiresAt) => {
      const session = holder.state.sessions.get(id);
      if (session) holder.state.sessions.set(id, { ...session, expiresAt });
    },
    delete: async (id) => {
      holder.state.sessions.delete(id);
    },
  };

  return { persistence, seedImporter, sessions, publishedEvents: () => [...published] };
}

/** BinaryStorage in memory (for tests); serves URIs under `/var/site/storage/`. */
export function createInMemoryBinaryStorage(): BinaryStorage & { readonly files: ReadonlyMap<string, Uint8Array> } {
  const files = new Map<string, Uint8Array>();
  const prefix = '/var/site/storage/';
  return {
    files,
    async put(key, source) {
      const chunks: Uint8Array[] = [];
      if (source instanceof Uint8Array) chunks.push(source);
      else for await (const chunk of source) chunks.push(chunk);
      const data = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0));
      let offset = 0;
      for (const chunk of chunks) {
        data.set(chunk, offset);
        offset += chunk.length;
      }
      files.set(key, data);
      return { size: data.length, head: data.slice(0, 65536) };
    },
    async get(key) {
      const data = files.get(key);
      if (!data) return null;
      return {
        size: data.length,
        stream: (async function* () {
          yield data;
        })(),
      };
    },
    delete: async (key) => {
      files.delete(key);
    },
    uri: (key) => `${prefix}${key}`,
    keyOf: (uri) => (uri.startsWith(prefix) ? uri.slice(prefix.length) : null),
  };
}

/** A fast, insecure PasswordHasher for tests (`plain:<password>`). Never use it in production. */
export function createPlainTextPasswordHasher(): PasswordHasher {
  return {
    hash: async (plain) => `plain:${plain}`,
    verify: async (plain, hash) => hash === `plain:${plain}`,
  };
}
