import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PNG_1X1 } from '@contentrepo/graphql-adapter/testing';
import request from 'supertest';
import { API, call, contentCreate, login, richText, type Call, type Credentials, type Reply } from './support/rest-session.js';
import { startTestServer, testEngines, type TestEngine, type TestServer } from './support/test-server.js';

const ADMIN: Credentials = { basic: ['admin', 'publish'] };
const FOLDER = 1;
const ARTICLE = 2;
const USER_GROUP = 3;

/**
 * `describe` on one engine, titled "… on SQLite" or "… on PostgreSQL"; a `describe.skip` whose title gives the
 * reason when the run skips the engine (never a silent pass).
 */
function describeOn(engine: TestEngine, title: string, body: () => void): void {
  const skipped = engine.skipReason === undefined ? '' : ` (skipped: ${engine.skipReason})`;
  (engine.skipReason === undefined ? describe : describe.skip)(`${title} on ${engine.name}${skipped}`, body);
}

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
for (const engine of testEngines()) {
  describeOn(engine, 'permission matrix: an editor limited to a subtree and sections (REST and GraphQL)', () => {
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
      server = await startTestServer({}, engine);
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
        ['create a section (no section/edit)', { method: 'POST', path: '/content/sections', input: 'SectionInput', body: { SectionInput: { identifier: 'editor_section', name: 'Nope' } } }, 401],
        ['create a content type group (no class/create)', { method: 'POST', path: '/content/typegroups', input: 'ContentTypeGroupInput', body: { ContentTypeGroupInput: { identifier: 'editor_group' } } }, 401],
        [
          'create a URL wildcard (no content/urltranslator)',
          { method: 'POST', path: '/content/urlwildcards', input: 'UrlWildcardCreate', body: { UrlWildcardCreate: { sourceUrl: '/editor/*', destinationUrl: '/{1}', forward: false } } },
          401,
        ],
        ['empty the trash (no content/cleantrash)', { method: 'DELETE', path: '/content/trash' }, 401],
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
      expect((await admin({ method: 'GET', path: '/content/sections?identifier=editor_section' })).status).toBe(404);
      expect((await admin({ method: 'GET', path: '/content/typegroups?identifier=editor_group' })).status).toBe(404);
      expect((await admin({ method: 'GET', path: '/content/urlwildcards' })).body.UrlWildcardList.UrlWildcard).toEqual([]);
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
    it('GraphQL reverse relations: refused without content/reverserelatedlist, then only from readable sources', async () => {
      // Self-contained: Team folder (readable) and Secret (users section) gain a relation to Elsewhere.
      const asAdminRepository = server.app.repository.forUser({ userId: 14 });
      for (const source of [team, secret]) {
        const no = (await asAdminRepository.contentService.createContentDraft(source.id)).versionInfo.versionNo;
        await asAdminRepository.contentService.addRelation(source.id, no, elsewhere.id);
        await asAdminRepository.contentService.publishVersion(source.id, no);
      }
      const query = `{ item(contentId: ${elsewhere.id}) { _info { reverseRelations { sourceContent { _info { id } } } } } }`;
      const refused = await graphql(query);
      expect(codes(refused.body)).toEqual(['UNAUTHORIZED']);
      const role = await asAdminRepository.roleService.createRole({ identifier: 'ReverseLister', policies: [{ module: 'content', function: 'reverserelatedlist' }] });
      await asAdminRepository.roleService.publishRoleDraft(role.id);
      await asAdminRepository.roleService.assignRoleToUser(role.id, editorId);
      const listed = await graphql(query);
      expect(listed.body).toEqual({ data: { item: { _info: { reverseRelations: [{ sourceContent: { _info: { id: team.id } } }] } } } });
    });
  });
}

/** A published folder of the multi-object matrix: content id, location id and location path (`1/2/60/61`). */
interface Placed {
  readonly id: number;
  readonly locationId: number;
  readonly path: string;
}

/**
 * Fresh content for one row and one caller: in the allowed folder a parent, an item and below the item a secret
 * (restricted section); in the outside folder a parent and an item.
 */
interface Fixture {
  readonly inParent: Placed;
  readonly inItem: Placed;
  readonly secret: Placed;
  readonly outParent: Placed;
  readonly outItem: Placed;
  /** A trash item (content id = location id of the trashed location) made for the row, when it asks for one. */
  readonly trashed: { readonly out: number; readonly in: number };
}

type Actor = 'anonymous' | 'subtree' | 'section' | 'admin';
const ACTORS: readonly Actor[] = ['anonymous', 'subtree', 'section', 'admin'];

/** One multi-object route: the request, the status per caller, and the state that a refusal must leave as it was. */
interface Row {
  readonly name: string;
  readonly trash?: boolean;
  /** Prepares the row as the administrator (a relation, a bookmark of the caller) and returns the id the call needs. */
  readonly setup?: (fixture: Fixture, actor: Actor) => Promise<number>;
  readonly call: (fixture: Fixture, prepared: number) => Call;
  readonly expected: Readonly<Record<Actor, number>>;
  /** What the request would change, read as the administrator (the caller's own bookmarks for bookmarks). */
  readonly state: (fixture: Fixture, actor: Actor) => Promise<unknown>;
}

/** Ids a management row prepared as the administrator (a type, a draft's field definition, a section…). */
type Prepared = Readonly<Record<string, number>>;

/** One management route: the request, the status per caller, and the state that a refusal must leave as it was. */
interface ManagementRow {
  readonly name: string;
  /** Prepares what the call works on, fresh per caller, as the administrator. */
  readonly setup?: (actor: Actor) => Promise<Prepared>;
  readonly call: (prepared: Prepared, actor: Actor) => Call;
  readonly expected: Readonly<Record<Actor, number>>;
  /** What the request would change, read as the administrator. */
  readonly state: (prepared: Prepared, actor: Actor) => Promise<unknown>;
}

/**
 * The routes that touch two objects (a source and a destination), for anonymous, an editor limited by a Subtree,
 * an editor limited by a Section, and the administrator: each row runs on fresh content per caller, refusals must
 * leave the state as it was, and afterwards neither editor can find, list or load anything it may not read.
 *
 * Editors (roles built through the core API): content/read, versionread, create, edit, publish, remove,
 * manage_locations and hide limited by Subtree (the "Allowed" folder) or by Section (standard); content/restore,
 * content/cleantrash, content/urltranslator, state/assign and user/login without limitation, section/assign to the standard section
 * only, so that the read and create checks on the source and the destination are what decide. Secret items sit in a
 * section of their own.
 */
