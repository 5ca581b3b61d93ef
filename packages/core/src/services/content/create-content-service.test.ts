import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Repository } from '../../api/services/repository.js';
import {
  BadStateError,
  ContentFieldValidationError,
  ContentValidationError,
  InvalidArgumentError,
  NotFoundError,
  UnauthorizedError,
} from '../../errors/repository-error.js';
import { installCleanRepository } from '../../clean-install/install.js';
import { createDefaultFieldTypeRegistry } from '../../field-types/registry.js';
import type { PasswordHasher } from '../../spi/ports.js';
import { createInMemoryBinaryStorage, createInMemoryPersistence, createPlainTextPasswordHasher } from '../../testing/in-memory/index.js';
import { createTestRepository, type TestRepository } from '../../testing/test-repository.js';
import { createRepository } from '../create-repository.js';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const folder = (name: string, extra: Partial<Parameters<Repository['contentService']['createContent']>[0]> = {}) => ({
  contentTypeId: 1,
  mainLanguageCode: 'eng-GB',
  fields: [{ fieldDefIdentifier: 'name', value: name }],
  ...extra,
});

describe('ContentService', () => {
  let repo: TestRepository;
  let admin: Repository;
  beforeEach(async () => {
    repo = await createTestRepository({ languages: ['pol-PL'] });
    admin = repo.admin;
  });

  describe('lifecycle', () => {
    it('creates a draft, publishes it with its location, then archives it when a new draft is published', async () => {
      const draft = await admin.contentService.createContent(folder('News'), [{ parentLocationId: 2 }]);
      expect(draft.contentInfo).toMatchObject({ status: 'DRAFT', currentVersionNo: 1, mainLocationId: null, name: 'News', sectionId: 1, ownerId: 14 });
      expect(draft.versionInfo).toMatchObject({ status: 'DRAFT', versionNo: 1, names: { 'eng-GB': 'News' } });
      const id = draft.contentInfo.id;

      const published = await admin.contentService.publishVersion(id, 1);
      expect(published.contentInfo).toMatchObject({ status: 'PUBLISHED', currentVersionNo: 1 });
      expect(published.contentInfo.mainLocationId).not.toBeNull();
      const [location] = await admin.locationService.loadLocations(id);
      expect(location).toMatchObject({ parentLocationId: 2, sortField: 'PATH', sortOrder: 'ASC', depth: 2 });

      const second = await admin.contentService.createContentDraft(id);
      expect(second.versionInfo).toMatchObject({ versionNo: 2, status: 'DRAFT' });
      await admin.contentService.updateContent(id, 2, { fields: [{ fieldDefIdentifier: 'name', value: 'News v2' }] });
      await admin.contentService.publishVersion(id, 2);

      const versions = await admin.contentService.loadVersions(id);
      expect(versions.map((version) => [version.versionNo, version.status])).toEqual([
        [1, 'ARCHIVED'],
        [2, 'PUBLISHED'],
      ]);
      const current = await admin.contentService.loadContent(id);
      expect(current.contentInfo).toMatchObject({ name: 'News v2', currentVersionNo: 2 });
      expect(current.fields.find((field) => field.fieldDefIdentifier === 'name')?.value).toBe('News v2');
    });

    it('fills missing fields with the definition default and computes the name from the name schema', async () => {
      const article = await admin.contentService.createContent(
        {
          contentTypeId: 2,
          mainLanguageCode: 'eng-GB',
          fields: [
            { fieldDefIdentifier: 'intro', value: { xml: '<section xmlns="http://ibexa.co/namespaces/ezpublish5/xhtml5/edit"><p>Hi</p></section>' } },
            { fieldDefIdentifier: 'short_title', value: 'Short' },
          ],
        },
        [{ parentLocationId: 2 }],
      );
      const title = article.fields.find((field) => field.fieldDefIdentifier === 'title');
      expect(title?.value).toBe('New article');
      expect(article.contentInfo.name).toBe('Short');
      expect(article.contentInfo.alwaysAvailable).toBe(false);
    });

    it('adds a translation through a draft update', async () => {
      const draft = await admin.contentService.createContent(folder('Folder EN'), [{ parentLocationId: 2 }]);
      const id = draft.contentInfo.id;
      const updated = await admin.contentService.updateContent(id, 1, {
        fields: [{ fieldDefIdentifier: 'name', languageCode: 'pol-PL', value: 'Katalog' }],
      });
      expect(updated.versionInfo.languageCodes).toEqual(['eng-GB', 'pol-PL']);
      expect(updated.versionInfo.names).toEqual({ 'eng-GB': 'Folder EN', 'pol-PL': 'Katalog' });
      const polish = await admin.contentService.loadContent(id, { versionNo: 1, languages: ['pol-PL'] });
      expect(polish.fields.every((field) => field.languageCode === 'pol-PL')).toBe(true);
    });

    it('returns a new draft and an updated draft exactly as loading them afterwards returns them', async () => {
      const created = await admin.contentService.createContent(
        { contentTypeId: 1, mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'name', value: 'Returned' }, { fieldDefIdentifier: 'short_name', value: 'R' }] },
        [{ parentLocationId: 2 }],
      );
      const id = created.contentInfo.id;
      await admin.contentService.publishVersion(id, 1);
      const draft = await admin.contentService.createContentDraft(id);
      expect(draft).toEqual(await admin.contentService.loadContent(id, { versionNo: 2 }));
      // One field changed in the main language, one translation added: the fields come back in the loads' order.
      const updated = await admin.contentService.updateContent(id, 2, {
        fields: [
          { fieldDefIdentifier: 'name', languageCode: 'pol-PL', value: 'Zwrócony' },
          { fieldDefIdentifier: 'short_name', value: 'R2' },
        ],
      });
      expect(updated).toEqual(await admin.contentService.loadContent(id, { versionNo: 2 }));
      expect(updated.fields.map((field) => [field.fieldDefIdentifier, field.languageCode])).toEqual(
        draft.fields.flatMap((field) => [[field.fieldDefIdentifier, 'eng-GB'], [field.fieldDefIdentifier, 'pol-PL']]),
      );
      // Unchanged fields keep their ids; the new translation's fields got new ones.
      expect(updated.fields.filter((field) => field.languageCode === 'eng-GB').map((field) => field.id)).toEqual(draft.fields.map((field) => field.id));
    });

    it('stores an uploaded image and reports its metadata', async () => {
      const created = await admin.contentService.createContent(
        {
          contentTypeId: 5,
          mainLanguageCode: 'eng-GB',
          fields: [
            { fieldDefIdentifier: 'name', value: 'Pixel' },
            { fieldDefIdentifier: 'image', value: { fileName: 'pixel.png', fileSize: PNG_1X1.length, data: PNG_1X1.toString('base64'), alternativeText: 'A pixel' } },
          ],
        },
        [{ parentLocationId: 51 }],
      );
      const image = created.fields.find((field) => field.fieldDefIdentifier === 'image');
      const hash = admin.fieldTypes.get('ezimage').toHash(image?.value);
      expect(hash).toMatchObject({ fileName: 'pixel.png', fileSize: PNG_1X1.length, width: 1, height: 1, alternativeText: 'A pixel', mime: 'image/png' });
      expect(repo.storage.files.size).toBe(1);
      const [stored] = [...repo.storage.files.values()];
      expect(Buffer.from(stored ?? []).equals(PNG_1X1)).toBe(true);
    });
  });

  describe('bad input changes nothing', () => {
    it('rejects an unknown field identifier', async () => {
      await expect(
        admin.contentService.createContent({ ...folder('X'), fields: [{ fieldDefIdentifier: 'nope', value: 'x' }] }, [{ parentLocationId: 2 }]),
      ).rejects.toBeInstanceOf(ContentValidationError);
    });

    it('lists field errors for invalid and missing required values, and stores no file', async () => {
      const error = await admin.contentService
        .createContent(
          {
            contentTypeId: 5,
            mainLanguageCode: 'eng-GB',
            fields: [
              { fieldDefIdentifier: 'name', value: 'x'.repeat(151) },
              { fieldDefIdentifier: 'image', value: { fileName: 'pixel.png', data: PNG_1X1.toString('base64') } },
            ],
          },
          [{ parentLocationId: 51 }],
        )
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ContentFieldValidationError);
      const failures = (error as ContentFieldValidationError).fieldErrors;
      expect(failures.map((failure) => [failure.fieldDefinitionId, failure.languageCode])).toEqual([[116, 'eng-GB']]);
      expect(repo.storage.files.size).toBe(0);

      const missing = await admin.contentService
        .createContent({ contentTypeId: 1, mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'name', value: '' }] }, [])
        .catch((caught: unknown) => caught);
      expect(missing).toBeInstanceOf(ContentFieldValidationError);
      expect((missing as ContentFieldValidationError).fieldErrors[0]?.errors[0]).toEqual({
        target: 'empty',
        message: "Value for required field definition 'name' with language 'eng-GB' is empty",
      });
    });

    it('reports malformed Base64 and a fileSize that is no byte count as field errors', async () => {
      const create = (value: unknown) =>
        admin.contentService
          .createContent(
            { contentTypeId: 5, mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'name', value: 'Img' }, { fieldDefIdentifier: 'image', value }] },
            [{ parentLocationId: 51 }],
          )
          .catch((caught: unknown) => caught);
      expect(await create({ fileName: 'a.png', data: '!!!not base64' })).toBeInstanceOf(ContentFieldValidationError);
      expect(await create({ fileName: 'a.png', fileSize: -1, data: PNG_1X1.toString('base64') })).toBeInstanceOf(ContentFieldValidationError);
      expect(repo.storage.files.size).toBe(0);
    });

    it('refuses a duplicate remoteId and an unknown content type, parent or language', async () => {
      await expect(admin.contentService.createContent(folder('Dup', { remoteId: '9459d3c29e15006e45197295722c7ade' }), [{ parentLocationId: 2 }])).rejects.toBeInstanceOf(InvalidArgumentError);
      await expect(admin.contentService.createContent(folder('T', { contentTypeId: 99 }), [{ parentLocationId: 2 }])).rejects.toBeInstanceOf(NotFoundError);
      await expect(admin.contentService.createContent(folder('P'), [{ parentLocationId: 9999 }])).rejects.toBeInstanceOf(NotFoundError);
      await expect(admin.contentService.createContent(folder('L', { mainLanguageCode: 'fre-FR' }), [{ parentLocationId: 2 }])).rejects.toBeInstanceOf(ContentValidationError);
    });

    it('refuses to place content below a non-container', async () => {
      await expect(admin.contentService.createContent(folder('Under a user'), [{ parentLocationId: 15 }])).rejects.toBeInstanceOf(InvalidArgumentError);
    });
  });

  describe('version rules', () => {
    it('refuses to edit or publish a published version, and to delete the published or the last version', async () => {
      const id = (await admin.contentService.createContent(folder('Rules'), [{ parentLocationId: 2 }])).contentInfo.id;
      await expect(admin.contentService.deleteVersion(id, 1)).rejects.toMatchObject({ reason: 'version.lastVersion' });
      await admin.contentService.publishVersion(id, 1);
      await expect(admin.contentService.publishVersion(id, 1)).rejects.toMatchObject({ code: 'BadState', reason: 'version.notDraft' });
      await expect(admin.contentService.updateContent(id, 1, { fields: [] })).rejects.toMatchObject({ reason: 'version.notDraft' });
      await expect(admin.contentService.deleteVersion(id, 1)).rejects.toMatchObject({ reason: 'version.published' });
      await admin.contentService.createContentDraft(id);
      await admin.contentService.deleteVersion(id, 2);
      await expect(admin.contentService.loadVersionInfo(id, 2)).rejects.toBeInstanceOf(NotFoundError);
      await expect(admin.contentService.publishVersion(id, 7)).rejects.toBeInstanceOf(NotFoundError);
    });

    it('deletes an archived version', async () => {
      const id = (await admin.contentService.createContent(folder('Archive'), [{ parentLocationId: 2 }])).contentInfo.id;
      await admin.contentService.publishVersion(id, 1);
      await admin.contentService.createContentDraft(id);
      await admin.contentService.publishVersion(id, 2);
      await admin.contentService.deleteVersion(id, 1);
      expect((await admin.contentService.loadVersions(id)).map((version) => version.versionNo)).toEqual([2]);
    });

    it('rejects a publication with an empty required field', async () => {
      const id = (await admin.contentService.createContent(folder('Will be emptied'), [{ parentLocationId: 2 }])).contentInfo.id;
      await expect(admin.contentService.updateContent(id, 1, { fields: [{ fieldDefIdentifier: 'name', value: null }] })).rejects.toBeInstanceOf(
        ContentFieldValidationError,
      );
      expect(BadStateError).toBeDefined();
    });
  });

  describe('metadata, copy and delete', () => {
    it('updates metadata and validates the main location', async () => {
      const id = (await admin.contentService.createContent(folder('Meta'), [{ parentLocationId: 2 }])).contentInfo.id;
      await admin.contentService.publishVersion(id, 1);
      const info = await admin.contentService.updateContentMetadata(id, { sectionId: 3, alwaysAvailable: false, remoteId: 'meta-remote' });
      expect(info).toMatchObject({ sectionId: 3, alwaysAvailable: false, remoteId: 'meta-remote' });
      await expect(admin.contentService.updateContentMetadata(id, { mainLocationId: 2 })).rejects.toBeInstanceOf(InvalidArgumentError);
      await expect(admin.contentService.updateContentMetadata(id, { remoteId: '9459d3c29e15006e45197295722c7ade' })).rejects.toBeInstanceOf(InvalidArgumentError);
    });

    it('copies published content below a destination, published, with a new location', async () => {
      const id = (await admin.contentService.createContent(folder('Source'), [{ parentLocationId: 2 }])).contentInfo.id;
      await admin.contentService.publishVersion(id, 1);
      const copy = await admin.contentService.copyContent(id, { parentLocationId: 43 });
      expect(copy.contentInfo.id).not.toBe(id);
      expect(copy.contentInfo).toMatchObject({ status: 'PUBLISHED', name: 'Source' });
      const [location] = await admin.locationService.loadLocations(copy.contentInfo.id);
      expect(location?.parentLocationId).toBe(43);
      expect(copy.contentInfo.mainLocationId).toBe(location?.id);
    });

    it('deletes content with its locations and the content below it', async () => {
      const parent = (await admin.contentService.createContent(folder('Parent'), [{ parentLocationId: 2 }])).contentInfo.id;
      const parentInfo = (await admin.contentService.publishVersion(parent, 1)).contentInfo;
      const child = (await admin.contentService.createContent(folder('Child'), [{ parentLocationId: parentInfo.mainLocationId ?? 0 }])).contentInfo.id;
      await admin.contentService.publishVersion(child, 1);
      await admin.contentService.deleteContent(parent);
      await expect(admin.contentService.loadContentInfo(parent)).rejects.toBeInstanceOf(NotFoundError);
      await expect(admin.contentService.loadContentInfo(child)).rejects.toBeInstanceOf(NotFoundError);
    });
  });

  describe('permissions', () => {
    it('lets anonymous read content in the standard section only (401 for existing content elsewhere)', async () => {
      const anonymous = repo.anonymous;
      expect((await anonymous.contentService.loadContentInfo(1)).name).toBe('Ibexa Platform');
      await expect(anonymous.contentService.loadContentInfo(4)).rejects.toBeInstanceOf(UnauthorizedError);
      await expect(anonymous.contentService.loadContentInfo(4)).rejects.toThrow("The User does not have the 'read' 'content' permission with: contentId '4'");
      await expect(anonymous.contentService.loadContentInfo(12345)).rejects.toBeInstanceOf(NotFoundError);
    });

    it('refuses creation to anonymous', async () => {
      await expect(repo.anonymous.contentService.createContent(folder('Nope'), [{ parentLocationId: 2 }])).rejects.toBeInstanceOf(UnauthorizedError);
    });

    it('copies, places, drafts and assigns sections only for what the user may read (source and destination), whatever else it may do', async () => {
      // Anonymous reads the standard section; this role lets it create anywhere and assign any section.
      const draft = await admin.roleService.createRole({
        identifier: 'CreateAnywhere',
        policies: [
          { module: 'content', function: 'create', limitations: [] },
          { module: 'content', function: 'manage_locations', limitations: [] },
          { module: 'content', function: 'edit', limitations: [] },
          { module: 'section', function: 'assign', limitations: [] },
        ],
      });
      await admin.roleService.assignRoleToUser((await admin.roleService.publishRoleDraft(draft.id)).id, 10);
      const readable = (await admin.contentService.publishVersion((await admin.contentService.createContent(folder('Readable'), [{ parentLocationId: 2 }])).contentInfo.id, 1)).contentInfo.id;
      const secret = (await admin.contentService.publishVersion((await admin.contentService.createContent(folder('Secret'), [{ parentLocationId: 2 }])).contentInfo.id, 1)).contentInfo.id;
      await admin.sectionService.assignSection(secret, 2);
      const { contentService, sectionService } = repo.anonymous;
      const childrenOfHome = async () => (await admin.locationService.loadLocationChildren(2, 0, 100)).totalCount;
      const before = await childrenOfHome();

      await expect(contentService.copyContent(secret, { parentLocationId: 2 })).rejects.toThrow("The User does not have the 'read' 'content' permission with: contentId");
      await expect(contentService.copyContent(readable, { parentLocationId: 5 })).rejects.toThrow("The User does not have the 'read' 'content' permission with: locationId '5'");
      await expect(sectionService.assignSection(secret, 1)).rejects.toBeInstanceOf(UnauthorizedError);
      const readableLocation = (await admin.contentService.loadContentInfo(readable)).mainLocationId ?? 0;
      await expect(repo.anonymous.locationService.createLocation(secret, { parentLocationId: readableLocation })).rejects.toThrow(
        `The User does not have the 'read' 'content' permission with: contentId '${secret}'`,
      );
      await expect(repo.anonymous.locationService.createLocation(readable, { parentLocationId: 5 })).rejects.toThrow("with: locationId '5'");
      // A draft repeats its source version: edit alone reaches neither unreadable content nor an archived version.
      await expect(contentService.createContentDraft(secret)).rejects.toThrow(`The User does not have the 'read' 'content' permission with: contentId '${secret}'`);
      await admin.contentService.publishVersion(readable, (await admin.contentService.createContentDraft(readable)).versionInfo.versionNo);
      await expect(contentService.createContentDraft(readable, 1)).rejects.toThrow("The User does not have the 'versionread' 'content' permission");
      expect((await admin.contentService.loadVersions(secret)).length).toBe(1);
      expect((await admin.contentService.loadVersions(readable)).length).toBe(2);
      expect(await childrenOfHome()).toBe(before);
      expect((await admin.contentService.loadContentInfo(secret)).sectionId).toBe(2);

      // Copying every version would copy the archived one too; the published version alone may be copied.
      await expect(contentService.copyContent(readable, { parentLocationId: 2 })).rejects.toThrow("The User does not have the 'versionread' 'content' permission");
      expect(await childrenOfHome()).toBe(before);
      const copy = await contentService.copyContent(readable, { parentLocationId: 2 }, 2);
      expect(copy.contentInfo.name).toBe('Readable');
      expect(await childrenOfHome()).toBe(before + 1);
    });

    it('filters location children by read permission', async () => {
      const root = await repo.anonymous.locationService.loadLocationChildren(1);
      expect(root.locations.map((location) => location.id)).toEqual([2]);
      expect(root.totalCount).toBe(1);
      const asAdmin = await admin.locationService.loadLocationChildren(1);
      // PATH sorts as a string, as Legacy orders `path_string`: /1/43/ before /1/5/.
      expect(asAdmin.locations.map((location) => location.id)).toEqual([2, 43, 5]);
    });
  });
});

