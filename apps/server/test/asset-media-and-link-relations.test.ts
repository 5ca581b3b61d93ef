import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Express } from 'express';
import request from 'supertest';
import { API, call, contentCreate, type Credentials } from './support/rest-session.js';
import { parseXml, PNG_1X1, startTestServer, type TestServer } from './support/test-server.js';

const ADMIN: Credentials = { basic: ['admin', 'publish'] };

type RestField = { fieldDefinitionIdentifier: string; fieldTypeIdentifier: string; fieldValue: Record<string, unknown> | null; id: number };
type RestRelation = { DestinationContent: { _href: string }; RelationType: string; SourceFieldDefinitionIdentifier?: string };

const docbook = (body: string): { xml: string } => ({
  xml:
    '<?xml version="1.0" encoding="UTF-8"?>\n<section xmlns="http://docbook.org/ns/docbook" xmlns:xlink="http://www.w3.org/1999/xlink" ' +
    `xmlns:ezxhtml="http://ibexa.co/xmlns/dxp/docbook/xhtml" version="5.0-variant ezpublish-1.0">${body}</section>`,
});

/** Creates and publishes an item; answers its id, main location id and the created Content. */
async function publishItem(app: Express, typeId: number, fields: Record<string, unknown>): Promise<{ id: number; locationId: number; content: Record<string, unknown> }> {
  const created = await call(app, ADMIN, { method: 'POST', path: '/content/objects', input: 'ContentCreate', accept: 'Content', body: contentCreate(typeId, '1/2', fields) });
  expect(created.status).toBe(201);
  const id = Number(created.body.Content._id);
  expect((await call(app, ADMIN, { method: 'PUBLISH', path: `/content/objects/${id}/versions/1` })).status).toBe(204);
  const info = await call(app, ADMIN, { method: 'GET', path: `/content/objects/${id}`, accept: 'ContentInfo' });
  const locationId = Number(String(info.body.Content.MainLocation._href).split('/').pop());
  return { id, locationId, content: created.body.Content };
}

const versionFields = (content: { CurrentVersion?: { Version: { Fields: { field: RestField[] } } } }): RestField[] => content.CurrentVersion?.Version.Fields.field ?? [];
const fieldOf = (fields: RestField[], identifier: string): RestField => {
  const field = fields.find((candidate) => candidate.fieldDefinitionIdentifier === identifier);
  if (!field) throw new Error(`no field ${identifier}`);
  return field;
};

/**
 * The image asset and media field types end to end, and the relations field values imply (Ibexa 4.6): a content type
 * with rich text, relation, image asset and media fields is created over REST; saving rich text links and embeds
 * (`ezcontent://`, `ezlocation://`), a relation field and an image asset lists LINK, EMBED, ATTRIBUTE and ASSET
 * relations in `Version.Relations`, recomputed on each save; the asset's value links to the destination image's
 * variations, which answer 200.
 */
