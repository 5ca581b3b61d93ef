import { beforeAll, expect, it } from '@jest/globals';
import {
  BadStateError,
  InvalidArgumentError,
  NotFoundError,
  type ContentTypeCreateStruct,
  type LockTarget,
  type Repository,
} from '@contentrepo/core';
import { publishFolder } from '@contentrepo/core/testing';
import { describeOnEachDialect } from './test-support/dialect-suite.js';
import { cleanRepositoriesOn } from './test-support/repository-on-store.js';

/** Rounds of each concurrent scenario (a lost update shows in most rounds on PostgreSQL without locks). */
const ROUNDS = 3;

/** Starts the writes at the same moment and answers how each ended, in order. */
const together = (writes: readonly (() => Promise<unknown>)[]): Promise<PromiseSettledResult<unknown>[]> =>
  Promise.allSettled(writes.map((write) => write()));

const statuses = (results: readonly PromiseSettledResult<unknown>[]): string[] => results.map((result) => result.status);

/** The reasons of the rejected writes. */
const rejections = (results: readonly PromiseSettledResult<unknown>[]): unknown[] =>
  results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));

let counter = 0;
const unique = (prefix: string): string => `${prefix}_${Date.now().toString(36)}_${(counter += 1)}`;

const typeStruct = (identifier: string): ContentTypeCreateStruct => ({
  identifier,
  mainLanguageCode: 'eng-GB',
  names: { 'eng-GB': identifier },
  nameSchema: '<title>',
  fieldDefinitions: [{ identifier: 'title', fieldTypeIdentifier: 'ezstring', names: { 'eng-GB': 'Title' } }],
});