describe('ContentService server-owned field data', () => {
  it('refuses an image reference to a file the field does not hold, and keeps the stored metadata otherwise', async () => {
    const { admin, storage } = await createTestRepository();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const create = (name: string) =>
      admin.contentService.createContent(
        {
          contentTypeId: 5,
          mainLanguageCode: 'eng-GB',
          fields: [
            { fieldDefIdentifier: 'name', value: name },
            { fieldDefIdentifier: 'image', value: { fileName: 'a.png', data: png.toString('base64') } },
          ],
        },
        [{ parentLocationId: 51 }],
      );
    const first = await create('First');
    const second = await create('Second');
    const imageOf = (content: typeof first) => admin.fieldTypes.get('ezimage').toHash(content.fields.find((f) => f.fieldDefIdentifier === 'image')?.value);
    const firstImage = imageOf(first) as { id: string };
    const secondImage = imageOf(second) as { id: string };

    await expect(
      admin.contentService.updateContent(second.contentInfo.id, 1, {
        fields: [{ fieldDefIdentifier: 'image', value: { id: firstImage.id, fileName: 'stolen.png', fileSize: 1 } }],
      }),
    ).rejects.toBeInstanceOf(ContentFieldValidationError);

    const kept = await admin.contentService.updateContent(second.contentInfo.id, 1, {
      fields: [{ fieldDefIdentifier: 'image', value: { id: secondImage.id, fileName: 'renamed.png', fileSize: 999, alternativeText: 'alt' } }],
    });
    expect(imageOf(kept)).toMatchObject({ id: secondImage.id, fileName: 'renamed.png', fileSize: png.length, alternativeText: 'alt' });
    expect(storage.files.size).toBe(2);
  });

  it('never takes a password hash from the client', async () => {
    const { admin, persistence } = await createTestRepository();
    const error = await admin.contentService
      .createContent(
        {
          contentTypeId: 4,
          mainLanguageCode: 'eng-GB',
          fields: [
            { fieldDefIdentifier: 'first_name', value: 'Mallory' },
            { fieldDefIdentifier: 'last_name', value: 'M' },
            { fieldDefIdentifier: 'user_account', value: { login: 'mallory', email: 'm@example.com', passwordHash: 'plain:x', enabled: true } },
          ],
        },
        [{ parentLocationId: 12 }],
      )
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContentFieldValidationError);
    expect(await persistence.userHandler.loadAccountByLogin('mallory')).toBeNull();
  });
});