for (const engine of testEngines()) {
  describeOn(engine, 'permission matrix: routes that touch a source and a destination (REST)', () => {
    let server: TestServer;
    let restricted = 0;
    let allowed: Placed;
    let outside: Placed;
    let groups: { editors: number; editorsPath: string; other: number; otherPath: string };
    const userIds: Partial<Record<Actor, number>> = {};
    const credentials: Record<Actor, Credentials> = {
      anonymous: null,
      subtree: { basic: ['subtree-editor', 'Editor-Passw0rd'] },
      section: { basic: ['section-editor', 'Editor-Passw0rd'] },
      admin: ADMIN,
    };
    const asAdmin = () => server.app.repository.forUser({ userId: 14 });
    const as = (actor: Actor, spec: Call): Promise<Reply> => call(server.app.express, credentials[actor], spec);

    const place = async (name: string, parentLocationId: number, sectionId?: number): Promise<Placed> => {
      const { contentService } = asAdmin();
      const draft = await contentService.createContent(
        { contentTypeId: FOLDER, mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'name', value: name }], ...(sectionId === undefined ? {} : { sectionId }) },
        [{ parentLocationId }],
      );
      const published = await contentService.publishVersion(draft.contentInfo.id, 1);
      const locationId = published.contentInfo.mainLocationId ?? 0;
      const location = await asAdmin().locationService.loadLocation(locationId);
      return { id: published.contentInfo.id, locationId, path: location.pathString.replace(/^\/|\/$/g, '') };
    };
    const fixture = async (tag: string, trash: boolean): Promise<Fixture> => {
      const inParent = await place(`${tag} in-parent`, allowed.locationId);
      const inItem = await place(`${tag} in-item`, allowed.locationId);
      const secret = await place(`${tag} secret`, inItem.locationId, restricted);
      const outParent = await place(`${tag} out-parent`, outside.locationId);
      const outItem = await place(`${tag} out-item`, outside.locationId);
      const trashed = { out: 0, in: 0 };
      if (trash) {
        const out = await place(`${tag} out-trashed`, outside.locationId);
        const inside = await place(`${tag} in-trashed`, allowed.locationId);
        await asAdmin().trashService.trash(out.locationId);
        await asAdmin().trashService.trash(inside.locationId);
        Object.assign(trashed, { out: out.locationId, in: inside.locationId });
      }
      return { inParent, inItem, secret, outParent, outItem, trashed };
    };
    const children = async (placed: Placed): Promise<string[]> => {
      const list = await asAdmin().locationService.loadLocationChildren(placed.locationId, 0, 1000);
      return list.locations.map((location) => location.contentInfo.name).sort();
    };
    const pathOf = async (placed: Placed): Promise<string> => (await asAdmin().locationService.loadLocation(placed.locationId)).pathString;
    const userIdOf = (actor: Actor): number => (actor === 'admin' ? 14 : actor === 'anonymous' ? 10 : (userIds[actor] ?? 0));
    const bookmarked = async (actor: Actor, placed: Placed): Promise<number[]> => [...(await server.app.persistence.bookmarkHandler.loadBookmarked(userIdOf(actor), [placed.locationId]))];
    /** A new draft (version 2) of `source` with a COMMON relation to `target`; returns the relation id. */
    const related = async (source: Placed, target: Placed): Promise<number> => {
      await asAdmin().contentService.createContentDraft(source.id);
      return (await asAdmin().contentService.addRelation(source.id, 2, target.id)).id;
    };
    const relationCount = async (source: Placed): Promise<number> => (await asAdmin().contentService.loadRelations(await asAdmin().contentService.loadVersionInfo(source.id, 2))).length;
    /** Whether the trash holds the item (as the administrator sees it). */
    const inTrash = (trashItemId: number): Promise<boolean> => asAdmin().trashService.loadTrashItem(trashItemId).then(() => true, () => false);
    const locationCount = async (placed: Placed): Promise<number> => (await asAdmin().locationService.loadLocations(placed.id)).length;
    const newLocation = (item: Placed, parent: Placed): Call => ({
      method: 'POST',
      path: `/content/objects/${item.id}/locations`,
      input: 'LocationCreate',
      body: { LocationCreate: { ParentLocation: { _href: `${API}/content/locations/${parent.path}` }, sortField: 'PATH', sortOrder: 'ASC' } },
    });
    const destination = (placed: Placed): Record<string, string> => ({ Destination: `${API}/content/locations/${placed.path}` });

    beforeAll(async () => {
      server = await startTestServer({}, engine);
      const admin = asAdmin();
      restricted = (await admin.sectionService.createSection({ identifier: 'restricted', name: 'Restricted' })).id;
      allowed = await place('Allowed', 2);
      outside = await place('Outside', 2);
      const everywhere = ['read', 'versionread', 'create', 'edit', 'publish', 'remove', 'manage_locations', 'hide'];
      const unlimited = [
        { module: 'content', function: 'restore', limitations: [] },
        { module: 'content', function: 'cleantrash', limitations: [] },
        { module: 'content', function: 'urltranslator', limitations: [] },
        { module: 'state', function: 'assign', limitations: [] },
        { module: 'section', function: 'assign', limitations: [{ identifier: 'NewSection', values: ['1'] }] },
        { module: 'user', function: 'login', limitations: [] },
      ];
      const editorsGroup = await admin.userService.createUserGroup({ mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'name', value: 'Matrix editors' }] }, 4);
      const otherGroup = await admin.userService.createUserGroup({ mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'name', value: 'Matrix others' }] }, 4);
      const groupPath = async (id: number) => (await admin.locationService.loadLocation((await admin.contentService.loadContentInfo(id)).mainLocationId ?? 0)).pathString.replace(/^\/|\/$/g, '');
      groups = { editors: editorsGroup.contentInfo.id, editorsPath: await groupPath(editorsGroup.contentInfo.id), other: otherGroup.contentInfo.id, otherPath: await groupPath(otherGroup.contentInfo.id) };
      const limits: [Actor, { identifier: string; values: string[] }][] = [
        ['subtree', { identifier: 'Subtree', values: [`/${allowed.path}/`] }],
        ['section', { identifier: 'Section', values: ['1'] }],
      ];
      for (const [actor, limitation] of limits) {
        const draft = await admin.roleService.createRole({
          identifier: `Matrix-${actor}`,
          policies: [...everywhere.map((func) => ({ module: 'content', function: func, limitations: [limitation] })), ...unlimited],
        });
        const role = await admin.roleService.publishRoleDraft(draft.id);
        const group = await admin.userService.createUserGroup({ mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'name', value: `Matrix ${actor}` }] }, groups.editors);
        await admin.roleService.assignRoleToUserGroup(role.id, group.contentInfo.id);
        const user = await admin.userService.createUser(
          {
            mainLanguageCode: 'eng-GB',
            login: `${actor}-editor`,
            email: `${actor}@example.com`,
            password: 'Editor-Passw0rd',
            fields: [
              { fieldDefIdentifier: 'first_name', value: actor },
              { fieldDefIdentifier: 'last_name', value: 'Editor' },
            ],
          },
          [group.contentInfo.id],
        );
        userIds[actor] = user.contentInfo.id;
      }
    });
    afterAll(async () => {
      await server.stop();
    });

    const rows: Row[] = [
      {
        name: 'COPY content from outside the subtree into it (the source must be readable)',
        call: (f) => ({ method: 'COPY', path: `/content/objects/${f.outItem.id}`, headers: destination(f.inParent) }),
        expected: { anonymous: 401, subtree: 401, section: 201, admin: 201 },
        state: (f) => children(f.inParent),
      },
      {
        name: 'COPY content of the restricted section (the source must be readable)',
        call: (f) => ({ method: 'COPY', path: `/content/objects/${f.secret.id}`, headers: destination(f.inParent) }),
        expected: { anonymous: 401, subtree: 201, section: 401, admin: 201 },
        state: (f) => children(f.inParent),
      },
      {
        name: 'COPY content to a parent outside the subtree (create at the destination)',
        call: (f) => ({ method: 'COPY', path: `/content/objects/${f.inParent.id}`, headers: destination(f.outParent) }),
        expected: { anonymous: 401, subtree: 401, section: 201, admin: 201 },
        state: (f) => children(f.outParent),
      },
      {
        name: 'COPY content by CopyContentInput from outside the subtree',
        call: (f) => ({
          method: 'POST',
          path: `/content/objects/${f.outItem.id}`,
          input: 'CopyContentInput',
          body: { CopyContentInput: { destination: `/${f.inParent.path}` } },
        }),
        expected: { anonymous: 401, subtree: 401, section: 201, admin: 201 },
        state: (f) => children(f.inParent),
      },
      {
        name: 'COPY a location from outside the subtree into it',
        call: (f) => ({ method: 'COPY', path: `/content/locations/${f.outItem.path}`, headers: destination(f.inParent) }),
        expected: { anonymous: 401, subtree: 401, section: 201, admin: 201 },
        state: (f) => children(f.inParent),
      },
      {
        name: 'COPY a location whose subtree holds a secret',
        call: (f) => ({ method: 'COPY', path: `/content/locations/${f.inItem.path}`, headers: destination(f.inParent) }),
        expected: { anonymous: 401, subtree: 201, section: 401, admin: 201 },
        state: (f) => children(f.inParent),
      },
      {
        name: 'MOVE a location from outside the subtree into it',
        call: (f) => ({ method: 'MOVE', path: `/content/locations/${f.outItem.path}`, headers: destination(f.inParent) }),
        expected: { anonymous: 401, subtree: 401, section: 201, admin: 201 },
        state: (f) => pathOf(f.outItem),
      },
      {
        name: 'MOVE a location whose subtree holds a secret (every moved location must be readable)',
        call: (f) => ({ method: 'MOVE', path: `/content/locations/${f.inItem.path}`, headers: destination(f.inParent) }),
        expected: { anonymous: 401, subtree: 201, section: 401, admin: 201 },
        state: async (f) => [await pathOf(f.inItem), await pathOf(f.secret)],
      },
      {
        name: 'MOVE a location out of the subtree',
        call: (f) => ({ method: 'MOVE', path: `/content/locations/${f.inParent.path}`, headers: destination(f.outParent) }),
        expected: { anonymous: 401, subtree: 401, section: 201, admin: 201 },
        state: (f) => pathOf(f.inParent),
      },
      {
        name: 'SWAP a location inside the subtree with one outside',
        call: (f) => ({ method: 'SWAP', path: `/content/locations/${f.inParent.path}`, headers: destination(f.outItem) }),
        expected: { anonymous: 401, subtree: 401, section: 204, admin: 204 },
        state: async (f) => [(await asAdmin().locationService.loadLocation(f.inParent.locationId)).contentId, (await asAdmin().locationService.loadLocation(f.outItem.locationId)).contentId],
      },
      {
        name: 'SWAP with a secret',
        call: (f) => ({ method: 'SWAP', path: `/content/locations/${f.inParent.path}`, headers: destination(f.secret) }),
        expected: { anonymous: 401, subtree: 204, section: 401, admin: 204 },
        state: async (f) => (await asAdmin().locationService.loadLocation(f.secret.locationId)).contentId,
      },
      {
        name: 'relation from a draft inside the subtree to an item outside it (read on the destination)',
        call: (f) => ({
          method: 'POST',
          path: `/content/objects/${f.inParent.id}/versions/2/relations`,
          input: 'RelationCreate',
          body: { RelationCreate: { Destination: { _href: `${API}/content/objects/${f.outItem.id}` } } },
        }),
        expected: { anonymous: 401, subtree: 401, section: 201, admin: 201 },
        state: async (f) => (await asAdmin().contentService.loadRelations(await asAdmin().contentService.loadVersionInfo(f.inParent.id, 2))).length,
      },
      {
        name: 'relation from a draft to a secret',
        call: (f) => ({
          method: 'POST',
          path: `/content/objects/${f.inParent.id}/versions/2/relations`,
          input: 'RelationCreate',
          body: { RelationCreate: { Destination: { _href: `${API}/content/objects/${f.secret.id}` } } },
        }),
        expected: { anonymous: 401, subtree: 201, section: 401, admin: 201 },
        state: async (f) => (await asAdmin().contentService.loadRelations(await asAdmin().contentService.loadVersionInfo(f.inParent.id, 2))).length,
      },
      {
        name: 'bookmark a secret',
        call: (f) => ({ method: 'POST', path: `/bookmark/${f.secret.locationId}` }),
        expected: { anonymous: 401, subtree: 201, section: 401, admin: 201 },
        state: (f, actor) => bookmarked(actor, f.secret),
      },
      {
        name: 'bookmark a location outside the subtree',
        call: (f) => ({ method: 'POST', path: `/bookmark/${f.outItem.locationId}` }),
        // Anonymous may read the standard section, so it may bookmark there (as in Ibexa).
        expected: { anonymous: 201, subtree: 401, section: 201, admin: 201 },
        state: (f, actor) => bookmarked(actor, f.outItem),
      },
      {
        name: 'restore a trash item from outside the subtree into it',
        trash: true,
        call: (f) => ({ method: 'MOVE', path: `/content/trash/${f.trashed.out}`, headers: destination(f.inParent) }),
        expected: { anonymous: 401, subtree: 401, section: 201, admin: 201 },
        state: (f) => children(f.inParent),
      },
      {
        name: 'restore a trash item to a parent outside the subtree',
        trash: true,
        call: (f) => ({ method: 'MOVE', path: `/content/trash/${f.trashed.in}`, headers: destination(f.outParent) }),
        expected: { anonymous: 401, subtree: 401, section: 201, admin: 201 },
        state: (f) => children(f.outParent),
      },
      {
        name: 'URL alias for a location outside the subtree',
        call: (f) => ({
          method: 'POST',
          path: '/content/urlaliases',
          input: 'UrlAliasCreate',
          body: { UrlAliasCreate: { _type: 'LOCATION', location: { _href: `${API}/content/locations/${f.outItem.path}` }, path: `/alias-out-${f.outItem.id}`, languageCode: 'eng-GB' } },
        }),
        expected: { anonymous: 401, subtree: 401, section: 201, admin: 201 },
        state: async (f) => (await asAdmin().urlAliasService.listLocationAliases(f.outItem.locationId, true)).length,
      },
      {
        name: 'URL alias for a secret',
        call: (f) => ({
          method: 'POST',
          path: '/content/urlaliases',
          input: 'UrlAliasCreate',
          body: { UrlAliasCreate: { _type: 'LOCATION', location: { _href: `${API}/content/locations/${f.secret.path}` }, path: `/alias-secret-${f.secret.id}`, languageCode: 'eng-GB' } },
        }),
        expected: { anonymous: 401, subtree: 201, section: 401, admin: 201 },
        state: async (f) => (await asAdmin().urlAliasService.listLocationAliases(f.secret.locationId, true)).length,
      },
      {
        name: 'object state of a secret',
        call: (f) => ({
          method: 'PATCH',
          path: `/content/objects/${f.secret.id}/objectstates`,
          input: 'ContentObjectStates',
          body: { ContentObjectStates: { ObjectState: [{ _href: `${API}/content/objectstategroups/2/objectstates/2` }] } },
        }),
        expected: { anonymous: 401, subtree: 200, section: 401, admin: 200 },
        state: async (f) => (await asAdmin().objectStateService.getContentState(f.secret.id, 2)).id,
      },
      {
        name: 'object state of an item outside the subtree',
        call: (f) => ({
          method: 'PATCH',
          path: `/content/objects/${f.outItem.id}/objectstates`,
          input: 'ContentObjectStates',
          body: { ContentObjectStates: { ObjectState: [{ _href: `${API}/content/objectstategroups/2/objectstates/2` }] } },
        }),
        expected: { anonymous: 401, subtree: 401, section: 200, admin: 200 },
        state: async (f) => (await asAdmin().objectStateService.getContentState(f.outItem.id, 2)).id,
      },
      {
        name: 'section of a secret',
        call: (f) => ({ method: 'PATCH', path: `/content/objects/${f.secret.id}`, input: 'ContentUpdate', body: { ContentUpdate: { Section: { _href: `${API}/content/sections/1` } } } }),
        expected: { anonymous: 401, subtree: 200, section: 401, admin: 200 },
        state: async (f) => (await asAdmin().contentService.loadContentInfo(f.secret.id)).sectionId,
      },
      {
        name: 'delete the relation of a draft inside the subtree to an item outside it (the destination must be readable)',
        setup: (f) => related(f.inParent, f.outItem),
        call: (f, relationId) => ({ method: 'DELETE', path: `/content/objects/${f.inParent.id}/versions/2/relations/${relationId}` }),
        // Ibexa lists only the relations to readable items, so an unreadable destination's relation is not found.
        expected: { anonymous: 401, subtree: 404, section: 204, admin: 204 },
        state: (f) => relationCount(f.inParent),
      },
      {
        name: 'delete the relation of a draft to a secret',
        setup: (f) => related(f.inParent, f.secret),
        call: (f, relationId) => ({ method: 'DELETE', path: `/content/objects/${f.inParent.id}/versions/2/relations/${relationId}` }),
        expected: { anonymous: 401, subtree: 204, section: 404, admin: 204 },
        state: (f) => relationCount(f.inParent),
      },
      {
        name: 'delete the relation of a draft outside the subtree (edit on the source)',
        setup: (f) => related(f.outParent, f.inItem),
        call: (f, relationId) => ({ method: 'DELETE', path: `/content/objects/${f.outParent.id}/versions/2/relations/${relationId}` }),
        expected: { anonymous: 401, subtree: 401, section: 204, admin: 204 },
        state: (f) => relationCount(f.outParent),
      },
      {
        name: 'delete the bookmark of a secret (the location must be readable)',
        setup: async (f, actor) => {
          await server.app.persistence.bookmarkHandler.create(userIdOf(actor), f.secret.locationId);
          return f.secret.locationId;
        },
        call: (f) => ({ method: 'DELETE', path: `/bookmark/${f.secret.locationId}` }),
        expected: { anonymous: 401, subtree: 204, section: 401, admin: 204 },
        state: (f, actor) => bookmarked(actor, f.secret),
      },
      {
        name: 'delete the bookmark of a location outside the subtree',
        setup: async (f, actor) => {
          await server.app.persistence.bookmarkHandler.create(userIdOf(actor), f.outItem.locationId);
          return f.outItem.locationId;
        },
        call: (f) => ({ method: 'DELETE', path: `/bookmark/${f.outItem.locationId}` }),
        expected: { anonymous: 204, subtree: 401, section: 204, admin: 204 },
        state: (f, actor) => bookmarked(actor, f.outItem),
      },
      {
        name: 'new location of an item outside the subtree below a parent inside it (read on the content)',
        call: (f) => newLocation(f.outItem, f.inParent),
        expected: { anonymous: 401, subtree: 401, section: 201, admin: 201 },
        state: (f) => locationCount(f.outItem),
      },
      {
        name: 'new location of an item inside the subtree below a parent outside it (create at the parent)',
        call: (f) => newLocation(f.inItem, f.outParent),
        expected: { anonymous: 401, subtree: 401, section: 201, admin: 201 },
        state: (f) => locationCount(f.inItem),
      },
      {
        name: 'new location of a secret',
        call: (f) => newLocation(f.secret, f.inParent),
        expected: { anonymous: 401, subtree: 201, section: 401, admin: 201 },
        state: (f) => locationCount(f.secret),
      },
      {
        name: 'delete a trash item from outside the subtree (it must be readable)',
        trash: true,
        call: (f) => ({ method: 'DELETE', path: `/content/trash/${f.trashed.out}` }),
        expected: { anonymous: 401, subtree: 401, section: 204, admin: 204 },
        state: (f) => inTrash(f.trashed.out),
      },
      {
        name: 'delete a trashed secret (it must be readable)',
        setup: async (f) => {
          await asAdmin().trashService.trash(f.secret.locationId);
          return f.secret.locationId;
        },
        call: (f) => ({ method: 'DELETE', path: `/content/trash/${f.secret.locationId}` }),
        expected: { anonymous: 401, subtree: 204, section: 401, admin: 204 },
        state: (f) => inTrash(f.secret.locationId),
      },
      {
        // content/cleantrash takes no limitation: whoever holds it empties the whole trash (Ibexa 4.6 emptyTrash).
        name: 'empty the trash (content/cleantrash)',
        trash: true,
        call: () => ({ method: 'DELETE', path: '/content/trash' }),
        expected: { anonymous: 401, subtree: 204, section: 204, admin: 204 },
        state: async () => (await asAdmin().trashService.findTrashItems()).totalCount,
      },
    ];

    for (const row of rows) {
      it(row.name, async () => {
        const seen: [Actor, number][] = [];
        // A refusal leaves the content as it was (asserted below), so the next caller works on the same fixture,
        // unless the row prepares something per caller. Only anonymous's fixture is passed on: what is made for an
        // editor stays as that editor left it (the last test looks for its forbidden items by name).
        let reusable: Fixture | null = null;
        for (const actor of ACTORS) {
          const f: Fixture = reusable ?? (await fixture(`${actor}:${row.name.slice(0, 24)}`, row.trash ?? false));
          if (row.name.startsWith('relation') && !reusable) await asAdmin().contentService.createContentDraft(f.inParent.id);
          const prepared = row.setup ? await row.setup(f, actor) : 0;
          const before = await row.state(f, actor);
          const reply = await as(actor, row.call(f, prepared));
          seen.push([actor, reply.status]);
          const refused = reply.status >= 400;
          if (actor === 'anonymous') reusable = refused && !row.setup ? f : null;
          else if (!refused) reusable = null;
          if (reply.status >= 400) {
            expect([actor, reply.body?.ErrorMessage?.errorCode]).toEqual([actor, reply.status]);
            expect([actor, await row.state(f, actor)]).toEqual([actor, before]);
          } else {
            expect([actor, await row.state(f, actor)]).not.toEqual([actor, before]);
          }
        }
        expect(Object.fromEntries(seen)).toEqual(row.expected);
      });
    }

    /** Content type JSON bodies of the management rows: a type of two text lines. */
    const names = (text: string) => ({ value: [{ _languageCode: 'eng-GB', '#text': text }] });
    const fieldDefinitionCreate = (identifier: string) => ({ identifier, fieldType: 'ezstring', names: names(identifier) });
    const typeCreate = (identifier: string) => ({
      ContentTypeCreate: {
        identifier,
        mainLanguageCode: 'eng-GB',
        names: names(identifier),
        nameSchema: '<title>',
        FieldDefinitions: { FieldDefinition: [fieldDefinitionCreate('title'), fieldDefinitionCreate('summary')] },
      },
    });
    let serial = 0;
    /** A fresh identifier for what a management row creates (`matrix_<actor>_<n>`). */
    const fresh = (actor: Actor): string => `matrix_${actor}_${++serial}`;
    /** Runs an administrator's REST call that must succeed and answers its JSON body. */
    const asAdminOk = async (spec: Call, status: number): Promise<Reply['body']> => {
      const reply = await as('admin', spec);
      expect([spec.method, spec.path, reply.status]).toEqual([spec.method, spec.path, status]);
      return reply.body;
    };
    const publishedType = async (actor: Actor): Promise<number> =>
      (await asAdminOk({ method: 'POST', path: '/content/typegroups/1/types?publish=true', input: 'ContentTypeCreate', body: typeCreate(fresh(actor)) }, 201)).ContentType.id as number;
    /** A published type with a draft (made by the administrator); `field` is the id of the draft's "summary". */
    const typeWithDraft = async (actor: Actor): Promise<Prepared> => {
      const type = await publishedType(actor);
      const draft = await asAdmin().contentTypeService.createContentTypeDraft(type);
      return { type, field: draft.fieldDefinitions.find((definition) => definition.identifier === 'summary')?.id ?? 0 };
    };
    const typeGroup = async (actor: Actor): Promise<Prepared> => ({ group: (await asAdmin().contentTypeService.createContentTypeGroup({ identifier: fresh(actor) })).id });
    const draftOf = (type: number) => asAdmin().contentTypeService.loadContentTypeDraft(type).catch(() => null);
    const typeOf = (type: number) => asAdmin().contentTypeService.loadContentType(type).catch(() => null);
    const stateGroup = async (actor: Actor): Promise<Prepared> => {
      const { objectStateService } = asAdmin();
      const group = await objectStateService.createObjectStateGroup({ identifier: fresh(actor), defaultLanguageCode: 'eng-GB', names: { 'eng-GB': 'Matrix states' } });
      const state = await objectStateService.createObjectState(group.id, { identifier: fresh(actor), defaultLanguageCode: 'eng-GB', names: { 'eng-GB': 'Matrix state' } });
      return { group: group.id, state: state.id };
    };
    const sectionOf = (section: number) => asAdmin().sectionService.loadSection(section).catch(() => null);
    /** A published role with one unlimited content/read policy. */
    const role = async (actor: Actor): Promise<Prepared> => {
      const { roleService } = asAdmin();
      const published = await roleService.publishRoleDraft(
        (await roleService.createRole({ identifier: fresh(actor), policies: [{ module: 'content', function: 'read', limitations: [] }] })).id,
      );
      return { role: published.id, policy: published.policies[0]?.id ?? 0 };
    };
    const roleWithDraft = async (actor: Actor): Promise<Prepared> => {
      const prepared = await role(actor);
      await asAdmin().roleService.createRoleDraft(prepared['role'] ?? 0);
      return prepared;
    };
    const roleOf = (id: number) => asAdmin().roleService.loadRole(id).catch(() => null);
    const draftOfRole = (id: number) => asAdmin().roleService.loadRoleDraftByRoleId(id).catch(() => null);
    const policiesOf = async (id: number) => (await roleOf(id))?.policies.map((policy) => [policy.module, policy.function, policy.limitations]);
    const userGroup = async (actor: Actor): Promise<Prepared> => {
      const { userService, locationService } = asAdmin();
      const group = await userService.createUserGroup({ mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'name', value: fresh(actor) }] }, groups.other);
      const location = await locationService.loadLocation(group.contentInfo.mainLocationId ?? 0);
      return { group: group.contentInfo.id, location: location.id };
    };
    const user = async (actor: Actor): Promise<Prepared> => {
      const login = fresh(actor);
      const created = await asAdmin().userService.createUser(
        {
          mainLanguageCode: 'eng-GB',
          login,
          email: `${login}@example.com`,
          password: 'Matrix-Passw0rd',
          fields: [
            { fieldDefIdentifier: 'first_name', value: 'Matrix' },
            { fieldDefIdentifier: 'last_name', value: 'User' },
          ],
        },
        [groups.other],
      );
      return { user: created.contentInfo.id };
    };
    const mine = (actor: Actor, identifiers: readonly string[]): string[] => identifiers.filter((identifier) => identifier.startsWith(`matrix_${actor}_`)).sort();

    /**
     * Management routes (content types and their groups, sections, object states, URL wildcards, roles and
     * policies, users and user groups): neither editor holds class/*, section/edit, state/administrate or role/*,
     * nor may it read users (section users), so only the administrator may (a missing policy is an
     * UnauthorizedException: 401, as in Ibexa 4.6, where only role and role draft creation answer 403); both hold
     * content/urltranslator, which takes no limitation, so both may manage URL wildcards.
     */
    const managementRows: ManagementRow[] = [
      {
        name: 'create a content type group',
        call: (_p, actor) => ({ method: 'POST', path: '/content/typegroups', input: 'ContentTypeGroupInput', body: { ContentTypeGroupInput: { identifier: fresh(actor) } } }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 201 },
        state: async (_p, actor) => mine(actor, (await asAdmin().contentTypeService.loadContentTypeGroups()).map((group) => group.identifier)),
      },
      {
        name: 'update a content type group',
        setup: typeGroup,
        call: (p, actor) => ({ method: 'PATCH', path: `/content/typegroups/${p['group']}`, input: 'ContentTypeGroupInput', body: { ContentTypeGroupInput: { identifier: fresh(actor) } } }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 200 },
        state: async (p) => (await asAdmin().contentTypeService.loadContentTypeGroup(p['group'] ?? 0)).identifier,
      },
      {
        name: 'delete a content type group',
        setup: typeGroup,
        call: (p) => ({ method: 'DELETE', path: `/content/typegroups/${p['group']}` }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 204 },
        state: (p) => asAdmin().contentTypeService.loadContentTypeGroup(p['group'] ?? 0).then(() => true, () => false),
      },
      {
        name: 'create a content type',
        call: (_p, actor) => ({ method: 'POST', path: '/content/typegroups/1/types?publish=true', input: 'ContentTypeCreate', body: typeCreate(fresh(actor)) }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 201 },
        state: async (_p, actor) => mine(actor, (await asAdmin().contentTypeService.loadAllContentTypes()).map((type) => type.identifier)),
      },
      {
        name: 'create a draft of a content type',
        setup: async (actor) => ({ type: await publishedType(actor) }),
        call: (p) => ({ method: 'POST', path: `/content/types/${p['type']}`, input: 'ContentTypeUpdate', body: { ContentTypeUpdate: { isContainer: true } } }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 201 },
        state: async (p) => (await draftOf(p['type'] ?? 0)) !== null,
      },
      {
        name: 'update a content type draft',
        setup: typeWithDraft,
        call: (p, actor) => ({ method: 'PATCH', path: `/content/types/${p['type']}/draft`, input: 'ContentTypeUpdate', body: { ContentTypeUpdate: { remoteId: fresh(actor) } } }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 200 },
        state: async (p) => (await draftOf(p['type'] ?? 0))?.remoteId,
      },
      {
        name: 'add a field definition to a content type draft',
        setup: typeWithDraft,
        call: (p) => ({ method: 'POST', path: `/content/types/${p['type']}/draft/fieldDefinitions`, input: 'FieldDefinitionCreate', body: { FieldDefinitionCreate: fieldDefinitionCreate('added') } }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 201 },
        state: async (p) => (await draftOf(p['type'] ?? 0))?.fieldDefinitions.map((definition) => definition.identifier),
      },
      {
        name: 'update a field definition of a content type draft',
        setup: typeWithDraft,
        call: (p) => ({ method: 'PATCH', path: `/content/types/${p['type']}/draft/fieldDefinitions/${p['field']}`, input: 'FieldDefinitionUpdate', body: { FieldDefinitionUpdate: { isRequired: true } } }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 200 },
        state: async (p) => (await draftOf(p['type'] ?? 0))?.fieldDefinitions.map((definition) => [definition.identifier, definition.isRequired]),
      },
      {
        name: 'remove a field definition from a content type draft',
        setup: typeWithDraft,
        call: (p) => ({ method: 'DELETE', path: `/content/types/${p['type']}/draft/fieldDefinitions/${p['field']}` }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 204 },
        state: async (p) => (await draftOf(p['type'] ?? 0))?.fieldDefinitions.map((definition) => definition.identifier),
      },
      {
        name: 'publish a content type draft',
        setup: async (actor) => {
          const prepared = await typeWithDraft(actor);
          await asAdmin().contentTypeService.addFieldDefinition(prepared['type'] ?? 0, { identifier: 'published_field', fieldTypeIdentifier: 'ezstring', names: { 'eng-GB': 'Published' } });
          return prepared;
        },
        call: (p) => ({ method: 'PUBLISH', path: `/content/types/${p['type']}/draft` }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 200 },
        state: async (p) => [(await draftOf(p['type'] ?? 0)) !== null, (await typeOf(p['type'] ?? 0))?.fieldDefinitions.map((definition) => definition.identifier)],
      },
      {
        name: 'delete a content type draft',
        setup: typeWithDraft,
        call: (p) => ({ method: 'DELETE', path: `/content/types/${p['type']}/draft` }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 204 },
        state: async (p) => (await draftOf(p['type'] ?? 0)) !== null,
      },
      {
        name: 'delete a content type',
        setup: async (actor) => ({ type: await publishedType(actor) }),
        call: (p) => ({ method: 'DELETE', path: `/content/types/${p['type']}` }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 204 },
        state: async (p) => (await typeOf(p['type'] ?? 0)) !== null,
      },
      {
        name: 'copy a content type',
        setup: async (actor) => ({ type: await publishedType(actor) }),
        call: (p) => ({ method: 'COPY', path: `/content/types/${p['type']}` }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 201 },
        state: async () => (await asAdmin().contentTypeService.loadAllContentTypes()).length,
      },
      {
        name: 'link a content type to a group',
        setup: async (actor) => ({ type: await publishedType(actor) }),
        call: (p) => ({ method: 'POST', path: `/content/types/${p['type']}/groups?group=${API}/content/typegroups/2` }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 200 },
        state: async (p) => (await typeOf(p['type'] ?? 0))?.groupIds,
      },
      {
        name: 'unlink a content type from a group',
        setup: async (actor) => {
          const type = await publishedType(actor);
          await asAdmin().contentTypeService.assignContentTypeGroup(type, 2);
          return { type };
        },
        call: (p) => ({ method: 'DELETE', path: `/content/types/${p['type']}/groups/2` }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 200 },
        state: async (p) => (await typeOf(p['type'] ?? 0))?.groupIds,
      },
      {
        name: 'create a section',
        call: (_p, actor) => ({ method: 'POST', path: '/content/sections', input: 'SectionInput', body: { SectionInput: { identifier: fresh(actor), name: 'Matrix' } } }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 201 },
        state: async (_p, actor) => mine(actor, (await asAdmin().sectionService.loadSections()).map((section) => section.identifier)),
      },
      {
        name: 'update a section',
        setup: async (actor) => ({ section: (await asAdmin().sectionService.createSection({ identifier: fresh(actor), name: 'Matrix' })).id }),
        call: (p, actor) => ({ method: 'PATCH', path: `/content/sections/${p['section']}`, input: 'SectionInput', body: { SectionInput: { identifier: fresh(actor), name: 'Renamed' } } }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 200 },
        state: async (p) => {
          const section = await sectionOf(p['section'] ?? 0);
          return [section?.identifier, section?.name];
        },
      },
      {
        name: 'delete a section',
        setup: async (actor) => ({ section: (await asAdmin().sectionService.createSection({ identifier: fresh(actor), name: 'Matrix' })).id }),
        call: (p) => ({ method: 'DELETE', path: `/content/sections/${p['section']}` }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 204 },
        state: async (p) => (await sectionOf(p['section'] ?? 0)) !== null,
      },
      {
        name: 'create an object state group',
        call: (_p, actor) => ({
          method: 'POST',
          path: '/content/objectstategroups',
          input: 'ObjectStateGroupCreate',
          body: { ObjectStateGroupCreate: { identifier: fresh(actor), defaultLanguageCode: 'eng-GB', names: names('Matrix states') } },
        }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 201 },
        state: async (_p, actor) => mine(actor, (await asAdmin().objectStateService.loadObjectStateGroups()).map((group) => group.identifier)),
      },
      {
        name: 'update an object state group',
        setup: stateGroup,
        call: (p, actor) => ({ method: 'PATCH', path: `/content/objectstategroups/${p['group']}`, input: 'ObjectStateGroupUpdate', body: { ObjectStateGroupUpdate: { identifier: fresh(actor) } } }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 200 },
        state: async (p) => (await asAdmin().objectStateService.loadObjectStateGroup(p['group'] ?? 0)).identifier,
      },
      {
        name: 'delete an object state group',
        setup: stateGroup,
        call: (p) => ({ method: 'DELETE', path: `/content/objectstategroups/${p['group']}` }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 204 },
        state: (p) => asAdmin().objectStateService.loadObjectStateGroup(p['group'] ?? 0).then(() => true, () => false),
      },
      {
        name: 'create an object state',
        setup: stateGroup,
        call: (p, actor) => ({
          method: 'POST',
          path: `/content/objectstategroups/${p['group']}/objectstates`,
          input: 'ObjectStateCreate',
          body: { ObjectStateCreate: { identifier: fresh(actor), priority: 1, defaultLanguageCode: 'eng-GB', names: names('Another state') } },
        }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 201 },
        state: async (p) => (await asAdmin().objectStateService.loadObjectStates(p['group'] ?? 0)).map((state) => state.identifier),
      },
      {
        name: 'update an object state',
        setup: stateGroup,
        call: (p, actor) => ({
          method: 'PATCH',
          path: `/content/objectstategroups/${p['group']}/objectstates/${p['state']}`,
          input: 'ObjectStateUpdate',
          body: { ObjectStateUpdate: { identifier: fresh(actor) } },
        }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 200 },
        state: async (p) => (await asAdmin().objectStateService.loadObjectState(p['state'] ?? 0)).identifier,
      },
      {
        name: 'delete an object state',
        setup: async (actor) => {
          const prepared = await stateGroup(actor);
          // The group keeps a state after the deletion.
          await asAdmin().objectStateService.createObjectState(prepared['group'] ?? 0, { identifier: fresh(actor), defaultLanguageCode: 'eng-GB', names: { 'eng-GB': 'Kept' } });
          return prepared;
        },
        call: (p) => ({ method: 'DELETE', path: `/content/objectstategroups/${p['group']}/objectstates/${p['state']}` }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 204 },
        state: async (p) => (await asAdmin().objectStateService.loadObjectStates(p['group'] ?? 0)).map((state) => state.id),
      },
      {
        name: 'create a URL wildcard (content/urltranslator)',
        call: (_p, actor) => ({ method: 'POST', path: '/content/urlwildcards', input: 'UrlWildcardCreate', body: { UrlWildcardCreate: { sourceUrl: `/${fresh(actor)}/*`, destinationUrl: '/new/{1}', forward: true } } }),
        expected: { anonymous: 401, subtree: 201, section: 201, admin: 201 },
        state: async (_p, actor) => (await asAdmin().urlWildcardService.loadAll()).map((wildcard) => wildcard.sourceUrl).filter((url) => url.startsWith(`/matrix_${actor}_`)),
      },
      {
        name: 'delete a URL wildcard (content/urltranslator)',
        setup: async (actor) => ({ wildcard: (await asAdmin().urlWildcardService.create(`/${fresh(actor)}/*`, '/new/{1}', true)).id }),
        call: (p) => ({ method: 'DELETE', path: `/content/urlwildcards/${p['wildcard']}` }),
        expected: { anonymous: 401, subtree: 204, section: 204, admin: 204 },
        state: (p) => asAdmin().urlWildcardService.load(p['wildcard'] ?? 0).then(() => true, () => false),
      },
      {
        name: 'update a role',
        setup: async (actor) => ({ role: (await role(actor)).role ?? 0 }),
        call: (p, actor) => ({ method: 'PATCH', path: `/user/roles/${p['role']}`, input: 'RoleInput', body: { RoleInput: { identifier: fresh(actor) } } }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 200 },
        state: async (p) => (await roleOf(p['role'] ?? 0))?.identifier,
      },
      {
        name: 'delete a role',
        setup: role,
        call: (p) => ({ method: 'DELETE', path: `/user/roles/${p['role']}` }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 204 },
        state: async (p) => (await roleOf(p['role'] ?? 0)) !== null,
      },
      {
        name: 'update a role draft',
        setup: roleWithDraft,
        call: (p, actor) => ({ method: 'PATCH', path: `/user/roles/${p['role']}/draft`, input: 'RoleInput', body: { RoleInput: { identifier: fresh(actor) } } }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 200 },
        state: async (p) => (await draftOfRole(p['role'] ?? 0))?.identifier,
      },
      {
        name: 'publish a role draft',
        setup: roleWithDraft,
        call: (p) => ({ method: 'PUBLISH', path: `/user/roles/${p['role']}/draft` }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 204 },
        state: async (p) => (await draftOfRole(p['role'] ?? 0)) !== null,
      },
      {
        name: 'delete a role draft',
        setup: roleWithDraft,
        call: (p) => ({ method: 'DELETE', path: `/user/roles/${p['role']}/draft` }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 204 },
        state: async (p) => (await draftOfRole(p['role'] ?? 0)) !== null,
      },
      {
        name: 'add a policy to a role',
        setup: role,
        call: (p) => ({ method: 'POST', path: `/user/roles/${p['role']}/policies`, input: 'PolicyCreate', body: { PolicyCreate: { module: 'content', function: 'edit', limitations: { limitation: [] } } } }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 201 },
        state: (p) => policiesOf(p['role'] ?? 0),
      },
      {
        name: 'update a policy of a role',
        setup: role,
        call: (p) => ({
          method: 'PATCH',
          path: `/user/roles/${p['role']}/policies/${p['policy']}`,
          input: 'PolicyUpdate',
          body: { PolicyUpdate: { limitations: { limitation: [{ _identifier: 'Section', values: { ref: [{ _href: '1' }] } }] } } },
        }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 200 },
        state: (p) => policiesOf(p['role'] ?? 0),
      },
      {
        name: 'delete a policy of a role',
        setup: role,
        call: (p) => ({ method: 'DELETE', path: `/user/roles/${p['role']}/policies/${p['policy']}` }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 204 },
        state: (p) => policiesOf(p['role'] ?? 0),
      },
      {
        name: 'create a user group',
        call: (_p, actor) => ({
          method: 'POST',
          path: `/user/groups/${groups.otherPath}/subgroups`,
          input: 'UserGroupCreate',
          body: { UserGroupCreate: { mainLanguageCode: 'eng-GB', fields: { field: [{ fieldDefinitionIdentifier: 'name', fieldValue: fresh(actor) }] } } },
        }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 201 },
        state: async (_p, actor) => mine(actor, (await asAdmin().userService.loadSubUserGroups(groups.other)).map((group) => group.contentInfo.name)),
      },
      {
        name: 'delete a user group',
        setup: userGroup,
        call: (p) => ({ method: 'DELETE', path: `/user/groups/${groups.otherPath}/${p['location']}` }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 204 },
        state: (p) => asAdmin().userService.loadUserGroup(p['group'] ?? 0).then(() => true, () => false),
      },
      {
        name: 'create a user',
        call: (_p, actor) => {
          const login = fresh(actor);
          return {
            method: 'POST',
            path: `/user/groups/${groups.otherPath}/users`,
            input: 'UserCreate',
            body: {
              UserCreate: {
                mainLanguageCode: 'eng-GB',
                login,
                email: `${login}@example.com`,
                password: 'Matrix-Passw0rd',
                fields: { field: [{ fieldDefinitionIdentifier: 'first_name', fieldValue: 'New' }, { fieldDefinitionIdentifier: 'last_name', fieldValue: 'User' }] },
              },
            },
          };
        },
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 201 },
        state: async (_p, actor) => mine(actor, (await asAdmin().userService.loadUsersOfUserGroup(groups.other)).map((user) => user.login)),
      },
      {
        name: 'update a user',
        setup: user,
        call: (p, actor) => ({ method: 'PATCH', path: `/user/users/${p['user']}`, input: 'UserUpdate', body: { UserUpdate: { email: `${fresh(actor)}@example.org` } } }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 200 },
        state: async (p) => (await asAdmin().userService.loadUser(p['user'] ?? 0)).email,
      },
      {
        name: 'delete a user',
        setup: user,
        call: (p) => ({ method: 'DELETE', path: `/user/users/${p['user']}` }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 204 },
        state: (p) => asAdmin().userService.loadUser(p['user'] ?? 0).then(() => true, () => false),
      },
      {
        name: 'assign a user to a group',
        setup: user,
        call: (p) => ({ method: 'POST', path: `/user/users/${p['user']}/groups?group=${API}/user/groups/${groups.editorsPath}` }),
        expected: { anonymous: 401, subtree: 401, section: 401, admin: 200 },
        state: async (p) => (await asAdmin().userService.loadUserGroupsOfUser(p['user'] ?? 0)).map((group) => group.contentInfo.id).sort(),
      },
    ];

    for (const row of managementRows) {
      it(`management: ${row.name}`, async () => {
        const seen: [Actor, number][] = [];
        for (const actor of ACTORS) {
          const prepared = row.setup ? await row.setup(actor) : {};
          const before = await row.state(prepared, actor);
          const reply = await as(actor, row.call(prepared, actor));
          seen.push([actor, reply.status]);
          if (reply.status >= 400) {
            expect([actor, reply.body?.ErrorMessage?.errorCode]).toEqual([actor, reply.status]);
            expect([actor, await row.state(prepared, actor)]).toEqual([actor, before]);
          } else {
            expect([actor, await row.state(prepared, actor)]).not.toEqual([actor, before]);
          }
        }
        expect(Object.fromEntries(seen)).toEqual(row.expected);
      });
    }

    it('trash lists and trash items: only what the caller may read (as Ibexa findTrashItems and loadTrashItem)', async () => {
      const seen: Record<string, unknown> = {};
      for (const actor of ACTORS) {
        const f = await fixture(`${actor}:trash-reads`, true);
        await asAdmin().trashService.trash(f.secret.locationId);
        const labels = new Map([
          [f.trashed.out, 'out'],
          [f.trashed.in, 'in'],
          [f.secret.locationId, 'secret'],
        ]);
        const list = await as(actor, { method: 'GET', path: '/content/trash', accept: 'Trash' });
        expect([actor, list.status]).toEqual([actor, 200]);
        const listed = (list.body.Trash.TrashItem as { id: number }[]).flatMap((item) => labels.get(item.id) ?? []).sort();
        const loads: Record<string, number> = {};
        for (const [id, label] of labels) loads[label] = (await as(actor, { method: 'GET', path: `/content/trash/${id}`, accept: 'TrashItem' })).status;
        seen[actor] = { listed, loads };
      }
      expect(seen).toEqual({
        anonymous: { listed: ['in', 'out'], loads: { out: 200, in: 200, secret: 401 } },
        subtree: { listed: ['in', 'secret'], loads: { out: 401, in: 200, secret: 200 } },
        section: { listed: ['in', 'out'], loads: { out: 200, in: 200, secret: 401 } },
        admin: { listed: ['in', 'out', 'secret'], loads: { out: 200, in: 200, secret: 200 } },
      });
    });

    it('role assignment and user group moves: only the administrator (refusals change nothing)', async () => {
      const { roleService } = asAdmin();
      const role = (await roleService.loadRoleByIdentifier('Editor')).id;
      const assign: Call = {
        method: 'POST',
        path: `/user/groups/${groups.otherPath}/roles`,
        input: 'RoleAssignInput',
        body: { RoleAssignInput: { Role: { _href: `${API}/user/roles/${role}` } } },
      };
      const move: Call = { method: 'MOVE', path: `/user/groups/${groups.otherPath}`, headers: { Destination: `${API}/user/groups/${groups.editorsPath}` } };
      const assignments = async () => (await roleService.getRoleAssignmentsForUserGroup(groups.other)).length;
      const seen: Record<string, [number, number]> = {};
      for (const actor of ACTORS) {
        const before = [await assignments(), await pathOf({ id: groups.other, locationId: Number(groups.otherPath.split('/').pop()), path: groups.otherPath })];
        const assigned = (await as(actor, assign)).status;
        const moved = (await as(actor, move)).status;
        seen[actor] = [assigned, moved];
        if (actor !== 'admin') {
          expect([actor, await assignments(), await pathOf({ id: groups.other, locationId: Number(groups.otherPath.split('/').pop()), path: groups.otherPath })]).toEqual([actor, ...before]);
        }
      }
      expect(seen).toEqual({ anonymous: [401, 401], subtree: [401, 401], section: [401, 401], admin: [200, 201] });
    });

    it('relation lists and single relations show only relations to readable items', async () => {
      const seen: Record<string, unknown> = {};
      for (const actor of ACTORS) {
        const f = await fixture(`${actor}:relation-reads`, false);
        const toOutside = await related(f.inParent, f.outItem);
        const toSecret = (await asAdmin().contentService.addRelation(f.inParent.id, 2, f.secret.id)).id;
        const list = await as(actor, { method: 'GET', path: `/content/objects/${f.inParent.id}/versions/2/relations` });
        const destinations =
          list.status === 200
            ? (list.body.Relations.Relation as { DestinationContent: { _href: string } }[])
                .map((relation) => Number(relation.DestinationContent._href.split('/').pop()))
                .map((id) => (id === f.outItem.id ? 'out-item' : id === f.secret.id ? 'secret' : String(id)))
                .sort()
            : list.status;
        const single = async (relationId: number) => (await as(actor, { method: 'GET', path: `/content/objects/${f.inParent.id}/versions/2/relations/${relationId}` })).status;
        seen[actor] = { list: destinations, outside: await single(toOutside), secret: await single(toSecret) };
      }
      expect(seen).toEqual({
        anonymous: { list: 401, outside: 401, secret: 401 },
        subtree: { list: ['secret'], outside: 404, secret: 200 },
        section: { list: ['out-item'], outside: 200, secret: 404 },
        admin: { list: ['out-item', 'secret'], outside: 200, secret: 200 },
      });
    });

    it('role unassignment and removal of a user from a group: only the administrator (refusals change nothing)', async () => {
      const { roleService, userService } = asAdmin();
      const role = (await roleService.loadRoleByIdentifier('Editor')).id;
      const member = await userService.createUser(
        {
          mainLanguageCode: 'eng-GB',
          login: 'matrix-member',
          email: 'member@example.com',
          password: 'Member-Passw0rd',
          fields: [
            { fieldDefIdentifier: 'first_name', value: 'Mem' },
            { fieldDefIdentifier: 'last_name', value: 'Ber' },
          ],
        },
        [groups.editors],
      );
      const otherLocation = Number(groups.otherPath.split('/').pop());
      const assignments = async () => (await roleService.getRoleAssignmentsForUserGroup(groups.other)).filter((assignment) => assignment.roleId === role).length;
      const memberships = async () => (await userService.loadUserGroupsOfUser(member.contentInfo.id)).map((group) => group.contentInfo.id).sort();
      const seen: Record<string, [number, number]> = {};
      for (const actor of ACTORS) {
        if ((await assignments()) === 0) await roleService.assignRoleToUserGroup(role, groups.other);
        if (!(await memberships()).includes(groups.other)) await userService.assignUserToUserGroup(member.contentInfo.id, groups.other);
        const before = [await assignments(), await memberships()];
        const unassigned = await as(actor, { method: 'DELETE', path: `/user/groups/${groups.otherPath}/roles/${role}` });
        const removed = await as(actor, { method: 'DELETE', path: `/user/users/${member.contentInfo.id}/groups/${otherLocation}` });
        seen[actor] = [unassigned.status, removed.status];
        if (actor === 'admin') {
          expect([await assignments(), await memberships()]).toEqual([0, [groups.editors]]);
        } else {
          expect([actor, unassigned.body?.ErrorMessage?.errorCode, removed.body?.ErrorMessage?.errorCode]).toEqual([actor, unassigned.status, removed.status]);
          expect([actor, await assignments(), await memberships()]).toEqual([actor, ...before]);
        }
      }
      expect(seen).toEqual({ anonymous: [401, 401], subtree: [401, 401], section: [401, 401], admin: [200, 200] });
    });

    it('GraphQL: item reads, children and search lists, create/update/delete and uploadFiles inside and outside each limit', async () => {
      /** One GraphQL request as the caller (Basic, or none): `ok` or the error codes, and the data. */
      const graphqlAs = async (actor: Actor, query: string, file?: Buffer): Promise<{ outcome: string; data: Record<string, unknown> | null | undefined }> => {
        const own = credentials[actor];
        let test = request(server.app.express).post('/graphql').set('Apollo-Require-Preflight', 'true');
        if (own && 'basic' in own) test = test.auth(own.basic[0], own.basic[1]);
        const response = file
          ? await test.field('operations', JSON.stringify({ query, variables: { files: [null] } })).field('map', JSON.stringify({ '0': ['variables.files.0'] })).attach('0', file, 'matrix.png')
          : await test.set('Content-Type', 'application/json').send(JSON.stringify({ query }));
        const body = JSON.parse(response.text) as { data?: Record<string, unknown> | null; errors?: { extensions?: { code?: string } }[] };
        return { outcome: body.errors?.length ? body.errors.map((error) => error.extensions?.code).join(',') : 'ok', data: body.data };
      };
      const exists = (placed: Placed): Promise<boolean> => asAdmin().contentService.loadContentInfo(placed.id).then(() => true, () => false);
      const nameOf = async (placed: Placed): Promise<string | null> => (await asAdmin().contentService.loadContentInfo(placed.id).catch(() => null))?.name ?? null;
      const edgeNames = (value: unknown): string[] => ((value as { edges: { node: { _name?: string; content?: { _name: string } } }[] }).edges ?? []).map((edge) => edge.node._name ?? edge.node.content?._name ?? '');

      const seen: Record<string, Record<string, string>> = {};
      for (const actor of ACTORS) {
        const f = await fixture(`${actor}:graphql`, false);
        const outcomes: Record<string, string> = {};
        // Reads: directly, by location, through the children of a location and through a search list.
        outcomes['item outside'] = (await graphqlAs(actor, `{ item(contentId: ${f.outItem.id}) { _name } }`)).outcome;
        outcomes['item secret'] = (await graphqlAs(actor, `{ item(contentId: ${f.secret.id}) { _name } }`)).outcome;
        outcomes['item secret by location'] = (await graphqlAs(actor, `{ item(locationId: ${f.secret.locationId}) { _name } }`)).outcome;
        const inChildren = await graphqlAs(actor, `{ _repository { location(locationId: ${f.inItem.locationId}) { children(first: 50) { edges { node { content { _name } } } } } } }`);
        const outsideChildren = await graphqlAs(actor, `{ _repository { location(locationId: ${outside.locationId}) { children(first: 1000) { edges { node { content { _name } } } } } } }`);
        const search = await graphqlAs(actor, `{ content { folders(query: { ParentLocationId: [${f.inItem.locationId}, ${outside.locationId}] }, first: 1000) { edges { node { _name } } } } }`);
        // An unreadable location answers null (with an error); its children are then not listed at all.
        const childNames = (data: Record<string, unknown> | null | undefined): string[] => {
          const location = (data?.['_repository'] as { location?: { children: unknown } | null } | undefined)?.location;
          return location ? edgeNames(location.children) : [];
        };
        const listed = [...childNames(inChildren.data), ...childNames(outsideChildren.data), ...(search.data ? edgeNames((search.data['content'] as { folders: unknown }).folders) : [])];
        const mine = listed.filter((name) => name.startsWith(`${actor}:graphql`));
        outcomes['listed'] = [...new Set(mine.map((name) => name.slice(`${actor}:graphql `.length)))].sort().join(',');

        // Writes, each checked against the state seen by the administrator.
        const writes: [string, string, () => Promise<boolean>, Buffer?][] = [
          [
            'create below outside parent',
            `mutation { createFolder(language: eng_GB, parentLocationId: ${f.outParent.locationId}, input: { name: "gql-new" }) { contentId } }`,
            async () => (await children(f.outParent)).includes('gql-new'),
          ],
          [
            'create below secret',
            `mutation { createFolder(language: eng_GB, parentLocationId: ${f.secret.locationId}, input: { name: "gql-new" }) { contentId } }`,
            async () => (await children(f.secret)).includes('gql-new'),
          ],
          ['update outside', `mutation { updateFolder(language: eng_GB, contentId: ${f.outItem.id}, input: { name: "gql-renamed" }) { _name } }`, async () => (await nameOf(f.outItem)) === 'gql-renamed'],
          ['update secret', `mutation { updateFolder(language: eng_GB, contentId: ${f.secret.id}, input: { name: "gql-renamed" }) { _name } }`, async () => (await nameOf(f.secret)) === 'gql-renamed'],
          [
            'upload below outside parent',
            `mutation($files: [FileUpload]!) { uploadFiles(locationId: ${f.outParent.locationId}, files: $files, language: eng_GB) { files { _name } warnings } }`,
            async () => (await children(f.outParent)).includes('matrix.png'),
            PNG_1X1,
          ],
          [
            'upload below secret',
            `mutation($files: [FileUpload]!) { uploadFiles(locationId: ${f.secret.locationId}, files: $files, language: eng_GB) { files { _name } warnings } }`,
            async () => (await children(f.secret)).includes('matrix.png'),
            PNG_1X1,
          ],
          ['delete outside', `mutation { deleteContent(contentId: ${f.outItem.id}) { contentId } }`, async () => !(await exists(f.outItem))],
          ['delete secret', `mutation { deleteContent(contentId: ${f.secret.id}) { contentId } }`, async () => !(await exists(f.secret))],
        ];
        for (const [name, query, changed, file] of writes) {
          const reply = await graphqlAs(actor, query, file);
          // uploadFiles answers data with a warning per refused file rather than an error.
          const warnings = (reply.data?.['uploadFiles'] as { warnings?: string[] } | undefined)?.warnings ?? [];
          const outcome = reply.outcome === 'ok' && warnings.length > 0 ? 'warning' : reply.outcome;
          outcomes[name] = outcome;
          expect([actor, name, await changed()]).toEqual([actor, name, outcome === 'ok']);
        }
        seen[actor] = outcomes;
      }
      // Reads of the secret and of the outside item; anonymous may read the standard section but write nothing.
      const reads: Record<Actor, [string, string]> = { anonymous: ['UNAUTHORIZED', 'ok'], subtree: ['ok', 'UNAUTHORIZED'], section: ['UNAUTHORIZED', 'ok'], admin: ['ok', 'ok'] };
      for (const actor of ACTORS) {
        const [secretRead, outsideRead] = reads[actor];
        const [secretWrite, outsideWrite] = actor === 'anonymous' ? ['UNAUTHORIZED', 'UNAUTHORIZED'] : reads[actor];
        expect([actor, seen[actor]]).toEqual([
          actor,
          {
            'item outside': outsideRead,
            'item secret': secretRead,
            'item secret by location': secretRead,
            listed: [...(secretRead === 'ok' ? ['secret'] : []), ...(outsideRead === 'ok' ? ['out-item', 'out-parent'] : [])].sort().join(','),
            'create below outside parent': outsideWrite,
            'create below secret': secretWrite,
            'update outside': outsideWrite,
            'update secret': secretWrite,
            'upload below outside parent': outsideWrite === 'ok' ? 'ok' : 'warning',
            'upload below secret': secretWrite === 'ok' ? 'ok' : 'warning',
            'delete outside': outsideWrite,
            'delete secret': secretWrite,
          },
        ]);
      }
    });

    it('afterwards neither editor finds, lists or loads what it may not read', async () => {
      const names = async (actor: Actor): Promise<string[]> => {
        const reply = await as(actor, {
          method: 'POST',
          path: '/views',
          headers: { 'Content-Type': 'application/vnd.ibexa.api.ViewInput+json; version=1.1' },
          body: { ViewInput: { identifier: 'matrix-leak', ContentQuery: { Filter: { SubtreeCriterion: '/1/' }, limit: 1000 } } },
        });
        expect(reply.status).toBe(200);
        return (reply.body.View.Result.searchHit ?? reply.body.View.Result.searchHits.searchHit).map((hit: { value: { Content: { Name: string } } }) => hit.value.Content.Name);
      };
      const forbidden: Record<'subtree' | 'section', RegExp> = { subtree: /^subtree:.* out-/, section: /^section:.* secret$/ };
      for (const actor of ['subtree', 'section'] as const) {
        const found = await names(actor);
        expect(found.length).toBeGreaterThan(10);
        expect([actor, found.filter((name) => forbidden[actor].test(name))]).toEqual([actor, []]);
        const admin = await names('admin');
        expect(admin.filter((name) => forbidden[actor].test(name)).length).toBeGreaterThan(0);
        const listed = await as(actor, { method: 'GET', path: `/content/locations/${allowed.path}/children?limit=1000`, accept: 'LocationList' });
        expect(listed.status).toBe(200);
      }
    });
  });
}
