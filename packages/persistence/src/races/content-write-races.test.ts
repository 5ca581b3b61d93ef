import { beforeAll, expect, it } from '@jest/globals';
import {
  BadStateError,
  ContentValidationError,
  createDefaultFieldTypeRegistry,
  createRepository,
  installCleanRepository,
  type Content,
  type Repository,
} from '@contentrepo/core';
import { createInMemoryBinaryStorage, createPlainTextPasswordHasher } from '@contentrepo/core/testing';
import { describeOnEachDialect } from '../test-support/dialect-suite.js';
import type { TestStore } from '../test-support/test-stores.js';

/**
 * Concurrent writers of one content item through the core services on each SQL engine: every acknowledged
 * update survives (read-modify-writes run under the item's lock and read inside it), and a content write never
 * outlives the field definitions it wrote fields for.
 */

/** The configured languages: eng-GB and these 15, so that 4 fields × 16 languages give 64 (field, language) slots. */
const LANGUAGES = [
  'ger-DE', 'fre-FR', 'pol-PL', 'nor-NO', 'swe-SE', 'fin-FI', 'dan-DK', 'ita-IT',
  'esl-ES', 'por-PT', 'cze-CZ', 'hun-HU', 'rus-RU', 'ukr-UA', 'jpn-JP',
] as const;
const ALL_LANGUAGES = ['eng-GB', ...LANGUAGES] as const;
const FIELDS = ['f0', 'f1', 'f2', 'f3'] as const;
const WRITERS = 64;
/** Time a test (or its setup) may take: PostgreSQL runs every writer's transaction in turn. */
const TIMEOUT_MS = 60_000;
/** Group content id of the clean install's Members group. */
const MEMBERS = 12;

/** One (field, language) slot per writer index. */
const slotOf = (index: number): { readonly field: string; readonly language: string } => ({
  field: FIELDS[index % FIELDS.length] ?? 'f0',
  language: ALL_LANGUAGES[Math.floor(index / FIELDS.length) % ALL_LANGUAGES.length] ?? 'eng-GB',
});

/** The value of a field of a loaded version, by identifier and language. */
const valueOf = (content: Content, field: string, language: string): unknown =>
  content.fields.find((candidate) => candidate.fieldDefIdentifier === field && candidate.languageCode === language)?.value;

/** A repository acting as admin on `store` (one server node: its own caches; role sets cached `permissionCacheTtlMs`). */
function node(store: TestStore, permissionCacheTtlMs = 0): Repository {
  return createRepository({
    persistence: store.persistence,
    storage: createInMemoryBinaryStorage(),
    passwordHasher: createPlainTextPasswordHasher(),
    fieldTypes: createDefaultFieldTypeRegistry(),
    permissionCacheTtlMs,
  }).forUser({ userId: 14 });
}