describe('ContentService slow field work (uploads, password hashes)', () => {
  /** A File item (type 12) with a first file. */
  const manual = (text: string) => ({
    contentTypeId: 12,
    mainLanguageCode: 'eng-GB',
    fields: [
      { fieldDefIdentifier: 'name', value: 'Manual' },
      { fieldDefIdentifier: 'file', value: { fileName: 'first.pdf', data: Buffer.from(text).toString('base64') } },
    ],
  });

  /** A streamed upload whose bytes arrive once `release` is called; `started` resolves when storage begins reading it. */
  function gatedUpload(bytes: Uint8Array): { source: AsyncIterable<Uint8Array>; started: Promise<void>; release: () => void; reads: () => number } {
    let release: () => void = () => undefined;
    let begin: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const started = new Promise<void>((resolve) => {
      begin = resolve;
    });
    let reads = 0;
    const source = {
      async *[Symbol.asyncIterator]() {
        reads++;
        begin();
        await gate;
        yield bytes;
      },
    };
    return { source, started, release, reads: () => reads };
  }

  it('stores a streamed upload once, before the write transaction: other writes go on while it uploads', async () => {
    const { admin, storage } = await createTestRepository();
    const bytes = new TextEncoder().encode('%PDF-1.4 streamed');
    const draft = await admin.contentService.createContent(manual('%PDF-1.4 first'), [{ parentLocationId: 2 }]);
    const upload = gatedUpload(bytes);
    const update = admin.contentService.updateContent(draft.contentInfo.id, 1, {
      fields: [{ fieldDefIdentifier: 'file', value: { id: null, fileName: 'manual.pdf', pending: { source: upload.source, fileName: 'manual.pdf' } } }],
    });
    await upload.started;
    // The upload holds no lock: another write of the same item and a new item both complete meanwhile.
    await admin.contentService.updateContent(draft.contentInfo.id, 1, { fields: [{ fieldDefIdentifier: 'name', value: 'Manual v2' }] });
    await admin.contentService.createContent(folder('Meanwhile'), [{ parentLocationId: 2 }]);
    upload.release();
    const updated = await update;
    const file = admin.fieldTypes.get('ezbinaryfile').toHash(updated.fields.find((field) => field.fieldDefIdentifier === 'file')?.value);
    expect(file).toMatchObject({ fileName: 'manual.pdf', fileSize: bytes.length });
    expect(updated.fields.find((field) => field.fieldDefIdentifier === 'name')?.value).toBe('Manual v2');
    expect(upload.reads()).toBe(1);
    expect(storage.files.size).toBe(2);
  });

  it('deletes the file it stored when the write fails after the upload (the version was published meanwhile)', async () => {
    const { admin, storage } = await createTestRepository();
    const draft = await admin.contentService.createContent(manual('%PDF-1.4 first'), [{ parentLocationId: 2 }]);
    const upload = gatedUpload(new TextEncoder().encode('%PDF-1.4 late'));
    const update = admin.contentService.updateContent(draft.contentInfo.id, 1, {
      fields: [{ fieldDefIdentifier: 'file', value: { id: null, fileName: 'late.pdf', pending: { source: upload.source, fileName: 'late.pdf' } } }],
    });
    await upload.started;
    await admin.contentService.publishVersion(draft.contentInfo.id, 1);
    upload.release();
    await expect(update).rejects.toMatchObject({ reason: 'version.notDraft' });
    expect(storage.files.size).toBe(1);
  });

  it('hashes a new password once, before the transaction, and keeps account members a concurrent update changed', async () => {
    let hashes = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const plain = createPlainTextPasswordHasher();
    let gated = false;
    const passwordHasher: PasswordHasher = {
      hash: async (password) => {
        if (!gated) return plain.hash(password);
        hashes++;
        await gate;
        return plain.hash(password);
      },
      verify: (password, hash) => plain.verify(password, hash),
    };
    const fieldTypes = createDefaultFieldTypeRegistry();
    const { persistence, seedImporter } = createInMemoryPersistence({ fieldTypes });
    await installCleanRepository({ persistence, seedImporter, fieldTypes, passwordHasher });
    const admin = createRepository({ persistence, storage: createInMemoryBinaryStorage(), passwordHasher, fieldTypes }).forUser({ userId: 14 });
    const user = await admin.userService.createUser(
      {
        mainLanguageCode: 'eng-GB',
        login: 'slowhash',
        email: 'slow@example.com',
        password: 'Secret-Passw0rd',
        fields: [
          { fieldDefIdentifier: 'first_name', value: 'Slow' },
          { fieldDefIdentifier: 'last_name', value: 'Hash' },
        ],
      },
      [13],
    );
    gated = true;
    const passwordChange = admin.userService.updateUser(user.contentInfo.id, { password: 'Other-Passw0rd' });
    // While the password is being hashed, another update of the same user completes.
    await admin.userService.updateUser(user.contentInfo.id, { email: 'fast@example.com' });
    release();
    await passwordChange;
    expect(hashes).toBe(1);
    expect(await admin.userService.loadUser(user.contentInfo.id)).toMatchObject({ email: 'fast@example.com' });
    await expect(admin.userService.authenticate('slowhash', 'Other-Passw0rd')).resolves.toMatchObject({ login: 'slowhash' });
  });
});