// Two repositories on one store stand for two server nodes sharing a database: each write of a scenario runs on
// one of them, all at the same moment. Without the aggregate locks, PostgreSQL loses updates in these scenarios.
describeOnEachDialect(
  'concurrent writes of one aggregate',
  (store) => {
    let nodes: Repository[] = [];
    beforeAll(async () => {
      nodes = await cleanRepositoriesOn(store(), 2);
    });
    const node = (index: number): Repository => {
      const repository = nodes[index % nodes.length];
      if (!repository) throw new Error('no repository yet');
      return repository;
    };

    it('moves that would make a cycle: one of them is refused and the tree stays a tree', async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const a = await publishFolder(node(0), `Cycle A ${round}`, 2);
        const b = await publishFolder(node(0), `Cycle B ${round}`, 2);
        const results = await together([
          () => node(0).locationService.moveSubtree(a.locationId, b.locationId),
          () => node(1).locationService.moveSubtree(b.locationId, a.locationId),
        ]);
        expect(statuses(results).sort()).toEqual(['fulfilled', 'rejected']);
        expect(rejections(results)[0]).toBeInstanceOf(InvalidArgumentError);
        for (const location of await node(0).locationService.loadLocationList([a.locationId, b.locationId])) {
          const parent = await node(0).locationService.loadLocation(location.parentLocationId);
          expect(location.pathString).toBe(`${parent.pathString}${location.id}/`);
          expect(location.pathString.startsWith('/1/2/')).toBe(true);
        }
      }
    });

    it('concurrent changes of one content type draft all stay, and added field definitions get distinct positions', async () => {
      const types = node(0).contentTypeService;
      const draft = await types.createContentType(typeStruct(unique('concurrent_type')), [1]);
      const added = ['a', 'b', 'c', 'd'];
      const results = await together([
        () => node(0).contentTypeService.updateContentTypeDraft(draft.id, { names: { 'eng-GB': 'Renamed' } }),
        () => node(1).contentTypeService.updateContentTypeDraft(draft.id, { isContainer: true }),
        () => node(0).contentTypeService.updateContentTypeDraft(draft.id, { urlAliasSchema: '<title>' }),
        ...added.map(
          (identifier, index) => () =>
            node(index).contentTypeService.addFieldDefinition(draft.id, { identifier, fieldTypeIdentifier: 'ezstring', names: { 'eng-GB': identifier } }),
        ),
      ]);
      expect(rejections(results)).toEqual([]);
      const after = await types.loadContentTypeDraft(draft.id);
      expect(after).toMatchObject({ names: { 'eng-GB': 'Renamed' }, isContainer: true, urlAliasSchema: '<title>' });
      expect(after.fieldDefinitions.map((definition) => definition.identifier).sort()).toEqual([...added, 'title'].sort());
      expect(new Set(after.fieldDefinitions.map((definition) => definition.position)).size).toBe(added.length + 1);
    });

    it('a content type draft is published once: a concurrent publication finds no draft', async () => {
      const types = node(0).contentTypeService;
      const created = await types.createContentType(typeStruct(unique('published_once')), [1]);
      await types.publishContentTypeDraft(created.id);
      for (let round = 0; round < ROUNDS; round += 1) {
        await types.createContentTypeDraft(created.id);
        await types.addFieldDefinition(created.id, { identifier: `field_${round}`, fieldTypeIdentifier: 'ezstring', names: { 'eng-GB': 'F' } });
        const results = await together([
          () => node(0).contentTypeService.publishContentTypeDraft(created.id),
          () => node(1).contentTypeService.publishContentTypeDraft(created.id),
        ]);
        expect(statuses(results).sort()).toEqual(['fulfilled', 'rejected']);
        expect(rejections(results)[0]).toBeInstanceOf(NotFoundError);
        const published = await types.loadContentType(created.id);
        expect(published.fieldDefinitions.map((definition) => definition.identifier)).toContain(`field_${round}`);
      }
      // A draft is created once as well.
      const drafts = await together([() => node(0).contentTypeService.createContentTypeDraft(created.id), () => node(1).contentTypeService.createContentTypeDraft(created.id)]);
      expect(statuses(drafts).sort()).toEqual(['fulfilled', 'rejected']);
      expect(rejections(drafts)[0]).toBeInstanceOf(BadStateError);
    });

    it('concurrent policy additions to one role all stay; of identical assignments exactly one is made', async () => {
      const role = await node(0).roleService.createAndPublishRole({ identifier: unique('Concurrent'), policies: [] });
      const functions = ['read', 'versionread', 'edit', 'create'];
      const results = await together(functions.map((name, index) => () => node(index).roleService.addPolicy(role.id, { module: 'content', function: name })));
      expect(rejections(results)).toEqual([]);
      const after = await node(0).roleService.loadRole(role.id);
      expect(after.policies.map((policy) => policy.function).sort()).toEqual([...functions].sort());

      const assignments = await together(Array.from({ length: 4 }, (_, index) => () => node(index).roleService.assignRoleToUserGroup(role.id, 13)));
      expect(statuses(assignments).filter((status) => status === 'fulfilled')).toHaveLength(1);
      for (const reason of rejections(assignments)) expect(reason).toBeInstanceOf(InvalidArgumentError);
      expect(await node(0).roleService.getRoleAssignments(role.id)).toHaveLength(1);
    });

    it('sibling drafts of one role published at once, with a shortcut change, apply whole one after the other', async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const role = await node(0).roleService.createAndPublishRole({ identifier: unique('Siblings'), policies: [{ module: 'content', function: 'read' }] });
        const readId = role.policies[0]?.id;
        const functions = ['edit', 'create', 'remove'];
        const drafts = [];
        for (const name of functions) {
          const draft = await node(0).roleService.createRoleDraft(role.id);
          await node(0).roleService.addPolicyByRoleDraft(draft.id, { module: 'content', function: name });
          drafts.push(draft);
        }
        const results = await together([
          ...drafts.map((draft, index) => () => node(index).roleService.publishRoleDraft(draft.id)),
          () => node(1).roleService.addPolicy(role.id, { module: 'user', function: 'login' }),
        ]);
        expect(rejections(results)).toEqual([]);
        const after = await node(0).roleService.loadRole(role.id);
        // The last write wins whole: a draft (read + its policy) or the shortcut on the last published draft (+ login).
        const [first, added, ...rest] = after.policies;
        expect([first?.id, first?.function]).toEqual([readId, 'read']);
        expect(functions).toContain(added?.function);
        expect(rest.map((policy) => policy.function)).toEqual(rest.length === 0 ? [] : ['login']);
        for (const draft of drafts) await expect(node(0).roleService.loadRoleDraft(draft.id)).rejects.toBeInstanceOf(NotFoundError);
      }
    });

    it('concurrent updates of different members of a section both stay', async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const section = await node(0).sectionService.createSection({ identifier: unique('section'), name: 'Before' });
        const identifier = unique('renamed');
        const results = await together([
          () => node(0).sectionService.updateSection(section.id, { name: 'After' }),
          () => node(1).sectionService.updateSection(section.id, { identifier }),
        ]);
        expect(rejections(results)).toEqual([]);
        expect(await node(0).sectionService.loadSection(section.id)).toMatchObject({ identifier, name: 'After' });
      }
    });

    it('concurrent object state creations get distinct priorities; a priority change keeps a concurrent rename', async () => {
      const states = node(0).objectStateService;
      const group = await states.createObjectStateGroup({ identifier: unique('group'), defaultLanguageCode: 'eng-GB', names: { 'eng-GB': 'Group' } });
      const created = await together(
        ['one', 'two', 'three', 'four'].map(
          (identifier, index) => () =>
            node(index).objectStateService.createObjectState(group.id, { identifier, defaultLanguageCode: 'eng-GB', names: { 'eng-GB': identifier } }),
        ),
      );
      expect(rejections(created)).toEqual([]);
      const all = await states.loadObjectStates(group.id);
      expect(all.map((state) => state.priority).sort()).toEqual([0, 1, 2, 3]);
      for (let round = 0; round < ROUNDS; round += 1) {
        const [first] = await states.loadObjectStates(group.id);
        if (!first) throw new Error('no state');
        const name = `Renamed ${round}`;
        const results = await together([
          () => node(0).objectStateService.updateObjectState(first.id, { names: { 'eng-GB': name } }),
          () => node(1).objectStateService.setPriorityOfObjectState(first.id, 10 + round),
        ]);
        expect(rejections(results)).toEqual([]);
        expect(await states.loadObjectState(first.id)).toMatchObject({ names: { 'eng-GB': name }, priority: 10 + round });
      }
    });

    it('of concurrent creations of one bookmark exactly one succeeds', async () => {
      const folder = await publishFolder(node(0), 'Bookmarked', 2);
      const results = await together(Array.from({ length: 4 }, (_, index) => () => node(index).bookmarkService.createBookmark(folder.locationId)));
      expect(statuses(results).filter((status) => status === 'fulfilled')).toHaveLength(1);
      for (const reason of rejections(results)) expect(reason).toBeInstanceOf(InvalidArgumentError);
    });

    it('concurrent custom aliases: a path goes to one location, and aliases below one new path element all resolve', async () => {
      const a = await publishFolder(node(0), 'Alias A', 2);
      const b = await publishFolder(node(0), 'Alias B', 2);
      for (let round = 0; round < ROUNDS; round += 1) {
        const path = `/${unique('taken')}`;
        const results = await together([
          () => node(0).urlAliasService.createUrlAlias(a.locationId, path, 'eng-GB'),
          () => node(1).urlAliasService.createUrlAlias(b.locationId, path, 'eng-GB'),
        ]);
        expect(statuses(results).sort()).toEqual(['fulfilled', 'rejected']);
        expect(rejections(results)[0]).toBeInstanceOf(InvalidArgumentError);
        const winner = results[0]?.status === 'fulfilled' ? a : b;
        expect(await node(0).urlAliasService.lookup(path)).toMatchObject({ type: 'LOCATION', destination: winner.locationId });

        const directory = `/${unique('directory')}`;
        const below = ['x', 'y', 'z'];
        const created = await together(below.map((name, index) => () => node(index).urlAliasService.createUrlAlias(a.locationId, `${directory}/${name}`, 'eng-GB')));
        expect(rejections(created)).toEqual([]);
        for (const name of below) {
          expect(await node(0).urlAliasService.lookup(`${directory}/${name}`)).toMatchObject({ destination: a.locationId });
        }
      }
    });
  },
  { seed: false },
);