/** `promise`, or a rejection after `ms` (a wait that would never end fails the test instead of hanging it). */
async function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describeOnEachDialect(
  'concurrent content writes through the services',
  (store) => {
    let admin: Repository;
    let probeTypeId = 0;

    beforeAll(async () => {
      const { persistence, seedImporter } = store();
      await installCleanRepository({
        persistence,
        seedImporter,
        fieldTypes: createDefaultFieldTypeRegistry(),
        passwordHasher: createPlainTextPasswordHasher(),
        languages: LANGUAGES,
      });
      admin = node(store());
      probeTypeId = await createProbeType(admin, 'race_probe', FIELDS);
    }, TIMEOUT_MS);

    /** A new item of the probe type: its version 1 is a draft with `f0` set in eng-GB. */
    const newDraft = async (): Promise<number> => {
      const draft = await admin.contentService.createContent(
        { contentTypeId: probeTypeId, mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'f0', value: 'initial' }] },
        [{ parentLocationId: 2 }],
      );
      return draft.contentInfo.id;
    };

    it(`keeps every one of ${WRITERS} concurrent updates of different (field, language) slots of one draft`, async () => {
      const contentId = await newDraft();
      const results = await Promise.allSettled(
        Array.from({ length: WRITERS }, (_, index) => {
          const { field, language } = slotOf(index);
          return admin.contentService.updateContent(contentId, 1, {
            fields: [{ fieldDefIdentifier: field, languageCode: language, value: `value-${index}` }],
          });
        }),
      );
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
      const draft = await admin.contentService.loadContent(contentId, { versionNo: 1 });
      const lost = Array.from({ length: WRITERS }, (_, index) => index).filter((index) => {
        const { field, language } = slotOf(index);
        return valueOf(draft, field, language) !== `value-${index}`;
      });
      expect(lost).toEqual([]);
      expect([...draft.versionInfo.languageCodes].sort()).toEqual([...ALL_LANGUAGES].sort());
    }, TIMEOUT_MS);

    it('ends a field that concurrent updates all change with one of their values, and keeps their other changes', async () => {
      const contentId = await newDraft();
      const writers = WRITERS / 2;
      const results = await Promise.allSettled(
        Array.from({ length: writers }, (_, index) => {
          const own = slotOf(index + FIELDS.length);
          return admin.contentService.updateContent(contentId, 1, {
            fields: [
              { fieldDefIdentifier: 'f0', languageCode: 'eng-GB', value: `same-${index}` },
              { fieldDefIdentifier: own.field, languageCode: own.language, value: `own-${index}` },
            ],
          });
        }),
      );
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
      const draft = await admin.contentService.loadContent(contentId, { versionNo: 1 });
      expect(Array.from({ length: writers }, (_, index) => `same-${index}`)).toContain(valueOf(draft, 'f0', 'eng-GB'));
      const lost = Array.from({ length: writers }, (_, index) => index).filter((index) => {
        const own = slotOf(index + FIELDS.length);
        return valueOf(draft, own.field, own.language) !== `own-${index}`;
      });
      expect(lost).toEqual([]);
    }, TIMEOUT_MS);

    it('publishes every update acknowledged before the publication and refuses the later ones (the version is no draft)', async () => {
      const contentId = await newDraft();
      const writers = WRITERS / 2;
      const updates = Array.from({ length: writers }, (_, index) => {
        const { field, language } = slotOf(index);
        return admin.contentService.updateContent(contentId, 1, {
          fields: [{ fieldDefIdentifier: field, languageCode: language, value: `published-${index}` }],
        });
      });
      const publication = admin.contentService.publishVersion(contentId, 1);
      const results = await Promise.allSettled(updates);
      await publication;
      const published = await admin.contentService.loadContent(contentId);
      expect(published.versionInfo).toMatchObject({ versionNo: 1, status: 'PUBLISHED' });
      const outcomes = results.map((result, index) => {
        const { field, language } = slotOf(index);
        if (result.status === 'fulfilled') return valueOf(published, field, language) === `published-${index}` ? 'kept' : 'lost';
        return result.reason instanceof BadStateError && result.reason.reason === 'version.notDraft' ? 'refused' : String(result.reason);
      });
      expect(outcomes.filter((outcome) => outcome !== 'kept' && outcome !== 'refused')).toEqual([]);
      // The index was written by the publication, from the fields it published.
      const found = await admin.searchService.findContent({
        filter: { type: 'LogicalAnd', criteria: [{ type: 'ContentId', values: [contentId] }] },
      });
      expect(found.totalCount).toBe(1);
    }, TIMEOUT_MS);

    it('keeps every member of concurrent metadata updates, next to concurrent field updates', async () => {
      const contentId = await newDraft();
      await admin.contentService.publishVersion(contentId, 1);
      const draft = await admin.contentService.createContentDraft(contentId);
      const writes: Promise<unknown>[] = [
        admin.contentService.updateContentMetadata(contentId, { alwaysAvailable: false }),
        admin.contentService.updateContentMetadata(contentId, { remoteId: `race-remote-${contentId}` }),
        admin.contentService.updateContentMetadata(contentId, { publishedDate: new Date('2020-02-02T00:00:00Z') }),
        ...Array.from({ length: 8 }, (_, index) =>
          admin.contentService.updateContent(contentId, draft.versionInfo.versionNo, {
            fields: [{ fieldDefIdentifier: 'f1', languageCode: ALL_LANGUAGES[index] ?? 'eng-GB', value: `meta-${index}` }],
          }),
        ),
      ];
      expect((await Promise.allSettled(writes)).filter((result) => result.status === 'rejected')).toEqual([]);
      const info = await admin.contentService.loadContentInfo(contentId);
      expect(info).toMatchObject({ alwaysAvailable: false, remoteId: `race-remote-${contentId}`, publishedDate: new Date('2020-02-02T00:00:00Z') });
      const updated = await admin.contentService.loadContent(contentId, { versionNo: draft.versionInfo.versionNo });
      expect(Array.from({ length: 8 }, (_, index) => valueOf(updated, 'f1', ALL_LANGUAGES[index] ?? 'eng-GB'))).toEqual(
        Array.from({ length: 8 }, (_, index) => `meta-${index}`),
      );
    }, TIMEOUT_MS);

    it('keeps every member of concurrent user updates (e-mail, enabled, maxLogin, password)', async () => {
      const user = await admin.userService.createUser(
        {
          mainLanguageCode: 'eng-GB',
          login: 'racer',
          email: 'racer@example.com',
          password: 'Secret-Passw0rd',
          fields: [
            { fieldDefIdentifier: 'first_name', value: 'Race' },
            { fieldDefIdentifier: 'last_name', value: 'Condition' },
          ],
        },
        [MEMBERS],
      );
      const userId = user.contentInfo.id;
      const results = await Promise.allSettled([
        admin.userService.updateUser(userId, { email: 'winner@example.com' }),
        admin.userService.updateUser(userId, { enabled: false }),
        admin.userService.updateUser(userId, { maxLogin: 7 }),
        admin.userService.updateUser(userId, { password: 'Other-Passw0rd' }),
        admin.userService.updateUser(userId, { contentUpdateStruct: { fields: [{ fieldDefIdentifier: 'first_name', value: 'Renamed' }] } }),
      ]);
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
      expect(await admin.userService.loadUser(userId)).toMatchObject({ email: 'winner@example.com', enabled: false, maxLogin: 7 });
      const content = await admin.contentService.loadContent(userId);
      expect(valueOf(content, 'first_name', 'eng-GB')).toBe('Renamed');
      await expect(admin.userService.authenticate('racer', 'Other-Passw0rd')).rejects.toThrow();
      const account = await store().persistence.userHandler.loadAccount(userId);
      expect(account?.passwordHash).toBe(await createPlainTextPasswordHasher().hash('Other-Passw0rd'));
    }, TIMEOUT_MS);

    it('never waits, inside a write transaction, for a permission load started outside it', async () => {
      // SQLite: a load started outside waits for the connection the transaction holds; awaiting it inside would
      // never end. PostgreSQL: the same once transactions waiting for locks hold every pooled connection.
      const cached = node(store(), 60_000);
      let holding: () => void = () => undefined;
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const inside = store().persistence.transaction(async () => {
        holding();
        await gate;
        return cached.permissionResolver.hasAccess('content', 'edit');
      });
      await held;
      const outside = cached.permissionResolver.hasAccess('content', 'edit');
      await new Promise((resolve) => setTimeout(resolve, 20));
      release();
      expect(await within(10_000, Promise.all([inside, outside]))).toEqual([true, true]);
    }, TIMEOUT_MS);

    it('never leaves a field of a removed field definition: a node with the type cached refuses it after the change', async () => {
      const typeId = await createProbeType(admin, 'race_removal', ['kept', 'removed']);
      const other = node(store());
      const item = await other.contentService.createContent(
        { contentTypeId: typeId, mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'removed', value: 'before' }] },
        [{ parentLocationId: 2 }],
      );
      const contentId = item.contentInfo.id;

      // Writers on the other node race the removal of the field on this one.
      const draft = await admin.contentTypeService.createContentTypeDraft(typeId);
      const removed = draft.fieldDefinitions.find((definition) => definition.identifier === 'removed');
      await admin.contentTypeService.removeFieldDefinition(typeId, removed?.id ?? 0);
      const writes = Array.from({ length: 16 }, (_, index) =>
        other.contentService.updateContent(contentId, 1, {
          fields: [{ fieldDefIdentifier: index % 2 === 0 ? 'removed' : 'kept', languageCode: ALL_LANGUAGES[index] ?? 'eng-GB', value: `w-${index}` }],
        }),
      );
      const publication = publishTypeDraft(store(), admin, typeId);
      const results = await Promise.allSettled(writes);
      await publication;
      const unexpected = results.filter(
        (result) => result.status === 'rejected' && !(result.reason instanceof ContentValidationError),
      );
      expect(unexpected).toEqual([]);
      expect(await orphanFields(store())).toBe(0);

      // After the change, the other node (type cached) refuses the removed field and accepts the kept one.
      await expect(
        other.contentService.updateContent(contentId, 1, { fields: [{ fieldDefIdentifier: 'removed', value: 'after' }] }),
      ).rejects.toThrow(ContentValidationError);
      await other.contentService.updateContent(contentId, 1, { fields: [{ fieldDefIdentifier: 'kept', value: 'after' }] });
      expect(await orphanFields(store())).toBe(0);
      const fields = (await other.contentService.loadContent(contentId, { versionNo: 1 })).fields.map((field) => field.fieldDefIdentifier);
      expect(new Set(fields)).toEqual(new Set(['kept']));
    }, TIMEOUT_MS);
  },
  { seed: false },
);

