import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createGraphQLTestApp, type GraphQLTestApp } from '../testing/graphql-test-app.js';
import { dataAt, errorCodes, gql } from './helpers.js';
import { SESSION_CSRF_TOKEN, sessionCookie } from './session.js';

/**
 * The permission matrix through GraphQL alone (the REST + GraphQL version runs in the server tests): a user whose role
 * allows create/edit/publish/remove only below one folder, and read only in section standard, gets data where the
 * policies allow and `UNAUTHORIZED` elsewhere; lists leave out what it may not read.
 */
describe('permission matrix through GraphQL', () => {
  let t: GraphQLTestApp;
  let headers: Record<string, string>;
  const ids = { inside: 0, insideLocation: 0, outside: 0, outsideLocation: 0, hidden: 0, removable: 0 };

  const folder = async (name: string, parentLocationId: number, sectionId?: number) => {
    const { contentService } = t.repo.admin;
    const draft = await contentService.createContent(
      { contentTypeId: 1, mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'name', value: name }], ...(sectionId === undefined ? {} : { sectionId }) },
      [{ parentLocationId }],
    );
    const published = await contentService.publishVersion(draft.contentInfo.id, 1);
    return { id: published.contentInfo.id, location: published.contentInfo.mainLocationId ?? 0 };
  };

  beforeAll(async () => {
    t = await createGraphQLTestApp();
    const inside = await folder('Inside', 2);
    const outside = await folder('Outside', 2);
    const hidden = await folder('Hidden', inside.location, 2);
    const removable = await folder('Removable', inside.location);
    Object.assign(ids, { inside: inside.id, insideLocation: inside.location, outside: outside.id, outsideLocation: outside.location, hidden: hidden.id, removable: removable.id });

    const { roleService, userService } = t.repo.admin;
    const subtree = [{ identifier: 'Subtree', values: [`/1/2/${inside.location}/`] }];
    const draft = await roleService.createRole({
      identifier: 'GraphQLEditor',
      policies: [
        { module: 'content', function: 'read', limitations: [{ identifier: 'Section', values: ['1'] }] },
        { module: 'content', function: 'create', limitations: subtree },
        { module: 'content', function: 'edit', limitations: subtree },
        { module: 'content', function: 'publish', limitations: subtree },
        { module: 'content', function: 'remove', limitations: subtree },
      ],
    });
    await roleService.publishRoleDraft(draft.id);
    const group = await userService.createUserGroup({ mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'name', value: 'GraphQL editors' }] }, 4);
    await roleService.assignRoleToUserGroup(draft.id, group.contentInfo.id, { identifier: 'Subtree', values: ['/1/2/'] });
    const user = await userService.createUser(
      {
        mainLanguageCode: 'eng-GB',
        login: 'gql-editor',
        email: 'gql@example.com',
        password: 'Editor-Passw0rd',
        fields: [
          { fieldDefIdentifier: 'first_name', value: 'G' },
          { fieldDefIdentifier: 'last_name', value: 'Q' },
        ],
      },
      [group.contentInfo.id],
    );
    headers = { Cookie: await sessionCookie(t.repo.sessions, user.contentInfo.id), 'X-CSRF-Token': SESSION_CSRF_TOKEN };
  });
  afterAll(async () => {
    await t.graphql.stop();
  });

  it('reads allowed content and gets UNAUTHORIZED for content outside its sections', async () => {
    expect((await gql(t.app, `{ item(contentId: ${ids.inside}) { _name } }`, { headers })).body).toEqual({ data: { item: { _name: 'Inside' } } });
    for (const id of [ids.hidden, 41, 14]) expect(errorCodes(await gql(t.app, `{ item(contentId: ${id}) { _name } }`, { headers }))).toEqual(['UNAUTHORIZED']);
  });

  it('creates, updates and deletes inside its subtree only', async () => {
    const created = await gql(t.app, `mutation { createFolder(language: eng_GB, parentLocationId: ${ids.insideLocation}, input: { name: "Made here" }) { contentId } }`, { headers });
    const createdId = Number(dataAt(created, 'createFolder', 'contentId'));
    expect(createdId).toBeGreaterThan(0);
    expect(errorCodes(await gql(t.app, `mutation { createFolder(language: eng_GB, parentLocationId: ${ids.outsideLocation}, input: { name: "No" }) { contentId } }`, { headers }))).toEqual([
      'UNAUTHORIZED',
    ]);
    expect(dataAt(await gql(t.app, `mutation { updateFolder(language: eng_GB, contentId: ${createdId}, input: { name: "Renamed" }) { _name } }`, { headers }), 'updateFolder', '_name')).toBe('Renamed');
    expect(errorCodes(await gql(t.app, `mutation { updateFolder(language: eng_GB, contentId: ${ids.outside}, input: { name: "No" }) { _name } }`, { headers }))).toEqual(['UNAUTHORIZED']);
    expect(dataAt(await gql(t.app, `mutation { deleteContent(contentId: ${ids.removable}) { contentId } }`, { headers }), 'deleteContent', 'contentId')).toBe(ids.removable);
    expect(errorCodes(await gql(t.app, `mutation { deleteContent(contentId: ${ids.outside}) { contentId } }`, { headers }))).toEqual(['UNAUTHORIZED']);
    expect((await t.repo.admin.contentService.loadContentInfo(ids.outside)).name).toBe('Outside');
  });

  it('reaches no unreadable item through a relation field or a location URL', async () => {
    const admin = { headers: { Authorization: `Basic ${Buffer.from('admin:publish').toString('base64')}` } };
    const created = await gql(
      t.app,
      `mutation { createArticle(languageCode: "eng-GB", parentLocationId: ${ids.insideLocation}, input: { title: "Pointing", intro: { format: markdown, input: "x" }, image: ${ids.hidden} }) { contentId } }`,
      admin,
    );
    expect(created.body.errors).toBeUndefined();
    const articleId = Number(dataAt(created, 'createArticle', 'contentId'));
    const query = `{ item(contentId: ${articleId}) { ... on ArticleItem { title image { _name } } } }`;
    expect(dataAt(await gql(t.app, query, admin), 'item')).toEqual({ title: 'Pointing', image: { _name: 'Hidden' } });
    expect(dataAt(await gql(t.app, query, { headers }), 'item')).toEqual({ title: 'Pointing', image: null });

    const hiddenLocation = (await t.repo.admin.contentService.loadContentInfo(ids.hidden)).mainLocationId ?? 0;
    const url = `{ item(locationId: ${hiddenLocation}) { _url } }`;
    expect(errorCodes(await gql(t.app, url, { headers }))).toEqual(['UNAUTHORIZED']);
    expect(String(dataAt(await gql(t.app, url, admin), 'item', '_url'))).toContain('Hidden');
  });

  it('lists children without what it may not read', async () => {
    const query = `{ _repository { location(locationId: ${ids.insideLocation}) { children { totalCount edges { node { content { _name } } } } } } }`;
    const asEditor = dataAt(await gql(t.app, query, { headers }), '_repository', 'location', 'children');
    const asAdmin = dataAt(await gql(t.app, query, { headers: { Authorization: `Basic ${Buffer.from('admin:publish').toString('base64')}` } }), '_repository', 'location', 'children');
    expect(JSON.stringify(asAdmin)).toContain('Hidden');
    expect(JSON.stringify(asEditor)).not.toContain('Hidden');
    expect((asEditor as { totalCount: number }).totalCount).toBe((asAdmin as { totalCount: number }).totalCount - 1);
  });
});
