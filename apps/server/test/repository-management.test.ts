import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { API, call, contentCreate, login, type Call, type Reply } from './support/rest-session.js';
import { parseXml, startTestServer, vnd, type TestServer } from './support/test-server.js';

/**
 * Repository management over REST on SQLite with a session (cookie + CSRF): the location tree, trash, sections,
 * object states, URL aliases and wildcards, bookmarks, relations and translations (the Ibexa REST content,
 * location and repository routes) in JSON and XML, and refused requests that change nothing.
 */
describe('repository management over REST on SQLite', () => {
  let server: TestServer;
  let session: { cookie: string; csrf: string };
  const as = (spec: Call): Promise<Reply> => call(server.app.express, session, spec);

  /** Creates and publishes a folder below a location path (`1/2`); returns its content id and location path. */
  const folder = async (name: string, parentPath: string): Promise<{ contentId: number; path: string; locationId: number }> => {
    const created = await as({ method: 'POST', path: '/content/objects', input: 'ContentCreate', body: contentCreate(1, parentPath, { name }) });
    expect(created.status).toBe(201);
    const contentId = created.body.Content._id as number;
    expect((await as({ method: 'PUBLISH', path: `/content/objects/${contentId}/versions/1` })).status).toBe(204);
    const content = await as({ method: 'GET', path: `/content/objects/${contentId}` });
    const path = String(content.body.Content.MainLocation._href).slice(`${API}/content/locations`.length);
    return { contentId, path, locationId: Number(path.split('/').pop()) };
  };

  beforeAll(async () => {
    server = await startTestServer();
    session = await login(server.app.express, 'admin', 'publish');
  });
  afterAll(async () => {
    await server.stop();
  });

  it('moves a subtree, trashes it, lists the trash in XML and restores it below another parent', async () => {
    const top = await folder('Quarterly reports', '1/2');
    const child = await folder('Q1', top.path.slice(1));
    const moved = await as({ method: 'MOVE', path: `/content/locations${top.path}`, headers: { Destination: `${API}/content/locations/1/43` } });
    expect([moved.status, moved.headers['location']]).toEqual([201, `${API}/content/locations/1/43/${top.locationId}`]);
    const aliases = await as({ method: 'GET', path: `/content/locations/1/43/${top.locationId}/${child.locationId}/urlaliases?custom=false` });
    const alias = await as({ method: 'GET', path: String(aliases.body.UrlAliasRefList.UrlAlias[0]._href).slice(API.length) });
    expect(alias.body.UrlAlias).toMatchObject({ path: '/Media/Quarterly-reports/Q1', isHistory: false, custom: false });
    const oldPath = await as({ method: 'GET', path: '/content/locations?urlAlias=/Quarterly-reports/Q1' });
    expect([oldPath.status, oldPath.headers['location']]).toEqual([307, `${API}/content/locations/1/43/${top.locationId}/${child.locationId}`]);

    const trashed = await as({ method: 'MOVE', path: `/content/locations/1/43/${top.locationId}`, headers: { Destination: `${API}/content/trash` } });
    expect([trashed.status, trashed.headers['location']]).toEqual([201, `${API}/content/trash/${top.locationId}`]);
    const search = await as({ method: 'POST', path: '/views', input: 'ViewInput', body: { ViewInput: { identifier: 'trashed', Query: { Filter: { ContentIdCriterion: `${top.contentId},${child.contentId}` } } } } });
    expect(search.body.View.Result.count).toBe(0);
    const list = await as({ method: 'GET', path: '/content/trash', format: 'xml' });
    const parsed = await parseXml(list.text);
    expect(parsed).toMatchObject({ Trash: { $: { href: `${API}/content/trash` } } });
    expect(list.text).toContain(`<TrashItem media-type="${vnd('TrashItem', 'xml')}" href="${API}/content/trash/${child.locationId}">`);

    const restored = await as({ method: 'POST', path: `/content/trash/${top.locationId}`, input: 'RestoreTrashItemInput', body: { RestoreTrashItemInput: { destination: '/1/2' } } });
    expect([restored.status, restored.headers['location']]).toEqual([201, `${API}/content/locations/1/2/${top.locationId}`]);
    expect((await as({ method: 'GET', path: `/content/locations/1/2/${top.locationId}/${child.locationId}` })).body.Location.depth).toBe(3);
    expect((await as({ method: 'GET', path: '/content/trash' })).body.Trash.TrashItem).toEqual([]);
  });

  it('refuses illegal moves and bad input with the documented statuses, changing nothing', async () => {
    const top = await folder('Fixed', '1/2');
    const child = await folder('Fixed child', top.path.slice(1));
    const tree = async () => ({
      top: (await as({ method: 'GET', path: `/content/locations${top.path}` })).body.Location.pathString,
      child: (await as({ method: 'GET', path: `/content/locations${top.path}/${child.locationId}` })).body.Location.pathString,
      sections: (await as({ method: 'GET', path: '/content/sections' })).body.SectionList.Section.length,
      trash: (await as({ method: 'GET', path: '/content/trash' })).body.Trash.TrashItem.length,
    });
    const before = await tree();
    const refused: [Call, number][] = [
      [{ method: 'MOVE', path: `/content/locations${top.path}`, headers: { Destination: `${API}/content/locations${top.path}/${child.locationId}` } }, 406],
      [{ method: 'COPY', path: `/content/locations${top.path}`, headers: { Destination: `${API}/content/locations${top.path}/${child.locationId}` } }, 406],
      [{ method: 'MOVE', path: `/content/locations${top.path}`, headers: { Destination: 'nowhere' } }, 400],
      [{ method: 'POST', path: '/content/sections', input: 'SectionInput', format: 'xml', body: '<SectionInput><identifier>x</identifier>' }, 400],
      [{ method: 'POST', path: '/content/sections', input: 'SectionInput', body: { SectionInput: { identifier: 'standard', name: 'Dup' } } }, 403],
      [{ method: 'MOVE', path: '/content/trash/999999' }, 404],
      [{ method: 'DELETE', path: '/content/sections/1' }, 409],
      [{ method: 'DELETE', path: `/content/objects/${top.contentId}/translations/eng-GB` }, 409],
    ];
    for (const [spec, status] of refused) {
      const reply = await as(spec);
      expect([spec.method, spec.path, reply.status]).toEqual([spec.method, spec.path, status]);
      if (reply.body) expect(reply.body.ErrorMessage.errorCode).toBe(status);
    }
    expect(await tree()).toEqual(before);
  });

  it('manages sections, object states, wildcards, custom aliases and bookmarks in XML and JSON', async () => {
    const section = await as({ method: 'POST', path: '/content/sections', input: 'SectionInput', format: 'xml', body: '<SectionInput><identifier>press</identifier><name>Press</name></SectionInput>' });
    expect(section.status).toBe(201);
    expect(await parseXml(section.text)).toMatchObject({ Section: { identifier: 'press', name: 'Press' } });
    const group = await as({
      method: 'POST',
      path: '/content/objectstategroups',
      input: 'ObjectStateGroupCreate',
      format: 'xml',
      body: '<ObjectStateGroupCreate><identifier>review</identifier><defaultLanguageCode>eng-GB</defaultLanguageCode><names><value languageCode="eng-GB">Review</value></names></ObjectStateGroupCreate>',
    });
    expect(group.status).toBe(201);
    const groupPath = String(group.headers['location']).slice(API.length);
    const state = await as({
      method: 'POST',
      path: `${groupPath}/objectstates`,
      input: 'ObjectStateCreate',
      body: { ObjectStateCreate: { identifier: 'pending', priority: 0, defaultLanguageCode: 'eng-GB', names: { value: [{ _languageCode: 'eng-GB', '#text': 'Pending' }] } } },
    });
    expect(state.status).toBe(201);
    const states = await as({ method: 'GET', path: '/content/objects/1/objectstates' });
    expect(states.body.ContentObjectStates.ObjectState.map((ref: { _href: string }) => ref._href)).toContain(String(state.headers['location']));

    const wildcard = await as({ method: 'POST', path: '/content/urlwildcards', input: 'UrlWildcardCreate', format: 'xml', body: '<UrlWildcardCreate><sourceUrl>/legacy/*</sourceUrl><destinationUrl>/Media/{1}</destinationUrl><forward>true</forward></UrlWildcardCreate>' });
    expect(wildcard.status).toBe(201);
    expect(await server.app.repository.urlWildcardService.translate('/legacy/Images')).toEqual({ uri: '/Media/Images', forward: true });

    const alias = await as({ method: 'POST', path: '/content/urlaliases', input: 'UrlAliasCreate', body: { UrlAliasCreate: { _type: 'LOCATION', location: { _href: `${API}/content/locations/1/43/51` }, path: '/pictures', languageCode: 'eng-GB' } } });
    expect(alias.status).toBe(201);
    expect((await as({ method: 'GET', path: '/content/locations?urlAlias=/pictures' })).headers['location']).toBe(`${API}/content/locations/1/43/51`);

    expect((await as({ method: 'POST', path: '/bookmark/51' })).status).toBe(201);
    expect((await as({ method: 'POST', path: '/bookmark/51' })).status).toBe(409);
    const bookmarks = await as({ method: 'GET', path: '/bookmark', format: 'xml' });
    expect(bookmarks.text).toContain(`_href="${API}/bookmark/51"`);
    expect((await as({ method: 'DELETE', path: '/bookmark/51' })).status).toBe(204);
  });

  it('adds relations to drafts and deletes translations', async () => {
    const source = await folder('Related source', '1/2');
    const draft = await as({ method: 'COPY', path: `/content/objects/${source.contentId}/currentversion` });
    const versionNo = draft.body.Version.VersionInfo.versionNo as number;
    const relation = await as({
      method: 'POST',
      path: `/content/objects/${source.contentId}/versions/${versionNo}/relations`,
      input: 'RelationCreate',
      format: 'xml',
      body: `<RelationCreate><Destination href="${API}/content/objects/41"/></RelationCreate>`,
    });
    expect(relation.status).toBe(201);
    expect(await parseXml(relation.text)).toMatchObject({ Relation: { RelationType: 'COMMON' } });
    const relationPath = String(relation.headers['location']).slice(API.length);
    expect((await as({ method: 'DELETE', path: relationPath })).status).toBe(204);
    expect((await as({ method: 'DELETE', path: `/content/objects/${source.contentId}/translations/pol-PL` })).status).toBe(406);
  });
});
