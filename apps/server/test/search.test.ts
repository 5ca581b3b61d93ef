import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { PNG_1X1, startTestServer, vnd, type TestServer } from './support/test-server.js';

const API = '/api/ibexa/v2';
const VIEW_JSON = 'application/vnd.ibexa.api.ViewInput+json; version=1.1';
const VIEW_XML = 'application/vnd.ibexa.api.ViewInput+xml; version=1.1';

interface SessionAuth {
  readonly cookie: string;
  readonly csrf: string;
}

interface JsonHit {
  readonly value: { readonly Content?: { readonly Name: string }; readonly Location?: { readonly ContentInfo: { readonly Content: { readonly Name: string } } } };
}

/**
 * POST /views end to end on SQLite: items published over REST are indexed at publish time and found by
 * the SQL search — Field, FullText, ContentName, image, date and tree criteria, Field and name sort clauses, in
 * JSON and XML, content and location queries.
 */
describe('POST /views over the SQL search on SQLite', () => {
  let server: TestServer;
  let auth: SessionAuth;
  let parentPath = '';
  let parentLocationId = 0;
  const post = (path: string) => request(server.app.express).post(`${API}${path}`).set('Cookie', auth.cookie).set('X-CSRF-Token', auth.csrf);

  /** Creates and publishes an item below `parent` (a location path like `/1/2/`) over REST; returns its location. */
  async function publish(contentTypeId: number, parent: string, fields: readonly { fieldDefinitionIdentifier: string; fieldValue: unknown }[]): Promise<{ locationHref: string }> {
    const created = await post('/content/objects')
      .set('Content-Type', vnd('ContentCreate'))
      .set('Accept', vnd('Content'))
      .send(
        JSON.stringify({
          ContentCreate: {
            ContentType: { _href: `${API}/content/types/${contentTypeId}` },
            mainLanguageCode: 'eng-GB',
            LocationCreate: { ParentLocation: { _href: `${API}/content/locations${parent.replace(/\/$/, '')}` }, sortField: 'PATH', sortOrder: 'ASC' },
            fields: { field: fields },
          },
        }),
      );
    expect(created.status).toBe(201);
    const id: number = JSON.parse(created.text).Content._id;
    expect((await post(`/content/objects/${id}/versions/1`).set('X-HTTP-Method-Override', 'PUBLISH')).status).toBe(204);
    const loaded = await request(server.app.express).get(`${API}/content/objects/${id}`).set('Cookie', auth.cookie).set('Accept', vnd('Content'));
    return { locationHref: JSON.parse(loaded.text).Content.MainLocation._href };
  }

  const folder = (name: string) => publish(1, parentPath, [{ fieldDefinitionIdentifier: 'name', fieldValue: name }]);

  const viewJson = async (query: Record<string, unknown>, kind: 'ContentQuery' | 'LocationQuery' = 'ContentQuery'): Promise<{ count: number | null; names: string[] }> => {
    const response = await post('/views')
      .set('Content-Type', VIEW_JSON)
      .set('Accept', vnd('View'))
      .send(JSON.stringify({ ViewInput: { identifier: 'search-e2e', [kind]: query } }));
    expect(response.status).toBe(200);
    const result = JSON.parse(response.text).View.Result;
    const hits: JsonHit[] = result.searchHits.searchHit;
    return { count: result.count, names: hits.map((hit) => hit.value.Content?.Name ?? hit.value.Location?.ContentInfo.Content.Name ?? '?') };
  };

  const viewXml = async (query: string): Promise<{ count: number; names: string[] }> => {
    const response = await post('/views')
      .set('Content-Type', VIEW_XML)
      .set('Accept', vnd('View', 'xml'))
      .send(`<?xml version="1.0" encoding="UTF-8"?><ViewInput><identifier>search-e2e</identifier><ContentQuery>${query}</ContentQuery></ViewInput>`);
    expect(response.status).toBe(200);
    const count = Number(/<count>(\d+)<\/count>/.exec(response.text)?.[1]);
    const names = [...response.text.matchAll(/<Content [^>]*>(?:(?!<\/Content>).)*?<Name>([^<]*)<\/Name>/gs)].map((match) => match[1] ?? '');
    return { count, names };
  };

  beforeAll(async () => {
    server = await startTestServer();
    const response = await request(server.app.express)
      .post(`${API}/user/sessions`)
      .set('Content-Type', vnd('SessionInput'))
      .set('Accept', vnd('Session'))
      .send(JSON.stringify({ SessionInput: { login: 'admin', password: 'publish' } }));
    const session = JSON.parse(response.text).Session as { name: string; identifier: string; csrfToken: string };
    auth = { cookie: `${session.name}=${session.identifier}`, csrf: session.csrfToken };
    const root = await publish(1, '/1/2/', [{ fieldDefinitionIdentifier: 'name', fieldValue: 'Search e2e' }]);
    parentPath = `${root.locationHref.replace(`${API}/content/locations`, '')}/`;
    parentLocationId = Number(parentPath.split('/').filter(Boolean).pop());
    for (const name of ['Alpha one', 'alpha two', 'Beta', 'Zebra crossing', 'Ωmega']) await folder(name);
    await publish(5, parentPath, [
      { fieldDefinitionIdentifier: 'name', fieldValue: 'Pixel zebra' },
      { fieldDefinitionIdentifier: 'image', fieldValue: { fileName: 'pixel.png', fileSize: PNG_1X1.length, data: PNG_1X1.toString('base64'), alternativeText: 'One pixel' } },
    ]);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('JSON: Field LIKE, FullText, ContentName and image criteria below a parent', async () => {
    const below = { ParentLocationIdCriterion: parentLocationId };
    expect(await viewJson({ Filter: { ...below, Field: { name: 'name', operator: 'LIKE', value: 'ALPHA*' } }, SortClauses: { ContentId: 'ascending' } })).toEqual({
      count: 2,
      names: ['Alpha one', 'alpha two'],
    });
    expect(await viewJson({ Query: { FullTextCriterion: 'zebra' }, Filter: below, SortClauses: { ContentName: 'ascending' } })).toEqual({
      count: 2,
      names: ['Pixel zebra', 'Zebra crossing'],
    });
    expect((await viewJson({ Filter: { ...below, ContentNameCriterion: '*ega' } })).names).toEqual(['Ωmega']);
    expect((await viewJson({ Filter: { ...below, ImageMimeTypeCriterion: { fieldDefIdentifier: 'image', type: ['image/png'] } } })).names).toEqual(['Pixel zebra']);
  });

  it('JSON: an AND/OR/NOT tree sorted by a field, and a location query with paging', async () => {
    const tree = {
      Filter: {
        AND: {
          SubtreeCriterion: parentPath,
          ContentTypeIdentifierCriterion: 'folder',
          OR: { Field: [{ name: 'name', operator: 'GTE', value: 'b' }, { name: 'name', operator: 'EQ', value: 'alpha one' }] },
          NOT: { FullTextCriterion: 'crossing' },
        },
      },
      SortClauses: { Field: { identifier: 'folder/name', direction: 'descending' } },
    };
    expect(await viewJson(tree)).toEqual({ count: 4, names: ['Ωmega', 'Search e2e', 'Beta', 'Alpha one'] });
    const locations = await viewJson({ Filter: { SubtreeCriterion: parentPath }, SortClauses: { ContentName: 'ascending' }, limit: 2, offset: 1 }, 'LocationQuery');
    expect(locations).toEqual({ count: 7, names: ['alpha two', 'Beta'] });
  });

  it('XML: FullText, Field, DateMetadata and a Field sort clause', async () => {
    const recent = Math.floor(Date.now() / 1000) - 3600;
    const xml = await viewXml(
      `<Filter><ParentLocationIdCriterion>${parentLocationId}</ParentLocationIdCriterion>` +
        `<DateMetadataCriterion><Target>published</Target><Value>${recent}</Value><Operator>GTE</Operator></DateMetadataCriterion></Filter>` +
        '<Query><FullTextCriterion>alpha zebra</FullTextCriterion></Query>' +
        '<SortClauses><Field identifier="folder/name">ascending</Field></SortClauses>',
    );
    expect(xml).toEqual({ count: 4, names: ['Pixel zebra', 'Alpha one', 'alpha two', 'Zebra crossing'] });
    const field = await viewXml(
      `<Filter><ParentLocationIdCriterion>${parentLocationId}</ParentLocationIdCriterion><Field><name>name</name><operator>IN</operator><value>beta</value><value>ωmega</value></Field></Filter>` +
        '<SortClauses><ContentName>descending</ContentName></SortClauses>',
    );
    expect(field).toEqual({ count: 2, names: ['Ωmega', 'Beta'] });
  });

  it('JSON and XML: performCount false answers the same hits with a null count; Field CONTAINS on a text line', async () => {
    const below = { ParentLocationIdCriterion: parentLocationId };
    const contains = (value: string) => ({ Filter: { ...below, Field: { name: 'name', operator: 'CONTAINS', value } }, SortClauses: { ContentId: 'ascending' } });
    expect(await viewJson(contains('ALPHA'))).toEqual({ count: 2, names: ['Alpha one', 'alpha two'] });
    expect(await viewJson({ ...contains('ALPHA'), performCount: false })).toEqual({ count: null, names: ['Alpha one', 'alpha two'] });
    expect(await viewJson({ ...contains('a'), performCount: 'false', limit: 2 })).toEqual({ count: null, names: ['Alpha one', 'alpha two'] });
    expect(await viewJson({ ...contains('ta'), performCount: true })).toEqual({ count: 1, names: ['Beta'] });
    expect(await viewJson({ ...contains('ega'), performCount: false, limit: 0 })).toEqual({ count: null, names: [] });
    const xml = await post('/views')
      .set('Content-Type', VIEW_XML)
      .set('Accept', vnd('View', 'xml'))
      .send(
        '<?xml version="1.0" encoding="UTF-8"?><ViewInput><identifier>no-count</identifier><ContentQuery>' +
          `<Filter><ParentLocationIdCriterion>${parentLocationId}</ParentLocationIdCriterion></Filter><performCount>false</performCount><limit>1</limit>` +
          '</ContentQuery></ViewInput>',
      );
    expect(xml.status).toBe(200);
    expect(xml.text).toMatch(/<count\/>|<count><\/count>/);
    expect(xml.text.match(/<searchHit /g)).toHaveLength(1);
    const invalid = await post('/views')
      .set('Content-Type', VIEW_JSON)
      .set('Accept', vnd('View'))
      .send(JSON.stringify({ ViewInput: { identifier: 'bad-count', ContentQuery: { Filter: below, performCount: 'sometimes' } } }));
    expect(invalid.status).toBe(400);
  });
});
