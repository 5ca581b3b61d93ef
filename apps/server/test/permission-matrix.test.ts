import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { API, call, contentCreate, login, richText, type Call, type Credentials, type Reply } from './support/rest-session.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const ADMIN: Credentials = { basic: ['admin', 'publish'] };
const FOLDER = 1;
const ARTICLE = 2;
const USER_GROUP = 3;

/** An item created for the matrix: content id and main location path (`1/2/60`). */
interface Item {
  readonly id: number;
  readonly path: string;
}

/**
 * A permission matrix: an "Editor-like" role built and assigned through the REST API only, then a
 * user of that group checked against a table of operations, over REST (session) and GraphQL (same session).
 *
 * Role "EditorLike" (Ibexa policies and limitations): content/read and content/versionread limited to the sections
 * standard (1) and media (3); content/create, edit and publish limited to the subtree of folder "Editorial" and the
 * classes folder and article; content/remove limited to that subtree and articles; user/login. Assigned to the
 * group with a Subtree role limitation on /1/2/ (so Media, though in an allowed section, stays out of reach).
 */
describe('permission matrix: an editor limited to a subtree and sections (REST and GraphQL on SQLite)', () => {
  let server: TestServer;
  let editor: Credentials;
  let editorId = 0;
  let editorial: Item;
  let elsewhere: Item;
  let secret: Item;
  let team: Item;
  let articles: Item[] = [];

  const admin = (spec: Call): Promise<Reply> => call(server.app.express, ADMIN, spec);
  const asEditor = (spec: Call): Promise<Reply> => call(server.app.express, editor, spec);

  /** Creates and publishes content as admin. */
  const publish = async (typeId: number, parentPath: string, fields: Record<string, unknown>, sectionId?: number): Promise<Item> => {
    const created = await admin({ method: 'POST', path: '/content/objects', input: 'ContentCreate', body: contentCreate(typeId, parentPath, fields, sectionId) });
    expect(created.status).toBe(201);
    const id = created.body.Content._id as number;
    expect((await admin({ method: 'PUBLISH', path: `/content/objects/${id}/versions/1` })).status).toBe(204);
    const location = await admin({ method: 'GET', path: `/content/objects/${id}/locations` });
    return { id, path: String(location.body.LocationList.Location[0]._href).slice(`${API}/content/locations/`.length) };
  };
  const childrenOf = async (credentials: Credentials, path: string): Promise<string[]> => {
    const reply = await call(server.app.express, credentials, { method: 'GET', path: `/content/locations/${path}/children`, accept: 'LocationList' });
    expect(reply.status).toBe(200);
    return (reply.body.LocationList.Location as { _href: string }[]).map((location) => location._href.split('/').pop() ?? '');
  };
  const graphql = async (query: string): Promise<{ status: number; body: { data?: Record<string, unknown> | null; errors?: { extensions?: { code?: string } }[] } }> => {
    const credentials = editor && 'cookie' in editor ? { Cookie: editor.cookie, 'X-CSRF-Token': editor.csrf } : {};
    const response = await request(server.app.express).post('/graphql').set({ 'Content-Type': 'application/json', ...credentials }).send(JSON.stringify({ query }));
    return { status: response.status, body: JSON.parse(response.text) };
  };
  const codes = (body: { errors?: { extensions?: { code?: string } }[] }): unknown[] => (body.errors ?? []).map((error) => error.extensions?.code);

  beforeAll(async () => {
    server = await startTestServer();
    // Content: Editorial and Elsewhere below Home; in Editorial a folder in the users section, a team folder and two articles.
    editorial = await publish(FOLDER, '1/2', { name: 'Editorial' });
    elsewhere = await publish(FOLDER, '1/2', { name: 'Elsewhere' });
    secret = await publish(FOLDER, editorial.path, { name: 'Secret' }, 2);
    team = await publish(FOLDER, editorial.path, { name: 'Team folder' });
    articles = [];
    for (const title of ['First', 'Second', 'Third']) articles.push(await publish(ARTICLE, editorial.path, { title, intro: richText(title) }));

    // The group, the role (a draft filled with policies, then published), the assignment, the user — REST only.
    const group = await admin({
      method: 'POST',
      path: '/user/groups/subgroups',
      input: 'UserGroupCreate',
      body: { UserGroupCreate: { mainLanguageCode: 'eng-GB', fields: { field: [{ fieldDefinitionIdentifier: 'name', fieldValue: 'Editorial team' }] } } },
    });
    expect(group.status).toBe(201);
    const groupPath = String(group.headers['location']).slice(API.length);
    const role = await admin({ method: 'POST', path: '/user/roles?publish=false', input: 'RoleInput', body: { RoleInput: { identifier: 'EditorLike' } } });
    expect(role.status).toBe(201);
    const draftId = String(role.body.Role._href).split('/').pop();
    const subtree = `/${editorial.path}/`;
    const limitation = (identifier: string, values: (string | number)[]) => ({ _identifier: identifier, values: { ref: values.map((value) => ({ _href: String(value) })) } });
    const policies = [
      ['content', 'read', [limitation('Section', [1, 3])]],
      ['content', 'versionread', [limitation('Section', [1, 3])]],
      ['content', 'create', [limitation('Subtree', [subtree]), limitation('Class', [FOLDER, ARTICLE])]],
      ['content', 'edit', [limitation('Subtree', [subtree]), limitation('Class', [FOLDER, ARTICLE])]],
      ['content', 'publish', [limitation('Subtree', [subtree]), limitation('Class', [FOLDER, ARTICLE])]],
      ['content', 'remove', [limitation('Subtree', [subtree]), limitation('Class', [ARTICLE])]],
      ['user', 'login', []],
    ] as const;
    for (const [module, func, limitations] of policies) {
      const added = await admin({ method: 'POST', path: `/user/roles/${draftId}/policies`, input: 'PolicyCreate', body: { PolicyCreate: { module, function: func, limitations: { limitation: limitations } } } });
      expect(added.status).toBe(201);
    }
    const published = await admin({ method: 'PUBLISH', path: `/user/roles/${draftId}/draft` });
    expect(published.status).toBe(204);
    const assigned = await admin({
      method: 'POST',
      path: `${groupPath}/roles`,
      input: 'RoleAssignInput',
      body: { RoleAssignInput: { Role: { _href: String(published.headers['location']) }, limitation: limitation('Subtree', [`${API}/content/locations/1/2/`]) } },
    });
    expect(assigned.status).toBe(200);
    const user = await admin({
      method: 'POST',
      path: `${groupPath}/users`,
      input: 'UserCreate',
      body: {
        UserCreate: {
          mainLanguageCode: 'eng-GB',
          login: 'editor',
          email: 'editor@example.com',
          password: 'Editor-Passw0rd',
          fields: { field: [{ fieldDefinitionIdentifier: 'first_name', fieldValue: 'Eddie' }, { fieldDefinitionIdentifier: 'last_name', fieldValue: 'Tor' }] },
        },
      },
    });
    expect(user.status).toBe(201);
    editorId = user.body.User._id as number;

    const session = await login(server.app.express, 'editor', 'Editor-Passw0rd');
    expect(session.status).toBe(201);
    editor = { cookie: session.cookie, csrf: session.csrf };
  });
  afterAll(async () => {
    await server.stop();
  });

  it('shows the role, its assignment and the policies of the user through the API', async () => {
    const policies = await admin({ method: 'GET', path: `/user/policies?userId=${editorId}` });
    expect((policies.body.PolicyList.Policy as { module: string; function: string }[]).map((p) => `${p.module}/${p.function}`)).toEqual([
      'content/read',
      'content/versionread',
      'content/create',
      'content/edit',
      'content/publish',
      'content/remove',
      'user/login',
    ]);
    const roles = await admin({ method: 'GET', path: '/user/roles?identifier=EditorLike' });
    expect(roles.body.RoleList.Role).toHaveLength(1);
    expect((await admin({ method: 'GET', path: `/user/users?login=editor` })).status).toBe(200);
    expect((await asEditor({ method: 'GET', path: '/user/current' })).headers['location']).toBe(`${API}/user/users/${editorId}`);
  });

  it('REST reads: 200 inside the sections and the role subtree, 401 for forbidden content, 404 for none', async () => {
    const rows: [string, Call, number][] = [
      ['folder in the subtree', { method: 'GET', path: `/content/objects/${editorial.id}`, accept: 'Content' }, 200],
      ['folder outside the policy subtree, section standard', { method: 'GET', path: `/content/objects/${elsewhere.id}` }, 200],
      ['its location', { method: 'GET', path: `/content/locations/${editorial.path}` }, 200],
      ['its versions (versionread)', { method: 'GET', path: `/content/objects/${editorial.id}/versions` }, 200],
      ['folder in the users section', { method: 'GET', path: `/content/objects/${secret.id}` }, 401],
      ['its location', { method: 'GET', path: `/content/locations/${secret.path}` }, 401],
      ['Media: allowed section, outside the role limitation /1/2/', { method: 'GET', path: '/content/objects/41' }, 401],
      ['the Users group', { method: 'GET', path: '/content/objects/4' }, 401],
      ['its own user (users section)', { method: 'GET', path: `/user/users/${editorId}` }, 401],
      ['content that does not exist', { method: 'GET', path: '/content/objects/99999' }, 404],
      ['roles (no role/read)', { method: 'GET', path: '/user/roles' }, 401],
    ];
    for (const [name, spec, status] of rows) expect([name, (await asEditor(spec)).status]).toEqual([name, status]);
  });

  it('REST writes: create, edit, publish and delete exactly where the policies allow; refusals change nothing', async () => {
    const rows: [string, Call, number][] = [
      ['create a folder in the subtree', { method: 'POST', path: '/content/objects', input: 'ContentCreate', body: contentCreate(FOLDER, editorial.path, { name: 'By editor' }) }, 201],
      [
        'create an article in the subtree',
        { method: 'POST', path: '/content/objects', input: 'ContentCreate', body: contentCreate(ARTICLE, team.path, { title: 'Editor article', intro: richText('x') }) },
        201,
      ],
      ['create a folder outside the subtree', { method: 'POST', path: '/content/objects', input: 'ContentCreate', body: contentCreate(FOLDER, elsewhere.path, { name: 'Nope' }) }, 401],
      ['create a user group (class not allowed) in the subtree', { method: 'POST', path: '/content/objects', input: 'ContentCreate', body: contentCreate(USER_GROUP, editorial.path, { name: 'Nope' }) }, 401],
      ['create in Media', { method: 'POST', path: '/content/objects', input: 'ContentCreate', body: contentCreate(FOLDER, '1/43', { name: 'Nope' }) }, 401],
      ['draft of the team folder', { method: 'COPY', path: `/content/objects/${team.id}/currentversion` }, 201],
      ['draft of a folder outside the subtree', { method: 'COPY', path: `/content/objects/${elsewhere.id}/currentversion` }, 401],
      ['metadata of the team folder', { method: 'PATCH', path: `/content/objects/${team.id}`, input: 'ContentUpdate', body: { ContentUpdate: { remoteId: 'team-folder' } } }, 200],
      ['metadata outside the subtree', { method: 'PATCH', path: `/content/objects/${elsewhere.id}`, input: 'ContentUpdate', body: { ContentUpdate: { remoteId: 'x' } } }, 401],
      ['delete an article in the subtree', { method: 'DELETE', path: `/content/objects/${articles[0]?.id ?? 0}` }, 204],
      ['delete a folder (class not removable)', { method: 'DELETE', path: `/content/objects/${team.id}` }, 401],
      ['delete outside the subtree', { method: 'DELETE', path: `/content/objects/${elsewhere.id}` }, 401],
      ['create a role (UnauthorizedException → 403)', { method: 'POST', path: '/user/roles', input: 'RoleInput', body: { RoleInput: { identifier: 'Mine' } } }, 403],
      ['create a role draft (→ 403)', { method: 'POST', path: '/user/roles/1' }, 403],
    ];
    const results: Record<string, Reply> = {};
    for (const [name, spec, status] of rows) {
      const reply = await asEditor(spec);
      results[name] = reply;
      expect([name, reply.status]).toEqual([name, status]);
      if (status >= 400) expect(reply.body.ErrorMessage.errorCode).toBe(status);
    }

    const folderDraft = results['create a folder in the subtree']?.body.Content._id as number;
    expect((await asEditor({ method: 'PUBLISH', path: `/content/objects/${folderDraft}/versions/1` })).status).toBe(204);
    const editedVersion = String(results['draft of the team folder']?.headers['location']).split('/').pop();
    const patched = await asEditor({
      method: 'PATCH',
      path: `/content/objects/${team.id}/versions/${editedVersion}`,
      input: 'VersionUpdate',
      body: { VersionUpdate: { fields: { field: [{ fieldDefinitionIdentifier: 'name', fieldValue: 'Team folder (edited)' }] } } },
    });
    expect(patched.status).toBe(200);
    expect((await asEditor({ method: 'PUBLISH', path: `/content/objects/${team.id}/versions/${editedVersion}` })).status).toBe(204);
    expect((await admin({ method: 'GET', path: `/content/objects/${team.id}` })).body.Content.Name).toBe('Team folder (edited)');

    // The refusals left nothing behind.
    expect(await childrenOf(ADMIN, elsewhere.path)).toEqual([]);
    expect((await admin({ method: 'GET', path: `/content/objects/${elsewhere.id}` })).body.Content).toMatchObject({ currentVersionNo: 1, _remoteId: expect.not.stringMatching(/^x$/) });
    expect((await admin({ method: 'GET', path: `/content/objects/${team.id}` })).status).toBe(200);
    expect((await admin({ method: 'GET', path: '/user/roles?identifier=Mine' })).body.RoleList.Role).toEqual([]);
    const drafts = await admin({ method: 'GET', path: `/user/users/${editorId}/drafts` });
    expect((drafts.body.VersionList.VersionItem as unknown[]).length).toBe(1);
  });

  it('REST lists and searches are filtered by the same rules (criteria, not post-filtering)', async () => {
    const asAdmin = await childrenOf(ADMIN, editorial.path);
    const asEditorChildren = await childrenOf(editor, editorial.path);
    expect(asAdmin).toContain(secret.path.split('/').pop());
    expect(asEditorChildren).not.toContain(secret.path.split('/').pop());
    expect(asEditorChildren).toHaveLength(asAdmin.length - 1);

    const view = (filter: Record<string, unknown>) => ({
      method: 'POST',
      path: '/views',
      headers: { 'Content-Type': 'application/vnd.ibexa.api.ViewInput+json; version=1.1' },
      body: { ViewInput: { identifier: 'matrix', ContentQuery: { Filter: filter, limit: 2 } } },
    });
    const bySubtree = { SubtreeCriterion: `/${editorial.path}/` };
    const adminCount = (await admin(view(bySubtree))).body.View.Result.count as number;
    const editorResult = (await asEditor(view(bySubtree))).body.View.Result;
    expect(editorResult.count).toBe(adminCount - 1);
    expect(editorResult.searchHits.searchHit).toHaveLength(2);
    expect((await asEditor(view({ SectionIdCriterion: 2 }))).body.View.Result.count).toBe(0);
    expect((await admin(view({ SectionIdCriterion: 2 }))).body.View.Result.count).toBeGreaterThan(0);
    expect((await asEditor(view({ SubtreeCriterion: '/1/43/' }))).body.View.Result.count).toBe(0);
  });

  it('GraphQL: the same matrix for read, create, update, delete and a list (extensions.code)', async () => {
    const read = await graphql(`{ item(contentId: ${editorial.id}) { _name } }`);
    expect(read.body).toEqual({ data: { item: { _name: 'Editorial' } } });
    for (const id of [secret.id, 41]) {
      const forbidden = await graphql(`{ item(contentId: ${id}) { _name } }`);
      expect(codes(forbidden.body)).toEqual(['UNAUTHORIZED']);
    }

    const created = await graphql(`mutation { createFolder(language: eng_GB, parentLocationId: ${editorial.path.split('/').pop() ?? 0}, input: { name: "GraphQL folder" }) { contentId _name } }`);
    expect(created.body.errors).toBeUndefined();
    const createdId = Number((created.body.data?.['createFolder'] as { contentId: number }).contentId);
    const outside = await graphql(`mutation { createFolder(language: eng_GB, parentLocationId: ${elsewhere.path.split('/').pop() ?? 0}, input: { name: "Nope" }) { contentId } }`);
    expect(codes(outside.body)).toEqual(['UNAUTHORIZED']);

    const updated = await graphql(`mutation { updateFolder(language: eng_GB, contentId: ${createdId}, input: { name: "GraphQL folder v2" }) { _name } }`);
    expect(updated.body).toEqual({ data: { updateFolder: { _name: 'GraphQL folder v2' } } });
    const updateOutside = await graphql(`mutation { updateFolder(language: eng_GB, contentId: ${elsewhere.id}, input: { name: "Nope" }) { _name } }`);
    expect(codes(updateOutside.body)).toEqual(['UNAUTHORIZED']);

    const deleted = await graphql(`mutation { deleteContent(contentId: ${articles[1]?.id ?? 0}) { contentId } }`);
    expect(deleted.body).toEqual({ data: { deleteContent: { contentId: articles[1]?.id } } });
    for (const id of [createdId, elsewhere.id]) {
      const refused = await graphql(`mutation { deleteContent(contentId: ${id}) { contentId } }`);
      expect(codes(refused.body)).toEqual(['UNAUTHORIZED']);
    }

    const list = `{ _repository { location(locationId: ${editorial.path.split('/').pop() ?? 0}) { children(first: 50) { totalCount edges { node { content { _name } } } } } } }`;
    const children = await graphql(list);
    const names = ((children.body.data?.['_repository'] as { location: { children: { edges: { node: { content: { _name: string } } }[] } } }).location.children.edges).map(
      (edge) => edge.node.content._name,
    );
    expect(names).toContain('GraphQL folder v2');
    expect(names).not.toContain('Secret');
    expect((await admin({ method: 'GET', path: `/content/objects/${elsewhere.id}` })).body.Content.Name).toBe('Elsewhere');
  });
});