// Each write counts in the revision of every aggregate it changes: the entity tag of its resources changes.
describeOnEachDialect(
  'revisions of the aggregates a write changes',
  (store) => {
    let admin: Repository | undefined;
    beforeAll(async () => {
      [admin] = await cleanRepositoriesOn(store());
    });
    const repository = (): Repository => {
      if (!admin) throw new Error('no repository yet');
      return admin;
    };

    /** Runs `write` and expects the revision of each target to have grown. */
    async function expectCounted(targets: readonly LockTarget[], write: () => Promise<unknown>): Promise<void> {
      const before = await repository().revisions(targets);
      await write();
      const after = await repository().revisions(targets);
      targets.forEach((target, index) => {
        expect({ target, grown: (after[index] ?? 0) > (before[index] ?? 0) }).toEqual({ target, grown: true });
      });
    }
    const location = (id: number): LockTarget => ({ kind: 'location', id });
    const content = (id: number): LockTarget => ({ kind: 'content', id });

    it('counts location writes in the locations (the whole subtree), their parents, content items and aliases', async () => {
      const locations = repository().locationService;
      const parent = await publishFolder(repository(), 'Revision parent', 2);
      const child = await publishFolder(repository(), 'Revision child', parent.locationId);
      const target = await publishFolder(repository(), 'Revision target', 2);
      await expectCounted([location(parent.locationId)], () => locations.updateLocation(parent.locationId, { priority: 5 }));
      await expectCounted([location(parent.locationId), location(child.locationId)], () => locations.hideLocation(parent.locationId));
      await expectCounted([location(parent.locationId), location(child.locationId)], () => locations.unhideLocation(parent.locationId));
      await expectCounted(
        [location(parent.locationId), location(child.locationId), location(2), location(target.locationId), { kind: 'urlAliases', id: parent.locationId }],
        () => locations.moveSubtree(parent.locationId, target.locationId),
      );
      await expectCounted([location(target.locationId), content(child.contentId)], () => locations.createLocation(child.contentId, { parentLocationId: target.locationId }));
      const other = await publishFolder(repository(), 'Revision other', 2);
      await expectCounted([location(child.locationId), location(other.locationId), content(child.contentId), content(other.contentId)], () =>
        locations.swapLocation(child.locationId, other.locationId),
      );
      await expectCounted([location(target.locationId)], () => locations.copySubtree(other.locationId, target.locationId));
      await repository().bookmarkService.createBookmark(parent.locationId);
      await expectCounted(
        [location(parent.locationId), location(child.locationId), location(target.locationId), content(parent.contentId), { kind: 'bookmarks', id: 14 }],
        () => locations.deleteLocation(parent.locationId),
      );
    });

    it('counts trash writes in the locations and content items', async () => {
      const folder = await publishFolder(repository(), 'Revision trash', 2);
      await expectCounted([location(folder.locationId), location(2), content(folder.contentId)], () => repository().trashService.trash(folder.locationId));
      await expectCounted([location(folder.locationId), location(2), content(folder.contentId)], () => repository().trashService.recover(folder.locationId));
      await repository().trashService.trash(folder.locationId);
      await expectCounted([content(folder.contentId)], () => repository().trashService.deleteTrashItem(folder.locationId));
    });

    it('counts every content type write in the type, and type creations in their groups', async () => {
      const types = repository().contentTypeService;
      const group: LockTarget = { kind: 'contentTypeGroup', id: 1 };
      const draft = await types.createContentType(typeStruct(unique('revision_type')), [1]);
      const type: LockTarget = { kind: 'contentType', id: draft.id };
      expect(await repository().revisions([type])).toEqual([1]);
      await expectCounted([group], () => types.createContentType(typeStruct(unique('revision_other')), [1]));
      await expectCounted([type], () => types.updateContentTypeDraft(draft.id, { isContainer: true }));
      await expectCounted([type], () => types.addFieldDefinition(draft.id, { identifier: 'body', fieldTypeIdentifier: 'ezstring' }));
      const body = (await types.loadContentTypeDraft(draft.id)).fieldDefinitions.find((definition) => definition.identifier === 'body');
      await expectCounted([type], () => types.updateFieldDefinition(draft.id, body?.id ?? 0, { isRequired: true }));
      await expectCounted([type], () => types.removeFieldDefinition(draft.id, body?.id ?? 0));
      await expectCounted([type], () => types.publishContentTypeDraft(draft.id));
      await expectCounted([type], () => types.createContentTypeDraft(draft.id));
      await expectCounted([type], () => types.deleteContentTypeDraft(draft.id));
      await expectCounted([type, { kind: 'contentTypeGroup', id: 3 }], () => types.assignContentTypeGroup(draft.id, 3));
      await expectCounted([type, { kind: 'contentTypeGroup', id: 3 }], () => types.unassignContentTypeGroup(draft.id, 3));
      await expectCounted([type], () => types.deleteContentType(draft.id));
      const created = await types.createContentTypeGroup({ identifier: unique('revision_group') });
      expect(await repository().revisions([{ kind: 'contentTypeGroup', id: created.id }])).toEqual([1]);
      await expectCounted([{ kind: 'contentTypeGroup', id: created.id }], () => types.updateContentTypeGroup(created.id, { identifier: unique('renamed_group') }));
    });

    it('counts role, policy and assignment writes in the role', async () => {
      const roles = repository().roleService;
      const role = await roles.createAndPublishRole({ identifier: unique('Revision'), policies: [] });
      const target: LockTarget = { kind: 'role', id: role.id };
      const policy = await roles.addPolicy(role.id, { module: 'content', function: 'read' });
      await expectCounted([target], () => roles.updatePolicy(role.id, policy.id, { limitations: [{ identifier: 'Section', values: ['1'] }] }));
      await expectCounted([target], () => roles.updateRole(role.id, { identifier: unique('Renamed') }));
      const draft = await roles.createRoleDraft(role.id);
      await expectCounted([target], () => roles.addPolicyByRoleDraft(draft.id, { module: 'content', function: 'edit' }));
      await expectCounted([target], () => roles.publishRoleDraft(draft.id));
      const assignment = await roles.assignRoleToUserGroup(role.id, 13);
      await expectCounted([target], () => roles.removeRoleAssignment(assignment.id));
      await expectCounted([target], () => roles.deletePolicy(role.id, null));
      await expectCounted([target], () => roles.deleteRole(role.id));
    });

    it('counts section, object state, alias, wildcard and bookmark writes', async () => {
      const folder = await publishFolder(repository(), 'Revision misc', 2);
      const sections = repository().sectionService;
      const section = await sections.createSection({ identifier: unique('revision_section'), name: 'S' });
      const sectionTarget: LockTarget = { kind: 'section', id: section.id };
      expect(await repository().revisions([sectionTarget])).toEqual([1]);
      await expectCounted([sectionTarget], () => sections.updateSection(section.id, { name: 'T' }));
      await expectCounted([sectionTarget, content(folder.contentId)], () => sections.assignSection(folder.contentId, section.id));

      const states = repository().objectStateService;
      const group = await states.createObjectStateGroup({ identifier: unique('revision_group'), defaultLanguageCode: 'eng-GB', names: { 'eng-GB': 'G' } });
      const groupTarget: LockTarget = { kind: 'objectStateGroup', id: group.id };
      const state = await states.createObjectState(group.id, { identifier: 'first', defaultLanguageCode: 'eng-GB', names: { 'eng-GB': 'First' } });
      await expectCounted([groupTarget], () => states.updateObjectStateGroup(group.id, { names: { 'eng-GB': 'H' } }));
      await expectCounted([groupTarget], () => states.createObjectState(group.id, { identifier: 'second', defaultLanguageCode: 'eng-GB', names: { 'eng-GB': 'Second' } }));
      await expectCounted([groupTarget], () => states.updateObjectState(state.id, { names: { 'eng-GB': 'Premier' } }));
      await expectCounted([groupTarget], () => states.setPriorityOfObjectState(state.id, 7));
      await expectCounted([content(folder.contentId)], () => states.setContentState(folder.contentId, group.id, state.id));
      await expectCounted([groupTarget], () => states.deleteObjectState(state.id));

      const aliases: LockTarget = { kind: 'urlAliases', id: folder.locationId };
      const alias = await repository().urlAliasService.createUrlAlias(folder.locationId, `/${unique('revision_alias')}`, 'eng-GB');
      await expectCounted([aliases], () => repository().urlAliasService.removeAliases([alias.id]));
      await expectCounted([{ kind: 'urlAliases', id: 0 }], () => repository().urlAliasService.createGlobalUrlAlias('module:content/search', `/${unique('global')}`, 'eng-GB'));

      const wildcard = await repository().urlWildcardService.create(`/${unique('wildcard')}/*`, '/target/{1}');
      expect(await repository().revisions([{ kind: 'urlWildcard', id: wildcard.id }])).toEqual([1]);
      await expectCounted([{ kind: 'urlWildcard', id: wildcard.id }], () => repository().urlWildcardService.remove(wildcard.id));

      const bookmarks: LockTarget = { kind: 'bookmarks', id: 14 };
      await expectCounted([bookmarks], () => repository().bookmarkService.createBookmark(folder.locationId));
      await expectCounted([bookmarks], () => repository().bookmarkService.deleteBookmark(folder.locationId));
    });
  },
  { seed: false },
);