describe('image assets, media and relations from field values', () => {
  let server: TestServer;
  let app: Express;
  let typeId: number;
  let image: { id: number; imageFieldId: number };
  let linked: { id: number; locationId: number };
  let embedded: { id: number; locationId: number };
  let related: { id: number; locationId: number };

  beforeAll(async () => {
    server = await startTestServer();
    app = server.app.express;
    const created = await publishItem(app, 5, { name: 'Apple', image: { fileName: 'apple.png', data: PNG_1X1.toString('base64'), alternativeText: 'An apple' } });
    image = { id: created.id, imageFieldId: fieldOf(versionFields(created.content as never), 'image').id };
    linked = await publishItem(app, 1, { name: 'Linked folder' });
    embedded = await publishItem(app, 1, { name: 'Embedded folder' });
    related = await publishItem(app, 1, { name: 'Related folder' });

    const type = await call(app, ADMIN, {
      method: 'POST',
      path: '/content/typegroups/1/types?publish=true',
      input: 'ContentTypeCreate',
      accept: 'ContentType',
      format: 'xml',
      body:
        '<ContentTypeCreate><identifier>feature</identifier><mainLanguageCode>eng-GB</mainLanguageCode><nameSchema>&lt;title&gt;</nameSchema>' +
        '<names><value languageCode="eng-GB">Feature</value></names><FieldDefinitions>' +
        '<FieldDefinition><identifier>title</identifier><fieldType>ezstring</fieldType><isRequired>true</isRequired></FieldDefinition>' +
        '<FieldDefinition><identifier>body</identifier><fieldType>ezrichtext</fieldType></FieldDefinition>' +
        '<FieldDefinition><identifier>see_also</identifier><fieldType>ezobjectrelation</fieldType></FieldDefinition>' +
        '<FieldDefinition><identifier>visual</identifier><fieldType>ezimageasset</fieldType><isSearchable>true</isSearchable></FieldDefinition>' +
        '<FieldDefinition><identifier>clip</identifier><fieldType>ezmedia</fieldType>' +
        '<fieldSettings><value key="mediaType">TYPE_HTML5_AUDIO</value></fieldSettings></FieldDefinition>' +
        '<FieldDefinition><identifier>sizes</identifier><fieldType>ezmatrix</fieldType><isSearchable>true</isSearchable></FieldDefinition>' +
        '</FieldDefinitions></ContentTypeCreate>',
    });
    expect(type.status).toBe(201);
    typeId = Number(((await parseXml(type.text))['ContentType'] as { id: string }).id);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('creates content types with image asset and media fields over REST, with their default settings', async () => {
    const type = await call(app, ADMIN, { method: 'GET', path: `/content/types/${typeId}`, accept: 'ContentType' });
    const definitions = type.body.ContentType.FieldDefinitions.FieldDefinition as { identifier: string; fieldType: string; fieldSettings: unknown; validatorConfiguration: unknown }[];
    expect(definitions.map((definition) => definition.fieldType)).toEqual(['ezstring', 'ezrichtext', 'ezobjectrelation', 'ezimageasset', 'ezmedia', 'ezmatrix']);
    expect(definitions.find((definition) => definition.identifier === 'sizes')?.fieldSettings).toEqual({ minimum_rows: 1, columns: [] });
    const clip = definitions.find((definition) => definition.identifier === 'clip');
    expect(clip?.fieldSettings).toEqual({ mediaType: 'TYPE_HTML5_AUDIO' });
    expect(clip?.validatorConfiguration).toEqual({ FileSizeValidator: { maxFileSize: null } });
    const bad = await call(app, ADMIN, {
      method: 'POST',
      path: '/content/typegroups/1/types',
      input: 'ContentTypeCreate',
      body: {
        ContentTypeCreate: {
          identifier: 'bad_media', mainLanguageCode: 'eng-GB', names: { value: [{ _languageCode: 'eng-GB', '#text': 'Bad' }] },
          FieldDefinitions: { FieldDefinition: [{ identifier: 'clip', fieldType: 'ezmedia', fieldSettings: { mediaType: 'TYPE_BETAMAX' } }] },
        },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Setting 'mediaType' is of unknown type");
  });

  it('lists LINK, EMBED, ATTRIBUTE and ASSET relations of a saved version, recomputed on each save', async () => {
    const mp3 = Buffer.from('ID3\u0003\u0000\u0000\u0000\u0000\u0000\u0000 audio bytes', 'latin1');
    const body = docbook(
      `<para><link xlink:href="ezcontent://${linked.id}">linked</link></para>` +
        `<ezembed xlink:href="ezlocation://${embedded.locationId}" view="embed"/>` +
        `<para><link xlink:href="ezcontent://${linked.id}#top">again</link></para>`,
    );
    const created = await call(app, ADMIN, {
      method: 'POST',
      path: '/content/objects',
      input: 'ContentCreate',
      accept: 'Content',
      body: contentCreate(typeId, '1/2', {
        title: 'Feature',
        body,
        see_also: { destinationContentId: related.id },
        visual: { destinationContentId: image.id, alternativeText: 'Apple on a table' },
        clip: { fileName: 'theme.mp3', data: mp3.toString('base64'), mimeType: 'audio/mpeg', autoplay: true, loop: true },
      }),
    });
    expect(created.status).toBe(201);
    const contentId = Number(created.body.Content._id);
    const relations = created.body.Content.CurrentVersion.Version.Relations.Relation as RestRelation[];
    expect(relations.map((relation) => [relation.RelationType, relation.DestinationContent._href, relation.SourceFieldDefinitionIdentifier])).toEqual([
      ['LINK', `${API}/content/objects/${linked.id}`, undefined],
      ['EMBED', `${API}/content/objects/${embedded.id}`, undefined],
      ['ATTRIBUTE', `${API}/content/objects/${related.id}`, 'see_also'],
      ['ASSET', `${API}/content/objects/${image.id}`, 'visual'],
    ]);
    const xml = await call(app, ADMIN, { method: 'GET', path: `/content/objects/${contentId}/versions/1/relations`, accept: 'RelationList', format: 'xml' });
    expect(xml.text.match(/<RelationType>[A-Z]+<\/RelationType>/g)).toEqual([
      '<RelationType>LINK</RelationType>',
      '<RelationType>EMBED</RelationType>',
      '<RelationType>ATTRIBUTE</RelationType>',
      '<RelationType>ASSET</RelationType>',
    ]);

    const updated = await call(app, ADMIN, {
      method: 'PATCH',
      path: `/content/objects/${contentId}/versions/1`,
      input: 'VersionUpdate',
      accept: 'Version',
      body: { VersionUpdate: { fields: { field: [
        { fieldDefinitionIdentifier: 'body', fieldValue: docbook(`<ezembed xlink:href="ezcontent://${related.id}" view="embed"/>`) },
        { fieldDefinitionIdentifier: 'visual', fieldValue: null },
      ] } } },
    });
    expect(updated.status).toBe(200);
    const after = (updated.body.Version.Relations.Relation as RestRelation[]).map((relation) => [relation.RelationType, relation.DestinationContent._href]);
    expect(after).toEqual([
      ['EMBED', `${API}/content/objects/${related.id}`],
      ['ATTRIBUTE', `${API}/content/objects/${related.id}`],
    ]);
  });

  it('refuses a rich text link to missing content and an asset that is no image, with field errors (400); embeds of nothing add no relation', async () => {
    const linkToNothing = await call(app, ADMIN, {
      method: 'POST',
      path: '/content/objects',
      input: 'ContentCreate',
      body: contentCreate(typeId, '1/2', { title: 'Broken', body: docbook('<para><link xlink:href="ezcontent://99999">gone</link></para>') }),
    });
    expect(linkToNothing.status).toBe(400);
    expect(linkToNothing.body.ErrorMessage.errorDetails.fields).toEqual([
      { _fieldTypeId: expect.any(Number), errors: [{ type: null, message: 'Invalid link "ezcontent://99999": target content cannot be found' }] },
    ]);
    const locationToNothing = await call(app, ADMIN, {
      method: 'POST',
      path: '/content/objects',
      input: 'ContentCreate',
      body: contentCreate(typeId, '1/2', { title: 'Broken', body: docbook('<para><link xlink:href="ezlocation://99999">gone</link></para>') }),
    });
    expect(locationToNothing.status).toBe(400);
    expect(locationToNothing.text).toContain('Invalid link \\"ezlocation://99999\\": target location cannot be found');

    const embedOfNothing = await call(app, ADMIN, {
      method: 'POST',
      path: '/content/objects',
      input: 'ContentCreate',
      accept: 'Content',
      body: contentCreate(typeId, '1/2', {
        title: 'Embeds of nothing',
        body: docbook('<ezembed xlink:href="ezcontent://99999" view="embed"/><ezembed xlink:href="ezlocation://99999" view="embed"/>'),
      }),
    });
    expect(embedOfNothing.status).toBe(201);
    expect(embedOfNothing.body.Content.CurrentVersion.Version.Relations.Relation).toEqual([]);

    const folderAsAsset = await call(app, ADMIN, {
      method: 'POST',
      path: '/content/objects',
      input: 'ContentCreate',
      body: contentCreate(typeId, '1/2', { title: 'Broken', visual: { destinationContentId: linked.id, alternativeText: null } }),
    });
    expect(folderAsAsset.status).toBe(400);
    expect(folderAsAsset.body.ErrorMessage.errorDetails.fields).toEqual([
      { _fieldTypeId: expect.any(Number), errors: [{ type: 'destinationContentId', message: 'Content folder is not a valid asset target' }] },
    ]);
    const badShapes = await call(app, ADMIN, {
      method: 'POST',
      path: '/content/objects',
      input: 'ContentCreate',
      body: contentCreate(typeId, '1/2', { title: 'Broken', visual: { destinationContentId: 'abc' }, clip: { fileName: 'a.mp3', data: 'AAAA', width: -3 } }),
    });
    expect(badShapes.status).toBe(400);
    expect((badShapes.body.ErrorMessage.errorDetails.fields as { errors: { type: string }[] }[]).map((field) => field.errors[0]?.type)).toEqual(['destinationContentId', 'width']);
  });

  it("shows an asset's image variations, whose hrefs answer 200, and a media field's player settings", async () => {
    const mp4 = Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32, 0, 0, 0, 0, 0x69, 0x73, 0x6f, 0x6d, 0x6d, 0x70, 0x34, 0x32]);
    const item = await publishItem(app, typeId, {
      title: 'With visual',
      visual: { destinationContentId: image.id, alternativeText: 'Apple on a table' },
      clip: { fileName: 'intro.mp4', data: mp4.toString('base64'), hasController: true, width: 640, height: 360 },
    });
    const json = await call(app, ADMIN, { method: 'GET', path: `/content/objects/${item.id}`, accept: 'Content' });
    const visual = fieldOf(versionFields(json.body.Content), 'visual').fieldValue as { variations: Record<string, { href: string }> };
    const imageId = `${image.id}-${image.imageFieldId}-1`;
    expect(visual).toEqual({
      destinationContentId: image.id,
      alternativeText: 'Apple on a table',
      variations: expect.objectContaining({ small: { href: `${API}/content/binary/images/${imageId}/variations/small` } }),
    });
    for (const href of Object.values(visual.variations).map((variation) => variation.href)) {
      const variation = await request(app).get(href).auth('admin', 'publish').set('Accept', 'application/vnd.ibexa.api.ContentImageVariation+json');
      expect([href, variation.status]).toEqual([href, 200]);
    }
    const clip = fieldOf(versionFields(json.body.Content), 'clip').fieldValue;
    expect(clip).toMatchObject({ fileName: 'intro.mp4', mimeType: 'video/mp4', fileSize: mp4.length, hasController: true, autoplay: false, loop: false, width: 640, height: 360 });

    const xml = await call(app, ADMIN, { method: 'GET', path: `/content/objects/${item.id}`, accept: 'Content', format: 'xml' });
    expect(xml.text).toContain(`<value key="destinationContentId">${image.id}</value><value key="alternativeText">Apple on a table</value><value key="variations">`);
    expect(xml.text).toContain(`<value key="href">${API}/content/binary/images/${imageId}/variations/small</value>`);
    expect(xml.text).toContain('<value key="hasController">true</value><value key="autoplay">false</value><value key="loop">false</value><value key="width">640</value><value key="height">360</value>');
  });

  it('stores a matrix as Ibexa serializes it and refuses one without a row of text', async () => {
    const item = await publishItem(app, typeId, { title: 'Sizes', sizes: { entries: [{ size: 'S', price: '10' }, { size: 'M', price: '12' }] } });
    const json = await call(app, ADMIN, { method: 'GET', path: `/content/objects/${item.id}`, accept: 'Content' });
    expect(fieldOf(versionFields(json.body.Content), 'sizes').fieldValue).toEqual({ entries: [{ size: 'S', price: '10' }, { size: 'M', price: '12' }] });
    const xml = await call(app, ADMIN, { method: 'GET', path: `/content/objects/${item.id}`, accept: 'Content', format: 'xml' });
    expect(xml.text).toContain('<value key="entries"><value><value key="size">S</value><value key="price">10</value></value>');
    const blank = await call(app, ADMIN, {
      method: 'POST',
      path: '/content/objects',
      input: 'ContentCreate',
      body: contentCreate(typeId, '1/2', { title: 'Blank', sizes: { entries: [{ size: ' ', price: '' }] } }),
    });
    expect(blank.status).toBe(400);
    expect(blank.body.ErrorMessage.errorDetails.fields[0].errors[0].message).toBe('Matrix must contain at least 1 non-empty rows.');
  });

  it('finds items by their image asset (Field criterion on the destination id) and by matrix cells (full text)', async () => {
    const withAsset = await publishItem(app, typeId, { title: 'Searchable asset', visual: { destinationContentId: image.id, alternativeText: null } });
    const withTable = await publishItem(app, typeId, { title: 'Searchable table', sizes: { entries: [{ wood: 'Zebrawood' }] } });
    const view = async (filter: unknown): Promise<number[]> => {
      const answer = await call(app, ADMIN, {
        method: 'POST',
        path: '/views',
        accept: 'View',
        headers: { 'Content-Type': 'application/vnd.ibexa.api.ViewInput+json; version=1.1' },
        body: { ViewInput: { identifier: 'assets', ContentQuery: { Filter: filter, limit: 50 } } },
      });
      if (answer.status !== 200) throw new Error(answer.text);
      return (answer.body.View.Result.searchHits.searchHit as { value: { Content: { _id: number } } }[]).map((hit) => hit.value.Content._id);
    };
    expect(await view({ AND: { Field: { name: 'visual', operator: 'EQ', value: image.id }, ContentTypeIdCriterion: typeId } })).toContain(withAsset.id);
    expect(await view({ Field: { name: 'visual', operator: 'EQ', value: image.id + 1000 } })).toEqual([]);
    expect(await view({ FullTextCriterion: 'zebrawood' })).toEqual([withTable.id]);
  });

  it('answers the asset as the destination image, an empty media field as null and a matrix as rows of cells in GraphQL', async () => {
    const item = await publishItem(app, typeId, { title: 'GraphQL visual', visual: { destinationContentId: image.id, alternativeText: 'Alt from asset' }, sizes: { entries: [{ size: 'S' }] } });
    const answer = await request(app)
      .post('/graphql')
      .auth('admin', 'publish')
      .send({ query: `{ item(contentId: ${item.id}) { ... on FeatureItem { visual { alternativeText imageId variation(identifier: small) { uri } } clip { uri } sizes { cells { column text } } } } }` });
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.item).toEqual({
      visual: { alternativeText: 'Alt from asset', imageId: `${image.id}-${image.imageFieldId}-1`, variation: { uri: expect.stringContaining('/') } },
      clip: null,
      sizes: [{ cells: [{ column: 'size', text: 'S' }] }],
    });
  });

  it('uploads a media file with its player settings through GraphQL and changes them without a new file', async () => {
    const mp3 = Buffer.from('ID3\u0003\u0000\u0000\u0000\u0000\u0000\u0000 graphql audio', 'latin1');
    const operations = {
      query:
        'mutation($file: FileUpload!) { createFeature(languageCode: "eng-GB", parentLocationId: 2, input: { title: "Podcast", ' +
        'clip: { file: $file, autoplay: true, width: 320 }, visual: { destinationContentId: ' + String(image.id) + ', alternativeText: "Cover" } }) ' +
        '{ _info { id } clip { fileName fileSize hasController autoplay loop width height } visual { alternativeText } } }',
      variables: { file: null },
    };
    const created = await request(app)
      .post('/graphql')
      .auth('admin', 'publish')
      .field('operations', JSON.stringify(operations))
      .field('map', JSON.stringify({ 0: ['variables.file'] }))
      .attach('0', mp3, 'episode.mp3');
    const body = JSON.parse(created.text);
    expect(body.errors).toBeUndefined();
    expect(body.data.createFeature.clip).toEqual({ fileName: 'episode.mp3', fileSize: mp3.length, hasController: false, autoplay: true, loop: false, width: 320, height: 0 });
    expect(body.data.createFeature.visual).toEqual({ alternativeText: 'Cover' });
    const contentId = Number(body.data.createFeature._info.id);

    const updated = await request(app)
      .post('/graphql')
      .auth('admin', 'publish')
      .send({ query: `mutation { updateFeature(contentId: ${contentId}, languageCode: "eng-GB", input: { clip: { loop: true, autoplay: false } }) { clip { fileName fileSize autoplay loop width } } }` });
    expect(updated.body.errors).toBeUndefined();
    expect(updated.body.data.updateFeature.clip).toEqual({ fileName: 'episode.mp3', fileSize: mp3.length, autoplay: false, loop: true, width: 320 });

    const refused = await request(app)
      .post('/graphql')
      .auth('admin', 'publish')
      .send({ query: `mutation { updateFeature(contentId: ${contentId}, languageCode: "eng-GB", input: { visual: { destinationContentId: ${linked.id} } }) { title } }` });
    expect(refused.body.errors?.[0]?.message).toContain('Content folder is not a valid asset target');
  });
});
