import type { Content, FieldDefinition, Hash } from '@contentrepo/core';
import { createTestRepository } from '@contentrepo/core/testing';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { builtInFieldTypeMapperRegistry } from '../field-types/index.js';
import { testField } from '../testing/model-builders.js';
import { DEFAULT_UPLOAD_FALLBACK, DEFAULT_UPLOAD_MAPPINGS } from '../uploads/mapping.js';
import { createContext, type GraphQLContext } from './graphql-context.js';
import { resolveFieldValue } from './field-value-resolver.js';
import { itemValue, type ItemValue } from './resolver-values.js';

const STORED_IMAGE: Hash = {
  id: 'images/aa/bb/x/photo.png',
  uri: '/var/site/storage/images/aa/bb/x/photo.png',
  fileName: 'photo.png',
  fileSize: 70,
  mime: 'image/png',
  width: 1,
  height: 1,
  alternativeText: 'Alt',
};
const STORED_FILE: Hash = { id: 'files/aa/bb/x/doc.pdf', uri: '/var/site/storage/files/aa/bb/x/doc.pdf', fileName: 'doc.pdf', fileSize: 10, mimeType: 'application/pdf' };

/** Every core field type with a definition and a stored hash, and the value its item field resolves to. */
const CASES: [string, FieldDefinition, Hash, unknown][] = [
  ['ezstring', testField('f', 'ezstring'), 'Text', 'Text'],
  ['eztext', testField('f', 'eztext'), 'Long text', 'Long text'],
  ['ezinteger', testField('f', 'ezinteger'), 42, 42],
  ['ezfloat', testField('f', 'ezfloat'), 1.5, 1.5],
  ['ezboolean', testField('f', 'ezboolean'), true, true],
  ['ezdate', testField('f', 'ezdate'), { timestamp: 1_700_006_400 }, new Date(1_700_006_400_000)],
  ['ezdatetime', testField('f', 'ezdatetime'), { timestamp: 1_700_000_000 }, new Date(1_700_000_000_000)],
  ['eztime', testField('f', 'eztime'), 3_723, '01:02:03'],
  ['ezemail', testField('f', 'ezemail'), 'a@example.com', 'a@example.com'],
  ['ezisbn', testField('f', 'ezisbn'), '9780306406157', '9780306406157'],
  ['ezkeyword', testField('f', 'ezkeyword'), ['one', 'two'], ['one', 'two']],
  ['ezcountry', testField('f', 'ezcountry', { fieldSettings: { isMultiple: true } }), ['FR', 'PL'], 'France, Poland'],
  ['ezurl', testField('f', 'ezurl'), { link: 'https://example.com', text: 'Example' }, { link: 'https://example.com', text: 'Example' }],
  ['ezgmaplocation', testField('f', 'ezgmaplocation'), { latitude: 50.1, longitude: 19.9, address: 'Kraków' }, expect.objectContaining({ address: 'Kraków' })],
  ['ezauthor', testField('f', 'ezauthor'), [{ id: 1, name: 'Jane', email: 'jane@example.com' }], [{ id: 1, name: 'Jane', email: 'jane@example.com' }]],
  ['ezselection', testField('f', 'ezselection', { fieldSettings: { isMultiple: false, options: { 0: 'Red', 1: 'Green' } } }), [1], 'Green'],
  ['ezselection (multiple)', testField('f', 'ezselection', { fieldSettings: { isMultiple: true, options: { 0: 'Red', 1: 'Green' } } }), [0, 1], ['Red', 'Green']],
  ['ezobjectrelation', testField('f', 'ezobjectrelation'), { destinationContentId: 41 }, expect.objectContaining({ kind: 'item', contentInfo: expect.objectContaining({ id: 41 }) })],
  ['ezobjectrelationlist', testField('f', 'ezobjectrelationlist'), { destinationContentIds: [41, 1] }, [
    expect.objectContaining({ contentInfo: expect.objectContaining({ id: 41 }) }),
    expect.objectContaining({ contentInfo: expect.objectContaining({ id: 1 }) }),
  ]],
  ['ezimage', testField('f', 'ezimage'), STORED_IMAGE, expect.objectContaining({ hash: expect.objectContaining({ uri: STORED_IMAGE.uri, alternativeText: 'Alt' }), contentId: 9999 })],
  ['ezbinaryfile', testField('f', 'ezbinaryfile'), STORED_FILE, expect.objectContaining({ fileName: 'doc.pdf', uri: STORED_FILE.uri })],
  ['ezrichtext', testField('f', 'ezrichtext'), { xml: '<?xml version="1.0" encoding="UTF-8"?>\n<section xmlns="http://docbook.org/ns/docbook" version="5.0-variant ezpublish-1.0"><para>Hi</para></section>' }, { xml: expect.stringContaining('<para>Hi</para>') }],
  ['ezuser', testField('f', 'ezuser'), { login: 'jane', email: 'jane@example.com', enabled: true, maxLogin: 10, contentId: 9999, hasStoredLogin: true }, 'jane'],
];

