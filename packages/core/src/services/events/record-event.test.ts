import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Repository } from '../../api/services/repository.js';
import type { PublishedEvent } from '../../spi/domain-events.js';
import { publishFolder } from '../../testing/content-builders.js';
import { createInMemoryPersistence } from '../../testing/in-memory/index.js';
import { createTestRepository } from '../../testing/test-repository.js';

describe('domain events recorded by the services', () => {
  let admin: Repository;
  let events: () => readonly PublishedEvent[];
  /** The events committed by `work`, as `[type, payload]` pairs. */
  let recorded: (work: () => Promise<unknown>) => Promise<[string, unknown][]>;
  beforeEach(async () => {
    const repository = await createTestRepository({ languages: ['pol-PL'] });
    admin = repository.admin;
    events = repository.events;
    recorded = async (work) => {
      const before = events().length;
      await work();
      return events()
        .slice(before)
        .map((event) => [event.type, event.payload]);
    };
  });

  it('content: created, published, drafted, metadata, section, hidden, copied, translation and version deleted, deleted', async () => {
    let contentId = 0;
    expect(
      await recorded(async () => {
        contentId = (await publishFolder(admin, 'Evented', 2, { 'pol-PL': 'Zdarzenie' })).contentId;
      }),
    ).toEqual([
      ['version.created', { contentId, versionNo: 1 }],
      ['content.published', { contentId, versionNo: 1, languageCodes: ['eng-GB', 'pol-PL'] }],
    ]);
    const event = events().at(-1);
    expect(event).toMatchObject({ userId: 14, seq: events().length });
    expect(event?.occurredAt).toBeInstanceOf(Date);
    expect(await recorded(() => admin.contentService.createContentDraft(contentId))).toEqual([['version.created', { contentId, versionNo: 2 }]]);
    expect(await recorded(() => admin.contentService.deleteVersion(contentId, 2))).toEqual([['version.deleted', { contentId, versionNo: 2 }]]);
    expect(await recorded(() => admin.contentService.updateContentMetadata(contentId, { sectionId: 2 }))).toEqual([
      ['content.metadata_updated', { contentId }],
      ['content.section_assigned', { contentId, sectionId: 2 }],
    ]);
    expect(await recorded(() => admin.sectionService.assignSection(contentId, 1))).toEqual([['content.section_assigned', { contentId, sectionId: 1 }]]);
    expect(await recorded(() => admin.contentService.hideContent(contentId))).toEqual([['content.hidden', { contentId }]]);
    expect(await recorded(() => admin.contentService.hideContent(contentId))).toEqual([]);
    expect(await recorded(() => admin.contentService.revealContent(contentId))).toEqual([['content.revealed', { contentId }]]);
    expect(await recorded(() => admin.contentService.deleteTranslation(contentId, 'pol-PL'))).toEqual([
      ['content.translation_deleted', { contentId, languageCode: 'pol-PL' }],
    ]);
    let copyId = 0;
    expect(
      await recorded(async () => {
        copyId = (await admin.contentService.copyContent(contentId, { parentLocationId: 2 })).contentInfo.id;
      }),
    ).toEqual([['content.copied', { contentId: copyId, sourceContentId: contentId }]]);
    expect(await recorded(() => admin.contentService.deleteContent(contentId))).toEqual([['content.deleted', { contentId }]]);
  });

  it('locations: created, updated, moved, hidden, swapped, copied, trashed, restored, deleted', async () => {
    const a = await publishFolder(admin, 'A', 2);
    const b = await publishFolder(admin, 'B', 2);
    let extra = 0;
    expect(
      await recorded(async () => {
        extra = (await admin.locationService.createLocation(a.contentId, { parentLocationId: b.locationId })).id;
      }),
    ).toEqual([['location.created', { locationId: extra, contentId: a.contentId, parentLocationId: b.locationId }]]);
    expect(await recorded(() => admin.locationService.updateLocation(extra, { priority: 3 }))).toEqual([['location.updated', { locationId: extra }]]);
    expect(await recorded(() => admin.locationService.deleteLocation(extra))).toEqual([['location.deleted', { locationId: extra, contentId: a.contentId }]]);
    expect(await recorded(() => admin.locationService.moveSubtree(a.locationId, b.locationId))).toEqual([
      ['location.moved', { locationId: a.locationId, oldParentLocationId: 2, newParentLocationId: b.locationId }],
    ]);
    expect(await recorded(() => admin.locationService.hideLocation(a.locationId))).toEqual([['location.hidden', { locationId: a.locationId }]]);
    expect(await recorded(() => admin.locationService.unhideLocation(a.locationId))).toEqual([['location.unhidden', { locationId: a.locationId }]]);
    const c = await publishFolder(admin, 'C', 2);
    expect(await recorded(() => admin.locationService.swapLocation(c.locationId, b.locationId))).toEqual([
      ['location.swapped', { locationId1: c.locationId, locationId2: b.locationId }],
    ]);
    let copyRoot = 0;
    expect(
      await recorded(async () => {
        copyRoot = (await admin.locationService.copySubtree(a.locationId, c.locationId)).id;
      }),
    ).toEqual([['location.subtree_copied', { locationId: a.locationId, newLocationId: copyRoot }]]);
    expect(await recorded(() => admin.trashService.trash(a.locationId))).toEqual([['location.trashed', { locationId: a.locationId, contentId: a.contentId }]]);
    expect(await recorded(() => admin.trashService.recover(a.locationId, 2))).toEqual([
      ['location.restored', { locationId: a.locationId, contentId: a.contentId, parentLocationId: 2 }],
    ]);
  });

  it('content types and users', async () => {
    let contentTypeId = 0;
    expect(
      await recorded(async () => {
        const draft = await admin.contentTypeService.createContentType(
          {
            identifier: 'evented_type',
            mainLanguageCode: 'eng-GB',
            names: { 'eng-GB': 'Evented' },
            nameSchema: '<title>',
            fieldDefinitions: [{ identifier: 'title', fieldTypeIdentifier: 'ezstring', names: { 'eng-GB': 'Title' } }],
          },
          [1],
        );
        contentTypeId = draft.id;
        await admin.contentTypeService.publishContentTypeDraft(draft.id);
      }),
    ).toEqual([['content_type.published', { contentTypeId }]]);
    expect(await recorded(() => admin.contentTypeService.deleteContentType(contentTypeId))).toEqual([['content_type.deleted', { contentTypeId }]]);

    let userId = 0;
    const created = await recorded(async () => {
      userId = (await admin.userService.createUser({ login: 'evented', email: 'evented@example.com', password: 'Publish-42!', mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'first_name', value: 'E' }, { fieldDefIdentifier: 'last_name', value: 'V' }] }, [12])).contentInfo.id;
    });
    expect(created).toEqual([
      ['version.created', { contentId: userId, versionNo: 1 }],
      ['content.published', { contentId: userId, versionNo: 1, languageCodes: ['eng-GB'] }],
      ['user.created', { userId }],
    ]);
    expect((await recorded(() => admin.userService.updateUser(userId, { email: 'changed@example.com' }))).map(([type]) => type)).toEqual([
      'version.created',
      'content.published',
      'user.updated',
    ]);
    expect(await recorded(() => admin.userService.deleteUser(userId))).toEqual([
      ['content.deleted', { contentId: userId }],
      ['user.deleted', { userId }],
    ]);
  });

  it('sections and languages: created, updated, deleted', async () => {
    let sectionId = 0;
    expect(
      await recorded(async () => {
        sectionId = (await admin.sectionService.createSection({ identifier: 'evented', name: 'Evented' })).id;
      }),
    ).toEqual([['section.created', { sectionId }]]);
    expect(await recorded(() => admin.sectionService.updateSection(sectionId, { name: 'Renamed' }))).toEqual([['section.updated', { sectionId }]]);
    expect(await recorded(() => admin.sectionService.deleteSection(sectionId))).toEqual([['section.deleted', { sectionId }]]);

    let languageId = 0;
    expect(
      await recorded(async () => {
        languageId = (await admin.languageService.createLanguage({ languageCode: 'fre-FR', name: 'French' })).id;
      }),
    ).toEqual([['language.created', { languageId, languageCode: 'fre-FR' }]]);
    const language = await admin.languageService.loadLanguageById(languageId);
    const changed = { languageId, languageCode: 'fre-FR' };
    expect(await recorded(() => admin.languageService.updateLanguageName(language, 'Français'))).toEqual([['language.updated', changed]]);
    expect(await recorded(() => admin.languageService.disableLanguage(language))).toEqual([['language.updated', changed]]);
    expect(await recorded(() => admin.languageService.enableLanguage(language))).toEqual([['language.updated', changed]]);
    expect(await recorded(() => admin.languageService.deleteLanguage(language))).toEqual([['language.deleted', changed]]);
  });

  it('roles: created, updated (draft published, shortcuts), assigned, unassigned, deleted', async () => {
    let roleId = 0;
    expect(
      await recorded(async () => {
        roleId = (await admin.roleService.createAndPublishRole({ identifier: 'Evented' })).id;
      }),
    ).toEqual([['role.created', { roleId }]]);
    const draft = await admin.roleService.createRoleDraft(roleId);
    expect(await recorded(() => admin.roleService.updateRoleDraft(draft.id, { identifier: 'Evented2' }))).toEqual([]);
    expect(await recorded(() => admin.roleService.publishRoleDraft(draft.id))).toEqual([['role.updated', { roleId }]]);
    expect(await recorded(() => admin.roleService.addPolicy(roleId, { module: 'content', function: 'read' }))).toEqual([['role.updated', { roleId }]]);
    expect(await recorded(() => admin.roleService.updateRole(roleId, { identifier: 'Evented3' }))).toEqual([['role.updated', { roleId }]]);
    let toUser = 0;
    expect(
      await recorded(async () => {
        toUser = (await admin.roleService.assignRoleToUser(roleId, 10)).id;
      }),
    ).toEqual([['role.assigned', { roleId, userId: 10, assignmentId: toUser }]]);
    let toGroup = 0;
    expect(
      await recorded(async () => {
        toGroup = (await admin.roleService.assignRoleToUserGroup(roleId, 12)).id;
      }),
    ).toEqual([['role.assigned', { roleId, userGroupId: 12, assignmentId: toGroup }]]);
    expect(await recorded(() => admin.roleService.removeRoleAssignment(toGroup))).toEqual([['role.unassigned', { roleId, userGroupId: 12, assignmentId: toGroup }]]);
    expect(await recorded(() => admin.roleService.removeRoleAssignment(toUser))).toEqual([['role.unassigned', { roleId, userId: 10, assignmentId: toUser }]]);
    expect(await recorded(() => admin.roleService.deleteRole(roleId))).toEqual([['role.deleted', { roleId }]]);
  });

  it('object states and user group membership', async () => {
    const names = (text: string) => ({ defaultLanguageCode: 'eng-GB', names: { 'eng-GB': text } });
    const states = admin.objectStateService;
    let objectStateGroupId = 0;
    expect(
      await recorded(async () => {
        objectStateGroupId = (await states.createObjectStateGroup({ identifier: 'evented', ...names('Evented') })).id;
      }),
    ).toEqual([['object_state_group.created', { objectStateGroupId }]]);
    let objectStateId = 0;
    expect(
      await recorded(async () => {
        objectStateId = (await states.createObjectState(objectStateGroupId, { identifier: 'first', ...names('First') })).id;
      }),
    ).toEqual([['object_state.created', { objectStateId, objectStateGroupId }]]);
    const second = await states.createObjectState(objectStateGroupId, { identifier: 'second', ...names('Second') });
    expect(await recorded(() => states.updateObjectState(objectStateId, names('Renamed')))).toEqual([['object_state.updated', { objectStateId, objectStateGroupId }]]);
    expect(await recorded(() => states.setPriorityOfObjectState(objectStateId, 5))).toEqual([['object_state.updated', { objectStateId, objectStateGroupId }]]);
    expect(await recorded(() => states.updateObjectStateGroup(objectStateGroupId, names('Renamed')))).toEqual([['object_state_group.updated', { objectStateGroupId }]]);
    const folder = await publishFolder(admin, 'Stateful', 2);
    expect(await recorded(() => states.setContentState(folder.contentId, objectStateGroupId, second.id))).toEqual([
      ['object_state.assigned', { contentId: folder.contentId, objectStateGroupId, objectStateId: second.id }],
    ]);
    expect(await recorded(() => states.deleteObjectState(objectStateId))).toEqual([['object_state.deleted', { objectStateId, objectStateGroupId }]]);
    expect(await recorded(() => states.deleteObjectStateGroup(objectStateGroupId))).toEqual([['object_state_group.deleted', { objectStateGroupId }]]);

    const membership = await recorded(() => admin.userService.assignUserToUserGroup(10, 12));
    expect(membership.map(([type]) => type)).toEqual(['location.created', 'user.assigned_to_group']);
    expect(membership.at(-1)).toEqual(['user.assigned_to_group', { userId: 10, userGroupId: 12 }]);
    const leaving = await recorded(() => admin.userService.unAssignUserFromUserGroup(10, 12));
    expect(leaving.map(([type]) => type)).toEqual(['location.deleted', 'user.unassigned_from_group']);
    expect(leaving.at(-1)).toEqual(['user.unassigned_from_group', { userId: 10, userGroupId: 12 }]);
  });

  it('records nothing for a refused or failing operation', async () => {
    const folder = await publishFolder(admin, 'Stays', 2);
    expect(await recorded(() => admin.locationService.moveSubtree(folder.locationId, folder.locationId).catch(() => undefined))).toEqual([]);
    expect(await recorded(() => admin.contentService.deleteVersion(folder.contentId, 1).catch(() => undefined))).toEqual([]);
    // A refused user creation (weak password, required fields missing) records nothing.
    expect(
      await recorded(() =>
        admin.userService
          .createUser({ login: 'weak', email: 'weak@example.com', password: 'x', mainLanguageCode: 'eng-GB', fields: [] }, [12])
          .catch(() => undefined),
      ),
    ).toEqual([]);
    // Refused writes of sections, languages, roles, object states and group membership record nothing either.
    const refused = (work: () => Promise<unknown>) => recorded(() => expect(work()).rejects.toBeInstanceOf(Error));
    expect(await refused(() => admin.sectionService.createSection({ identifier: 'standard', name: 'Taken' }))).toEqual([]);
    expect(await refused(() => admin.sectionService.deleteSection(1))).toEqual([]);
    expect(await refused(() => admin.languageService.createLanguage({ languageCode: 'eng-GB', name: 'Again' }))).toEqual([]);
    const english = await admin.languageService.loadLanguage('eng-GB');
    expect(await refused(() => admin.languageService.deleteLanguage(english))).toEqual([]);
    expect(await refused(() => admin.roleService.createAndPublishRole({ identifier: 'Editor' }))).toEqual([]);
    const assignment = await admin.roleService.assignRoleToUser(4, 10);
    expect(await refused(() => admin.roleService.assignRoleToUser(4, 10))).toEqual([]);
    expect(await refused(() => admin.roleService.removeRoleAssignment(assignment.id + 1000))).toEqual([]);
    expect(await refused(() => admin.objectStateService.setContentState(folder.contentId, 2, 999))).toEqual([]);
    expect(await refused(() => admin.userService.unAssignUserFromUserGroup(10, 42))).toEqual([]);
    expect(await refused(() => admin.userService.assignUserToUserGroup(10, 42))).toEqual([]);
  });

  it('the in-memory outbox publishes the events of committed transactions only, in commit order', async () => {
    const store = createInMemoryPersistence();
    const event = (type: string) => ({ type, payload: {}, userId: null });
    await store.persistence.transaction((tx) => tx.events.record([event('a.one'), event('a.two')]));
    await expect(
      store.persistence.transaction(async (tx) => {
        await tx.events.record([event('b.rolled_back')]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await store.persistence.events.record([event('c.alone')]);
    expect(store.publishedEvents().map(({ type, seq }) => [type, seq])).toEqual([
      ['a.one', 1],
      ['a.two', 2],
      ['c.alone', 3],
    ]);
  });
});
