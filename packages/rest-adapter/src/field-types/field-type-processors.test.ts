import {
  builtInFieldTypes,
  createFieldTypeRegistry,
  createRepository,
  installCleanRepository,
  mapLocationFieldType,
  type Repository,
} from '@contentrepo/core';
import { createInMemoryBinaryStorage, createInMemoryPersistence, createPlainTextPasswordHasher } from '@contentrepo/core/testing';
import { createHttpAuth, type HttpAuth } from '@contentrepo/http-auth';
import { describe, expect, it } from '@jest/globals';
import express, { type Express } from 'express';
import { createRestRouter } from '../router.js';
import { PREFIX, rest } from '../testing/rest-client.js';
import type { FieldTypeProcessor } from './index.js';

/** A field type of a user's own: a place, stored like a map location (`{latitude, longitude, address}`). */
const placeFieldType = { ...mapLocationFieldType, identifier: 'acme_place', aliases: [] };

/** Its REST processor, as a user passes it to `createRestRouter`: adds the place's `geo:` URI (RFC 5870). */
const placeProcessor: FieldTypeProcessor = {
  fieldTypeIdentifier: 'acme_place',
  outputHash: (hash) => ({ ...hash, geoUri: `geo:${String(hash['latitude'])},${String(hash['longitude'])}` }),
};

const PLACE = { latitude: 50.0614, longitude: 19.9366, address: 'Rynek Główny, Kraków' };

/** A clean install whose field types include the place, with a `venue` content type using it. */
async function repositoryWithPlaces(): Promise<{ repository: Repository; auth: HttpAuth; venueTypeId: number }> {
  const fieldTypes = createFieldTypeRegistry([...builtInFieldTypes, placeFieldType]);
  const { persistence, seedImporter, sessions } = createInMemoryPersistence({ fieldTypes });
  const passwordHasher = createPlainTextPasswordHasher();
  await installCleanRepository({ persistence, seedImporter, fieldTypes, passwordHasher });
  const repository = createRepository({ persistence, storage: createInMemoryBinaryStorage(), passwordHasher, fieldTypes, permissionCacheTtlMs: 0 });
  const types = repository.forUser({ userId: 14 }).contentTypeService;
  const draft = await types.createContentType(
    {
      identifier: 'venue',
      mainLanguageCode: 'eng-GB',
      names: { 'eng-GB': 'Venue' },
      nameSchema: '<title>',
      fieldDefinitions: [
        { identifier: 'title', fieldTypeIdentifier: 'ezstring', names: { 'eng-GB': 'Title' }, isRequired: true, position: 1 },
        { identifier: 'place', fieldTypeIdentifier: 'acme_place', names: { 'eng-GB': 'Place' }, position: 2 },
      ],
    },
    [1],
  );
  await types.publishContentTypeDraft(draft.id);
  return { repository, auth: createHttpAuth({ repository, sessions, basicAuth: true }), venueTypeId: draft.id };
}

/** Creates and publishes a venue through REST; its published version as JSON (the place's `fieldValue`) and as XML. */
async function createVenue(app: Express, venueTypeId: number): Promise<{ place: unknown; xml: string }> {
  const created = await rest(app, {
    method: 'POST',
    path: '/content/objects',
    input: 'ContentCreate',
    body: {
      ContentCreate: {
        ContentType: { _href: `${PREFIX}/content/types/${venueTypeId}` },
        mainLanguageCode: 'eng-GB',
        LocationCreate: { ParentLocation: { _href: `${PREFIX}/content/locations/1/2` }, sortField: 'PATH', sortOrder: 'ASC' },
        fields: { field: [{ fieldDefinitionIdentifier: 'title', fieldValue: 'Main Square' }, { fieldDefinitionIdentifier: 'place', fieldValue: PLACE }] },
      },
    },
  });
  expect(created.status).toBe(201);
  const version = `/content/objects/${Number(created.body.Content._id)}/versions/1`;
  expect((await rest(app, { method: 'PUBLISH', path: version })).status).toBe(204);
  const json = await rest(app, { method: 'GET', path: version });
  const xml = await rest(app, { method: 'GET', path: version, format: 'xml' });
  expect([json.status, xml.status]).toEqual([200, 200]);
  const fields: { fieldDefinitionIdentifier: string; fieldValue: unknown }[] = json.body.Version.Fields.field;
  return { place: fields.find((field) => field.fieldDefinitionIdentifier === 'place')?.fieldValue, xml: xml.text };
}

function appWith(repository: Repository, auth: HttpAuth, fieldTypeProcessors: readonly FieldTypeProcessor[]): Express {
  const app = express();
  app.use(PREFIX, createRestRouter({ repository, auth, fieldTypeProcessors }));
  return app;
}

describe('REST processors of a field type of your own', () => {
  it('gives the field the REST form of the processor passed to createRestRouter, in JSON and XML', async () => {
    const { repository, auth, venueTypeId } = await repositoryWithPlaces();
    const { place, xml } = await createVenue(appWith(repository, auth, [placeProcessor]), venueTypeId);
    expect(place).toEqual({ ...PLACE, geoUri: 'geo:50.0614,19.9366' });
    expect(xml).toContain('<value key="geoUri">geo:50.0614,19.9366</value>');
  });

  it('outputs the hash as it is without a processor', async () => {
    const { repository, auth, venueTypeId } = await repositoryWithPlaces();
    const { place, xml } = await createVenue(appWith(repository, auth, []), venueTypeId);
    expect(place).toEqual(PLACE);
    expect(xml).not.toContain('geoUri');
  });

  it.each<[string, FieldTypeProcessor[], string]>([
    ['a built-in processor', [{ ...placeProcessor, fieldTypeIdentifier: 'ezimage' }], "The REST form of built-in field type 'ezimage' is Ibexa's and cannot be replaced by a processor of 'ezimage'"],
    ['a built-in processor, by alias', [{ ...placeProcessor, fieldTypeIdentifier: 'ibexa_image' }], "The REST form of built-in field type 'ezimage' is Ibexa's and cannot be replaced by a processor of 'ibexa_image'"],
    ['a built-in hash form', [{ ...placeProcessor, fieldTypeIdentifier: 'ezstring' }], "The REST form of built-in field type 'ezstring' is Ibexa's and cannot be replaced by a processor of 'ezstring'"],
    ['a second processor', [placeProcessor, { ...placeProcessor }], "A REST processor of field type 'acme_place' is registered twice"],
    ['an unknown field type', [{ ...placeProcessor, fieldTypeIdentifier: 'acme_palce' }], "A REST processor names field type 'acme_palce', which the repository's field type registry does not have"],
  ])('refuses at creation %s', async (_, processors, message) => {
    const { repository, auth } = await repositoryWithPlaces();
    expect(() => createRestRouter({ repository, auth, fieldTypeProcessors: processors })).toThrow(message);
  });
});
