import { InvalidArgumentError } from '../../errors/repository-error.js';
import { folderName, folderRecord, type PersistenceUnderTest, seededStore } from './fixtures.js';
import type { TestRunner } from '../test-runner.js';

/** Contract of the reference-data handlers: types, sections, languages, users, roles, object states. */
export function referenceDataContract(runner: TestRunner, create: () => Promise<PersistenceUnderTest>): void {
  const { describe, expect, it } = runner;
  describe('reference data handlers', () => {
    const store = seededStore(runner, create);

    it('loads content types with field definitions by position, groups, and lookups', async () => {
      const { contentTypeHandler } = store();
      const article = await contentTypeHandler.loadByIdentifier('article');
      expect(article).toMatchObject({ id: 2, status: 'DEFINED', isContainer: true, defaultAlwaysAvailable: false, nameSchema: '<short_title|title>', groupIds: [1] });
      expect(article?.fieldDefinitions.map((definition) => definition.identifier)).toEqual([
        'title', 'short_title', 'author', 'intro', 'body', 'enable_comments', 'image',
      ]);
      expect(article?.fieldDefinitions[0]).toMatchObject({ id: 1, fieldTypeIdentifier: 'ezstring', isRequired: true, isThumbnail: true, defaultValue: 'New article' });
      expect(article?.fieldDefinitions[0]?.validatorConfiguration).toEqual({ StringLengthValidator: { minStringLength: 0, maxStringLength: 255 } });
      expect((await contentTypeHandler.loadByRemoteId('f6df12aa74e36230eb675f364fccd25a'))?.identifier).toBe('image');
      expect((await contentTypeHandler.load(12))?.identifier).toBe('file');
      expect(await contentTypeHandler.load(6)).toBeNull();
      expect((await contentTypeHandler.loadContentTypes()).map((type) => type.id)).toEqual([1, 2, 3, 4, 5, 12]);
      expect((await contentTypeHandler.loadContentTypes(3)).map((type) => type.identifier)).toEqual(['image', 'file']);
      expect((await contentTypeHandler.loadGroups()).map((group) => group.identifier)).toEqual(['Content', 'Users', 'Media']);
      expect((await contentTypeHandler.loadGroupByIdentifier('Media'))?.id).toBe(3);
      expect(await contentTypeHandler.loadGroup(99)).toBeNull();
    });

    it('loads sections and languages', async () => {
      const { sectionHandler, languageHandler } = store();
      expect((await sectionHandler.loadAll()).map((section) => section.identifier)).toEqual(['standard', 'users', 'media']);
      expect(await sectionHandler.loadByIdentifier('media')).toEqual({ id: 3, identifier: 'media', name: 'Media' });
      expect(await sectionHandler.load(4)).toBeNull();
      expect(await languageHandler.loadAll()).toEqual([
        { id: 2, languageCode: 'eng-GB', name: 'English (United Kingdom)', enabled: true },
        { id: 4, languageCode: 'pol-PL', name: 'Polish (polski)', enabled: true },
      ]);
      expect((await languageHandler.loadByCode('pol-PL'))?.id).toBe(4);
      expect(await languageHandler.load(8)).toBeNull();
    });

    it('creates, renames, disables and deletes languages; ids are the next power of two; usage is detected', async () => {
      const { languageHandler, contentHandler } = store();
      const german = await languageHandler.create({ languageCode: 'ger-DE', name: 'German (Deutsch)', enabled: true });
      expect(german).toEqual({ id: 8, languageCode: 'ger-DE', name: 'German (Deutsch)', enabled: true });
      expect((await languageHandler.create({ languageCode: 'fre-FR', name: 'French', enabled: false })).id).toBe(16);
      await expect(languageHandler.create({ languageCode: 'ger-DE', name: 'Again', enabled: true })).rejects.toBeInstanceOf(InvalidArgumentError);
      expect(await languageHandler.update({ ...german, name: 'Deutsch', enabled: false })).toEqual({ ...german, name: 'Deutsch', enabled: false });
      expect(await languageHandler.loadByCode('ger-DE')).toEqual({ ...german, name: 'Deutsch', enabled: false });
      expect(await languageHandler.isUsed('eng-GB')).toBe(true);
      expect(await languageHandler.isUsed('ger-DE')).toBe(false);
      // A translation is a use, although the item's main language is another.
      await contentHandler.create(
        folderRecord('Folder', { languageCodes: ['eng-GB', 'ger-DE'], names: { 'eng-GB': 'Folder', 'ger-DE': 'Ordner' }, fields: [folderName('Folder'), folderName('Ordner', 'ger-DE')] }),
      );
      expect(await languageHandler.isUsed('ger-DE')).toBe(true);
      expect(await languageHandler.isUsed('fre-FR')).toBe(false);
      await languageHandler.delete(16);
      expect(await languageHandler.load(16)).toBeNull();
      expect((await languageHandler.loadAll()).map((language) => language.languageCode)).toEqual(['eng-GB', 'pol-PL', 'ger-DE']);
    });

    it('loads, writes and deletes user accounts; logins are unique case-insensitively', async () => {
      const { userHandler, contentHandler } = store();
      expect(await userHandler.loadAccountByLogin('ADMIN')).toMatchObject({ contentId: 14, email: 'admin@link.invalid', passwordHash: 'hash:publish', enabled: true, maxLogin: 10 });
      expect((await userHandler.loadAccountsByEmail('anonymous@link.invalid')).map((account) => account.contentId)).toEqual([10]);
      const id = (await contentHandler.create(folderRecord('Account holder'))).contentInfo.id;
      const account = { contentId: id, login: 'editor', email: 'editor@example.com', passwordHash: 'h', enabled: true, maxLogin: 3, passwordUpdatedAt: new Date('2024-01-01T00:00:00Z') };
      await userHandler.upsertAccount(account);
      expect(await userHandler.loadAccount(id)).toEqual(account);
      await userHandler.upsertAccount({ ...account, email: 'new@example.com', enabled: false });
      expect(await userHandler.loadAccount(id)).toMatchObject({ email: 'new@example.com', enabled: false });
      await expect(userHandler.upsertAccount({ ...account, contentId: 1, login: 'Editor' })).rejects.toBeInstanceOf(InvalidArgumentError);
      await userHandler.deleteAccount(id);
      expect(await userHandler.loadAccount(id)).toBeNull();
    });

    it('loads roles with policies and limitations, and assignments by subject', async () => {
      const { roleHandler } = store();
      const [anonymous, administrator] = await roleHandler.loadRolesByIds([2, 1]);
      expect(anonymous?.identifier).toBe('Anonymous');
      expect(anonymous?.policies).toEqual([
        { id: 328, roleId: 1, module: 'content', function: 'read', limitations: [{ identifier: 'Section', values: ['1'] }] },
        { id: 331, roleId: 1, module: 'user', function: 'login', limitations: [{ identifier: 'SiteAccess', values: ['1766001124'] }] },
        { id: 334, roleId: 1, module: 'content', function: 'view_embed', limitations: [{ identifier: 'Class', values: ['5', '12'] }] },
      ]);
      expect(administrator?.policies).toEqual([{ id: 332, roleId: 2, module: '*', function: '*', limitations: [] }]);
      expect((await roleHandler.loadRoles()).map((role) => role.identifier)).toEqual(['Anonymous', 'Administrator', 'Editor', 'Member']);
      const editors = await roleHandler.loadAssignmentsBySubjects([13]);
      expect(editors.map((assignment) => [assignment.id, assignment.roleId, assignment.limitation])).toEqual([
        [32, 3, { identifier: 'Subtree', values: ['/1/2/'] }],
        [33, 3, { identifier: 'Subtree', values: ['/1/43/'] }],
        [35, 4, null],
      ]);
      expect(await roleHandler.loadAssignmentsBySubjects([999])).toEqual([]);
    });

    it('loads object states and sets the state of content per group', async () => {
      const { objectStateHandler, contentHandler } = store();
      expect((await objectStateHandler.loadGroups()).map((group) => group.identifier)).toEqual(['ez_lock']);
      expect((await objectStateHandler.loadStates(2)).map((state) => [state.id, state.identifier, state.priority])).toEqual([
        [1, 'not_locked', 0],
        [2, 'locked', 1],
      ]);
      expect(await objectStateHandler.loadContentStateIds(1)).toEqual([1]);
      const id = (await contentHandler.create(folderRecord('Stateful'))).contentInfo.id;
      await objectStateHandler.setContentStates(id, [1]);
      await objectStateHandler.setContentStates(id, [2]);
      expect(await objectStateHandler.loadContentStateIds(id)).toEqual([2]);
    });
  });
}