describe("field values (Ibexa's value resolution)", () => {
  let context: GraphQLContext;
  beforeAll(async () => {
    const { admin } = await createTestRepository();
    context = createContext(admin, 14, {
      search: null,
      tokens: null,
      treeRootLocationId: 1,
      prioritizedLanguages: ['eng-GB'],
      uploadMappings: DEFAULT_UPLOAD_MAPPINGS,
      uploadFallback: DEFAULT_UPLOAD_FALLBACK,
      logger: null,
    }, builtInFieldTypeMapperRegistry);
  });

  const itemWith = (definition: FieldDefinition, value: unknown): ItemValue => {
    const contentInfo = {
      id: 9999,
      contentTypeId: 999,
      name: 'Test',
      sectionId: 1,
      currentVersionNo: 1,
      ownerId: 14,
      modificationDate: new Date(0),
      publishedDate: new Date(0),
      alwaysAvailable: true,
      remoteId: 'test',
      mainLanguageCode: 'eng-GB',
      mainLocationId: null,
      status: 'PUBLISHED' as const,
      isHidden: false,
    };
    const content: Content = {
      contentInfo,
      versionInfo: {
        id: 1,
        contentId: 9999,
        versionNo: 1,
        status: 'PUBLISHED',
        creatorId: 14,
        creationDate: new Date(0),
        modificationDate: new Date(0),
        initialLanguageCode: 'eng-GB',
        languageCodes: ['eng-GB'],
        names: { 'eng-GB': 'Test' },
      },
      fields: [{ id: 77, fieldDefinitionId: definition.id, fieldDefIdentifier: definition.identifier, languageCode: 'eng-GB', fieldTypeIdentifier: definition.fieldTypeIdentifier, value }],
    };
    context.loaders.forget(9999);
    context.loaders.prime(content);
    return itemValue(contentInfo);
  };

  it.each(CASES)('%s', async (_name, definition, hash, expected) => {
    const fieldType = context.repository.fieldTypes.get(definition.fieldTypeIdentifier);
    const value = fieldType.fromStorage(fieldType.toStorage(fieldType.fromHash(hash)));
    const item = itemWith(definition, value);
    const asList = ['ezobjectrelationlist'].includes(definition.fieldTypeIdentifier);
    expect(await resolveFieldValue(context, item, definition, undefined, asList)).toEqual(expected);
  });

  it('resolves empty fields to null', async () => {
    for (const identifier of ['ezstring', 'ezimage', 'ezbinaryfile', 'ezurl', 'ezobjectrelation', 'ezdate']) {
      const definition = testField('f', identifier);
      const item = itemWith(definition, context.repository.fieldTypes.get(identifier).emptyValue());
      expect(await resolveFieldValue(context, item, definition, undefined, false)).toBeNull();
    }
  });
});