/** Creates and publishes a content type of optional, translatable text line fields, named by its first. */
async function createProbeType(admin: Repository, identifier: string, fields: readonly string[]): Promise<number> {
  const draft = await admin.contentTypeService.createContentType(
    {
      identifier,
      mainLanguageCode: 'eng-GB',
      names: { 'eng-GB': identifier },
      nameSchema: `<${fields[0] ?? ''}>`,
      fieldDefinitions: fields.map((field, position) => ({
        identifier: field,
        fieldTypeIdentifier: 'ezstring',
        names: { 'eng-GB': field },
        position: position + 1,
        isTranslatable: true,
      })),
    },
    [1],
  );
  await admin.contentTypeService.publishContentTypeDraft(draft.id);
  return draft.id;
}

/**
 * Publishes a type draft as a content type write does: in one transaction that first locks the type, which
 * counts the write in the type's revision (what tells every node's cache that the type changed). The service's
 * own transaction joins this one.
 */
async function publishTypeDraft(store: TestStore, admin: Repository, typeId: number): Promise<void> {
  await store.persistence.transaction(async (tx) => {
    await tx.lock([{ kind: 'contentType', id: typeId }]);
    await admin.contentTypeService.publishContentTypeDraft(typeId);
  });
}

/** Fields whose definition is not a definition of a published type. */
async function orphanFields(store: TestStore): Promise<number> {
  const [row] = await store.query(
    'SELECT COUNT(*) AS n FROM content_field f WHERE NOT EXISTS ' +
      '(SELECT 1 FROM field_definition d WHERE d.id = f.field_definition_id AND d.status = 0)',
  );
  return Number(row?.int('n') ?? 0);
}
