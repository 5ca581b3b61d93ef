import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { parseXml, startTestServer, vnd, type TestServer } from './support/test-server.js';

const API = '/api/ibexa/v2';

/**
 * Content type management end to end on SQLite (the Ibexa REST content type routes): a type is created and published
 * over REST, content of it is created in two languages, then a draft adds a field and removes another; publishing it
 * updates every version of the content in one transaction (added field with its default value in each language, removed
 * field gone, search follows). Bad input changes nothing.
 */
describe('content type management over REST on SQLite', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ LANGUAGES: 'eng-GB,pol-PL' });
  });
  afterAll(async () => {
    await server.stop();
  });

  const send = (method: 'get' | 'post' | 'patch' | 'delete', path: string, body?: string, type?: string) => {
    const call = request(server.app.express)[method](`${API}${path}`).auth('admin', 'publish').set('Accept', 'application/json');
    return body === undefined ? call : call.set('Content-Type', type ?? vnd('ContentTypeCreate')).send(body);
  };
  const json = (response: { text: string }) => JSON.parse(response.text);

  it('creates a type from XML, evolves it and existing content follows', async () => {
    const created = await send(
      'post',
      '/content/typegroups/1/types?publish=true',
      '<ContentTypeCreate><identifier>recipe</identifier><mainLanguageCode>eng-GB</mainLanguageCode><nameSchema>&lt;title&gt;</nameSchema>' +
        '<names><value languageCode="eng-GB">Recipe</value></names><FieldDefinitions>' +
        '<FieldDefinition><identifier>title</identifier><fieldType>ezstring</fieldType><isRequired>true</isRequired></FieldDefinition>' +
        '<FieldDefinition><identifier>notes</identifier><fieldType>eztext</fieldType></FieldDefinition></FieldDefinitions></ContentTypeCreate>',
      vnd('ContentTypeCreate', 'xml'),
    ).set('Accept', vnd('ContentType', 'xml'));
    expect(created.status).toBe(201);
    const parsed = await parseXml(created.text);
    const typeXml = parsed['ContentType'] as { id: string; status: string };
    expect(typeXml.status).toBe('DEFINED');
    const typeId = Number(typeXml.id);

    const content = await send(
      'post',
      '/content/objects',
      JSON.stringify({
        ContentCreate: {
          ContentType: { _href: `${API}/content/types/${typeId}` },
          mainLanguageCode: 'eng-GB',
          LocationCreate: { ParentLocation: { _href: `${API}/content/locations/1/2` }, sortField: 'PATH', sortOrder: 'ASC' },
          fields: {
            field: [
              { fieldDefinitionIdentifier: 'title', fieldValue: 'Pancakes' },
              { fieldDefinitionIdentifier: 'title', languageCode: 'pol-PL', fieldValue: 'Naleśniki' },
              { fieldDefinitionIdentifier: 'notes', fieldValue: 'Flip once' },
            ],
          },
        },
      }),
      vnd('ContentCreate'),
    );
    expect(content.status).toBe(201);
    const contentId = Number(json(content).Content._id);
    expect((await send('post', `/content/objects/${contentId}/versions/1`, undefined).set('X-HTTP-Method-Override', 'PUBLISH')).status).toBe(204);

    const newDraft = await send('post', `/content/types/${typeId}`, JSON.stringify({ ContentTypeUpdate: {} }), vnd('ContentTypeUpdate'));
    expect(newDraft.status).toBe(201);
    expect(newDraft.headers['location']).toBe(`${API}/content/types/${typeId}/draft`);
    expect(json(newDraft).ContentTypeInfo._href).toBe(newDraft.headers['location']);
    const added = await send(
      'post',
      `/content/types/${typeId}/draft/fieldDefinitions`,
      JSON.stringify({ FieldDefinitionCreate: { identifier: 'servings', fieldType: 'ezinteger', defaultValue: 4, isSearchable: true } }),
      vnd('FieldDefinitionCreate'),
    );
    expect(added.status).toBe(201);
    const draft = json(await send('get', `/content/types/${typeId}/draft`)).ContentType;
    const notes = draft.FieldDefinitions.FieldDefinition.find((definition: { identifier: string }) => definition.identifier === 'notes');
    expect((await send('delete', `/content/types/${typeId}/draft/fieldDefinitions/${notes.id}`)).status).toBe(204);
    const published = await send('post', `/content/types/${typeId}/draft`).set('X-HTTP-Method-Override', 'PUBLISH');
    expect(published.status).toBe(200);
    expect(published.headers['content-type']).toBe(vnd('ContentType'));
    expect(json(published).ContentType).toMatchObject({ _href: `${API}/content/types/${typeId}`, status: 'DEFINED' });
    const servings = await send('get', `/content/types/${typeId}/fieldDefinition/servings`);
    expect(servings.status).toBe(200);
    expect(json(servings).FieldDefinition).toMatchObject({ _href: `${API}/content/types/${typeId}/fieldDefinition/servings`, identifier: 'servings' });
    expect(json(published).ContentType.FieldDefinitions.FieldDefinition.map((d: { identifier: string }) => d.identifier)).toEqual(['title', 'servings']);

    const version = json(await send('get', `/content/objects/${contentId}/versions/1`).set('Accept', vnd('Version'))).Version;
    const fields = version.Fields.field.map((field: { fieldDefinitionIdentifier: string; languageCode: string; fieldValue: unknown }) => [
      field.fieldDefinitionIdentifier,
      field.languageCode,
      field.fieldValue,
    ]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ['title', 'eng-GB', 'Pancakes'],
        ['title', 'pol-PL', 'Naleśniki'],
        ['servings', 'eng-GB', 4],
        ['servings', 'pol-PL', 4],
      ]),
    );
    expect(fields).toHaveLength(4);

    const search = await send(
      'post',
      '/views',
      JSON.stringify({ ViewInput: { identifier: 'servings', ContentQuery: { Filter: { Field: { name: 'servings', operator: 'EQ', value: 4 } } } } }),
      'application/vnd.ibexa.api.ViewInput+json; version=1.1',
    );
    expect(json(search).View.Result.count).toBe(1);

    const refused = await send('delete', `/content/types/${typeId}`);
    expect(refused.status).toBe(403);
    expect((await send('get', `/content/types/${typeId}`)).status).toBe(200);
  });

  it('refuses bad input and conflicts with an ErrorMessage, leaving the types unchanged', async () => {
    const before = json(await send('get', '/content/types')).ContentTypeInfoList.ContentType.length;
    const cases: [Promise<request.Response>, number][] = [
      [send('post', '/content/typegroups/1/types', '{"ContentTypeCreate": ', vnd('ContentTypeCreate')), 400],
      [send('post', '/content/typegroups/1/types?publish=true', JSON.stringify({ ContentTypeCreate: { identifier: 'x', mainLanguageCode: 'eng-GB', FieldDefinitions: { FieldDefinition: [] } } })), 400],
      [send('post', '/content/typegroups/1/types', JSON.stringify({ ContentTypeCreate: { identifier: 'folder', mainLanguageCode: 'eng-GB', FieldDefinitions: { FieldDefinition: [] } } })), 403],
      [send('post', '/content/types/1', '<ContentTypeUpdate><identifier>article</identifier></ContentTypeUpdate>', vnd('ContentTypeUpdate', 'xml')), 403],
      [send('delete', '/content/typegroups/1'), 403],
      [send('post', '/content/typegroups', JSON.stringify({ ContentTypeGroupInput: { identifier: 'Media' } }), vnd('ContentTypeGroupInput')), 403],
      [send('get', '/content/types/999/draft'), 404],
    ];
    for (const [call, status] of cases) {
      const response = await call;
      expect(response.status).toBe(status);
      expect(json(response).ErrorMessage.errorCode).toBe(status);
    }
    expect(json(await send('get', '/content/types')).ContentTypeInfoList.ContentType).toHaveLength(before);
    expect((await send('get', '/content/types/1/draft')).status).toBe(404);
    expect(json(await send('get', '/content/types/1')).ContentType.identifier).toBe('folder');
  });
});
