import { beforeAll, describe, expect, it } from '@jest/globals';
import type { TestRepository } from '@contentrepo/core/testing';
import type { Express } from 'express';
import request from 'supertest';
import { createTestApp } from '../testing/rest-test-app.js';

const PREFIX = '/api/ibexa/v2';
const media = (name: string, format: 'json' | 'xml' = 'json'): string => `application/vnd.ibexa.api.${name}+${format}`;

const fieldDefinition = (identifier: string, extra: Record<string, unknown> = {}) => ({
  identifier,
  fieldType: 'ezstring',
  names: { value: [{ _languageCode: 'eng-GB', '#text': identifier }] },
  ...extra,
});
const typeCreate = (identifier: string, definitions: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    ContentTypeCreate: {
      identifier,
      mainLanguageCode: 'eng-GB',
      names: { value: [{ _languageCode: 'eng-GB', '#text': `The ${identifier}` }] },
      nameSchema: '<title>',
      FieldDefinitions: { FieldDefinition: definitions },
      ...extra,
    },
  });

/** Content type writes over REST (types, drafts, field definitions and the type view), JSON and XML. */
describe('content type writes', () => {
  let app: Express;
  let repo: TestRepository;
  beforeAll(async () => {
    ({ app, repo } = await createTestApp({ basicAuth: true }));
  });

  const call = (method: string, path: string, body?: string, type?: string) => {
    const verb = method === 'PUBLISH' || method === 'COPY' ? 'post' : (method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete');
    let test = request(app)[verb](`${PREFIX}${path}`).auth('admin', 'publish').set('Accept', 'application/json');
    if (verb === 'post' && method !== 'POST') test = test.set('X-HTTP-Method-Override', method);
    return body === undefined ? test : test.set('Content-Type', type ?? 'application/json').send(body);
  };
  const errorOf = (response: { text: string }) => JSON.parse(response.text).ErrorMessage;
  const typeIdentifiers = async () => (await repo.admin.contentTypeService.loadAllContentTypes()).map((type) => type.identifier);

  it('creates a published type (201, Location, ContentType) and a draft without publish', async () => {
    const published = await call('POST', '/content/typegroups/1/types?publish=true', typeCreate('blog_post', [
      fieldDefinition('title', { isRequired: true, defaultValue: 'Untitled', validatorConfiguration: { StringLengthValidator: { minStringLength: 0, maxStringLength: 80 } } }),
      fieldDefinition('rating', { fieldType: 'ibexa_integer', position: 5, fieldSettings: [] }),
    ]), media('ContentTypeCreate'));
    expect(published.status).toBe(201);
    const type = JSON.parse(published.text).ContentType;
    expect(published.headers['location']).toBe(`${PREFIX}/content/types/${type.id}`);
    expect(type).toMatchObject({ status: 'DEFINED', identifier: 'blog_post', nameSchema: '<title>', defaultAlwaysAvailable: true, mainLanguageCode: 'eng-GB' });
    const [title, rating] = type.FieldDefinitions.FieldDefinition;
    expect(title).toMatchObject({ identifier: 'title', fieldType: 'ezstring', isRequired: true, defaultValue: 'Untitled', isSearchable: true });
    expect(title.validatorConfiguration).toEqual({ StringLengthValidator: { minStringLength: 0, maxStringLength: 80 } });
    expect(rating).toMatchObject({ fieldType: 'ezinteger', position: 5 });

    const draft = await call('POST', '/content/typegroups/3/types', typeCreate('gallery', []), media('ContentTypeCreate'));
    expect(draft.status).toBe(201);
    const draftType = JSON.parse(draft.text).ContentType;
    expect(draft.headers['location']).toBe(`${PREFIX}/content/types/${draftType.id}/draft`);
    expect(draftType).toMatchObject({ status: 'DRAFT', _href: `${PREFIX}/content/types/${draftType.id}/draft`, FieldDefinitions: { FieldDefinition: [] } });
    expect((await call('GET', `/content/types/${draftType.id}`)).status).toBe(404);
    expect((await call('GET', `/content/types/${draftType.id}/draft`)).headers['accept-patch']).toBe(media('ContentTypeUpdate'));
  });

  it('creates a type from XML with translated names, field settings and validators as hashes', async () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><ContentTypeCreate><identifier>xml_type</identifier><mainLanguageCode>eng-GB</mainLanguageCode>' +
      '<names><value languageCode="eng-GB">XML type</value><value languageCode="pol-PL">Typ XML</value></names><isContainer>true</isContainer>' +
      '<defaultSortField>NAME</defaultSortField><defaultSortOrder>DESC</defaultSortOrder><FieldDefinitions><FieldDefinition><identifier>body</identifier>' +
      '<fieldType>eztext</fieldType><fieldSettings><value key="textRows">7</value></fieldSettings></FieldDefinition></FieldDefinitions></ContentTypeCreate>';
    const response = await call('POST', '/content/typegroups/1/types?publish=true', xml, media('ContentTypeCreate', 'xml')).set('Accept', media('ContentType', 'xml'));
    expect(response.status).toBe(201);
    expect(response.headers['content-type']).toBe(media('ContentType', 'xml'));
    expect(response.text).toContain('<identifier>xml_type</identifier>');
    expect(response.text).toContain('<value languageCode="pol-PL">Typ XML</value>');
    expect(response.text).toContain('<fieldSettings><value key="textRows">7</value></fieldSettings>');
    const type = await repo.admin.contentTypeService.loadContentTypeByIdentifier('xml_type');
    expect(type).toMatchObject({ isContainer: true, defaultSortField: 'NAME', defaultSortOrder: 'DESC', nameSchema: '<body>' });
  });

  it('refuses bad type creates with 400/403/404 and writes nothing', async () => {
    const before = await typeIdentifiers();
    const cases: [string, string, number, string][] = [
      ['/content/typegroups/1/types?publish=true', typeCreate('empty_one', []), 400, 'at least one field definition'],
      ['/content/typegroups/1/types', typeCreate('folder', [fieldDefinition('title')]), 403, "Another ContentType with identifier 'folder' exists"],
      ['/content/typegroups/1/types', typeCreate('new_one', [fieldDefinition('title')], { remoteId: 'a3d405b81be900468eb153d774f4f0d2' }), 403, 'remoteId'],
      ['/content/typegroups/1/types', typeCreate('dup', [fieldDefinition('a'), fieldDefinition('a')]), 400, "Another field definition with identifier 'a'"],
      ['/content/typegroups/1/types', typeCreate('bad_ft', [fieldDefinition('a', { fieldType: 'eznope' })]), 400, "Field type 'eznope' does not exist"],
      ['/content/typegroups/1/types', typeCreate('bad_val', [fieldDefinition('a', { validatorConfiguration: { StringLengthValidator: { maxStringLength: 'ten' } } })]), 400, 'must be of integer type'],
      ['/content/typegroups/1/types', typeCreate('bad_default', [fieldDefinition('a', { fieldType: 'ezinteger', defaultValue: 'abc' })]), 400, 'Invalid default value'],
      ['/content/typegroups/1/types', typeCreate('bad_lang', [fieldDefinition('a')], { mainLanguageCode: 'ger-DE' }), 404, "Could not find 'Language'"],
      ['/content/typegroups/1/types', JSON.stringify({ ContentTypeCreate: { identifier: 'x', mainLanguageCode: 'eng-GB' } }), 400, "Missing 'FieldDefinitions' element for ContentTypeCreate."],
      ['/content/typegroups/1/types', JSON.stringify({ ContentTypeCreate: { mainLanguageCode: 'eng-GB', FieldDefinitions: {} } }), 400, "Missing 'identifier' element for ContentTypeCreate."],
      ['/content/typegroups/1/types', typeCreate('x', [{ identifier: 'a' }]), 400, "Missing 'fieldType' element for FieldDefinitionCreate."],
      ['/content/typegroups/1/types', typeCreate('x', [fieldDefinition('a', { isRequired: 'maybe' })]), 400, "Invalid value for 'isRequired'"],
      ['/content/typegroups/99/types', typeCreate('x', [fieldDefinition('a')]), 404, "Could not find 'ContentTypeGroup' with identifier '99'"],
    ];
    for (const [path, body, status, message] of cases) {
      const response = await call('POST', path, body, media('ContentTypeCreate'));
      expect([message, response.status]).toEqual([message, status]);
      expect(errorOf(response).errorDescription).toContain(message);
    }
    const anonymous = await request(app).post(`${PREFIX}/content/typegroups/1/types`).set('Accept', 'application/json').set('Content-Type', media('ContentTypeCreate')).send(typeCreate('anon', []));
    expect(anonymous.status).toBe(401);
    expect(await typeIdentifiers()).toEqual(before);
    expect(await repo.persistence.contentTypeHandler.findTypeIds('identifier', 'empty_one')).toEqual([]);
  });

  it('runs the draft lifecycle: create with update (201), 403 while a draft exists, PATCH, field definitions, PUBLISH 200', async () => {
    const { id } = await repo.admin.contentTypeService.loadContentTypeByIdentifier('blog_post');
    const created = await call('POST', `/content/types/${id}`, JSON.stringify({ ContentTypeUpdate: { isContainer: true } }), media('ContentTypeUpdate'));
    expect(created.status).toBe(201);
    expect(created.headers['location']).toBe(`${PREFIX}/content/types/${id}/draft`);
    expect(JSON.parse(created.text).ContentTypeInfo).toMatchObject({ _href: `${PREFIX}/content/types/${id}/draft`, status: 'DRAFT', isContainer: true });
    expect((await call('POST', `/content/types/${id}`, JSON.stringify({ ContentTypeUpdate: {} }), media('ContentTypeUpdate'))).status).toBe(403);

    const patched = await call('PATCH', `/content/types/${id}/draft`, '<ContentTypeUpdate><remoteId>blog-post-type</remoteId></ContentTypeUpdate>', media('ContentTypeUpdate', 'xml'));
    expect([patched.status, JSON.parse(patched.text).ContentTypeInfo.remoteId]).toEqual([200, 'blog-post-type']);
    expect((await call('PATCH', `/content/types/${id}/draft`, JSON.stringify({ ContentTypeUpdate: { identifier: 'article' } }), media('ContentTypeUpdate'))).status).toBe(403);

    const added = await call('POST', `/content/types/${id}/draft/fieldDefinitions`, JSON.stringify({ FieldDefinitionCreate: fieldDefinition('summary', { fieldType: 'eztext' }) }), media('FieldDefinitionCreate'));
    expect(added.status).toBe(201);
    const summary = JSON.parse(added.text).FieldDefinition;
    expect(added.headers['location']).toBe(`${PREFIX}/content/types/${id}/draft/fieldDefinitions/${summary.id}`);
    expect(summary).toMatchObject({ identifier: 'summary', fieldType: 'eztext', position: 6 });
    expect((await call('POST', `/content/types/${id}/draft/fieldDefinitions`, JSON.stringify({ FieldDefinitionCreate: fieldDefinition('summary') }), media('FieldDefinitionCreate'))).status).toBe(403);
    expect((await call('POST', `/content/types/${id}/draft/fieldDefinitions`, JSON.stringify({ FieldDefinitionCreate: fieldDefinition('x', { fieldSettings: [1] }) }), media('FieldDefinitionCreate'))).status).toBe(400);

    const one = await call('GET', `/content/types/${id}/draft/fieldDefinitions/${summary.id}`);
    expect([one.status, one.headers['accept-patch']]).toEqual([200, media('FieldDefinitionUpdate')]);
    const updated = await call('PATCH', `/content/types/${id}/draft/fieldDefinitions/${summary.id}`, '<FieldDefinitionUpdate><isRequired>true</isRequired><fieldSettings><value key="textRows">3</value></fieldSettings></FieldDefinitionUpdate>', media('FieldDefinitionUpdate', 'xml'));
    expect(JSON.parse(updated.text).FieldDefinition).toMatchObject({ isRequired: true, fieldSettings: { textRows: 3 } });
    const rating = (await repo.admin.contentTypeService.loadContentTypeDraft(id)).fieldDefinitions.find((d) => d.identifier === 'rating');
    expect((await call('PATCH', `/content/types/${id}/draft/fieldDefinitions/${rating?.id}`, JSON.stringify({ FieldDefinitionUpdate: { identifier: 'title' } }), media('FieldDefinitionUpdate'))).status).toBe(403);
    expect((await call('DELETE', `/content/types/${id}/draft/fieldDefinitions/${rating?.id}`)).status).toBe(204);
    expect((await call('DELETE', `/content/types/${id}/draft/fieldDefinitions/${rating?.id}`)).status).toBe(404);
    const list = JSON.parse((await call('GET', `/content/types/${id}/draft/fieldDefinitions`)).text).FieldDefinitions;
    expect(list.FieldDefinition.map((d: { identifier: string }) => d.identifier)).toEqual(['title', 'summary']);

    const publishedResponse = await call('PUBLISH', `/content/types/${id}/draft`);
    expect(publishedResponse.status).toBe(200);
    expect(publishedResponse.headers['content-type']).toBe(media('ContentType'));
    const publishedType = JSON.parse(publishedResponse.text).ContentType;
    expect(publishedType).toMatchObject({ _href: `${PREFIX}/content/types/${id}`, status: 'DEFINED', remoteId: 'blog-post-type', isContainer: true });
    expect(publishedType.FieldDefinitions.FieldDefinition.map((d: { identifier: string }) => d.identifier)).toEqual(['title', 'summary']);
    expect((await call('GET', `/content/types/${id}/draft`)).status).toBe(404);
    expect((await call('PUBLISH', `/content/types/${id}/draft`)).status).toBe(404);
  });

  it('loads a field definition by identifier with that path as its _href; unknown: 404', async () => {
    const type = await repo.admin.contentTypeService.loadContentTypeByIdentifier('folder');
    const name = type.fieldDefinitions.find((definition) => definition.identifier === 'name');
    const json = await call('GET', `/content/types/${type.id}/fieldDefinition/name`);
    expect([json.status, json.headers['content-type']]).toEqual([200, media('FieldDefinition')]);
    expect(JSON.parse(json.text).FieldDefinition).toMatchObject({ _href: `${PREFIX}/content/types/${type.id}/fieldDefinition/name`, id: name?.id, identifier: 'name' });
    const xml = await call('GET', `/content/types/${type.id}/fieldDefinition/name`).set('Accept', media('FieldDefinition', 'xml'));
    expect(xml.text).toContain(`<FieldDefinition media-type="${media('FieldDefinition', 'xml')}" href="${PREFIX}/content/types/${type.id}/fieldDefinition/name">`);
    // By id, the href stays the path by id.
    const byId = JSON.parse((await call('GET', `/content/types/${type.id}/fieldDefinitions/${name?.id}`)).text).FieldDefinition;
    expect(byId._href).toBe(`${PREFIX}/content/types/${type.id}/fieldDefinitions/${name?.id}`);
    const unknown = await call('GET', `/content/types/${type.id}/fieldDefinition/colour`);
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown).errorDescription).toBe(`Field definition not found: '${PREFIX}/content/types/${type.id}/fieldDefinition/colour'.`);
  });

  it('refuses to publish a draft without field definitions (403) and deletes drafts (204)', async () => {
    const draft = await repo.admin.contentTypeService.createContentType({ identifier: 'empty_draft', mainLanguageCode: 'eng-GB', names: {}, fieldDefinitions: [] }, [1]);
    const refused = await call('PUBLISH', `/content/types/${draft.id}/draft`);
    expect([refused.status, errorOf(refused).errorDescription]).toEqual([403, expect.stringContaining('at least one field definition')]);
    const viaInput = await call('POST', `/content/types/${draft.id}/draft`, '{}', media('PublishContentTypeInput'));
    expect(viaInput.status).toBe(403);
    expect((await call('DELETE', `/content/types/${draft.id}/draft`)).status).toBe(204);
    expect((await call('DELETE', `/content/types/${draft.id}/draft`)).status).toBe(404);
  });

  it('copies a type (201 + Location) by COPY and by CopyContentTypeInput, and deletes unused types (204), not used ones (403)', async () => {
    const copied = await call('COPY', '/content/types/3');
    expect(copied.status).toBe(201);
    const copyId = Number(String(copied.headers['location']).split('/').pop());
    const copy = await repo.admin.contentTypeService.loadContentType(copyId);
    expect(copy).toMatchObject({ identifier: `copy_of_user_group_${copyId}`, groupIds: [2], status: 'DEFINED' });
    expect(copy.fieldDefinitions.map((d) => d.identifier)).toEqual(['name', 'description']);
    const viaInput = await call('POST', '/content/types/3', '{}', media('CopyContentTypeInput'));
    expect(viaInput.status).toBe(201);

    expect((await call('DELETE', `/content/types/${copyId}`)).status).toBe(204);
    expect((await call('GET', `/content/types/${copyId}`)).status).toBe(404);
    const refused = await call('DELETE', '/content/types/1');
    expect([refused.status, errorOf(refused).errorDescription]).toEqual([403, expect.stringContaining('Content of the content type exists')]);
    expect((await call('DELETE', '/content/types/999')).status).toBe(404);
    expect((await call('COPY', '/content/types/999')).status).toBe(404);
  });

  it('searches types with POST /content/types/view', async () => {
    const view = (query: Record<string, unknown>) =>
      call('POST', '/content/types/view', JSON.stringify({ ViewInput: { identifier: 'types', ContentTypeQuery: query } }), media('ContentTypeViewInput'));
    const byGroup = await view({ Query: { ContentTypeGroupIdCriterion: [3] }, SortClauses: { Identifier: 'descending' } });
    expect(byGroup.status).toBe(200);
    const list = JSON.parse(byGroup.text).ContentTypeList;
    expect(list.ContentType.map((type: { identifier: string }) => type.identifier)).toEqual(['image', 'file']);
    const paged = JSON.parse((await view({ Query: { OR: [{ ContentTypeIdentifierCriterion: ['folder', 'article'] }, { ContentTypeIdCriterion: 4 }] }, SortClauses: { Id: 'ascending' }, limit: 2, offset: 1 })).text);
    expect(paged.ContentTypeList.ContentType.map((type: { id: number }) => type.id)).toEqual([2, 4]);
    const xml = await call('POST', '/content/types/view', '<ViewInput><identifier>t</identifier><ContentTypeQuery><Query><ContainsFieldDefinitionIdCriterion>4</ContainsFieldDefinitionIdCriterion></Query></ContentTypeQuery></ViewInput>', media('ContentTypeViewInput', 'xml'));
    expect(JSON.parse(xml.text).ContentTypeList.ContentType.map((type: { identifier: string }) => type.identifier)).toEqual(['folder']);
    expect((await view({ Query: {}, Aggregations: [] })).status).toBe(400);
    expect((await view({ Query: { SectionIdCriterion: 1 } })).status).toBe(400);
    expect((await view({ SortClauses: { Identifier: 'up' } })).status).toBe(400);
  });

  it('searches types by content type group id and by group identifier case-insensitively, by id ascending', async () => {
    const identifiers = async (body: string, format: 'json' | 'xml' = 'json'): Promise<string[]> => {
      const response = await call('POST', '/content/types/view', body, media('ContentTypeViewInput', format));
      expect(response.status).toBe(200);
      return JSON.parse(response.text).ContentTypeList.ContentType.map((type: { identifier: string }) => type.identifier);
    };
    const json = (query: Record<string, unknown>): string => JSON.stringify({ ViewInput: { identifier: 'types', ContentTypeQuery: query } });
    expect(await identifiers(json({ Query: { ContentTypeGroupNameCriterion: 'media' } }))).toEqual(['image', 'file']);
    const ids = async (query: Record<string, unknown>): Promise<number[]> => {
      const response = await call('POST', '/content/types/view', json(query), media('ContentTypeViewInput'));
      return JSON.parse(response.text).ContentTypeList.ContentType.map((type: { id: number }) => type.id);
    };
    const usersAndMedia = await ids({ Query: { ContentTypeGroupIdCriterion: [2, 3] } });
    expect(usersAndMedia).toEqual(expect.arrayContaining([3, 4, 5, 12]));
    expect(usersAndMedia).toEqual([...usersAndMedia].sort((a, b) => a - b));
    expect(await ids({ Query: { ContentTypeGroupNameCriterion: ['USERS', 'Media'] } })).toEqual(usersAndMedia);
    expect(await identifiers(json({ Query: { ContentTypeGroupNameCriterion: 'nope' } }))).toEqual([]);
    expect(await identifiers(json({ Query: { ContentTypeGroupIdCriterion: 999 } }))).toEqual([]);
    expect(
      await identifiers(json({ Query: { AND: [{ ContentTypeGroupNameCriterion: 'MEDIA' }, { NOT: { ContentTypeIdentifierCriterion: 'file' } }] } })),
    ).toEqual(['image']);
    const xml =
      '<ViewInput><identifier>t</identifier><ContentTypeQuery><Query><OR>' +
      '<ContentTypeGroupNameCriterion>mEdIa</ContentTypeGroupNameCriterion><ContentTypeIdCriterion>1</ContentTypeIdCriterion>' +
      '</OR></Query></ContentTypeQuery></ViewInput>';
    expect(await identifiers(xml, 'xml')).toEqual(['folder', 'image', 'file']);
    const empty = await call('POST', '/content/types/view', json({ Query: { ContentTypeGroupNameCriterion: '' } }), media('ContentTypeViewInput'));
    expect(empty.status).toBe(400);
  });
});
