import { createDefaultFieldTypeRegistry, NotFoundError, type Content, type Field, type Hash } from '@contentrepo/core';
import { describe, expect, it } from '@jest/globals';
import { createFieldTypeProcessorRegistry } from '../../field-types/index.js';
import { createHrefs } from '../hrefs.js';
import { writeJson } from '../json-writer.js';
import { fieldHashNode, obj, resolveDeferredNodes } from '../node.js';
import { writeXml } from '../xml-writer.js';
import { fieldValueHash } from './field-value-visitor.js';
import type { VisitContext } from './visit-context.js';

const fieldTypes = createDefaultFieldTypeRegistry();
const context: VisitContext = {
  hrefs: createHrefs('/api/ibexa/v2'),
  fieldTypes,
  fieldTypeProcessors: createFieldTypeProcessorRegistry([], fieldTypes),
  imageVariations: ['large', 'small'],
  origin: 'http://localhost:8080',
};

/** A stored field of a type, from its REST hash (as core stores and reloads it). */
function storedField(fieldTypeIdentifier: string, hash: Hash): Field {
  const type = fieldTypes.get(fieldTypeIdentifier);
  const value = type.fromStorage(type.toStorage(type.fromHash(hash)));
  return { id: 77, fieldDefinitionId: 5, fieldDefIdentifier: 'field', languageCode: 'eng-GB', fieldTypeIdentifier, value };
}

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
const DOCBOOK = '<?xml version="1.0" encoding="UTF-8"?>\n<section xmlns="http://docbook.org/ns/docbook" version="5.0-variant ezpublish-1.0"><para>Hi</para></section>';

describe('REST field values (Ibexa REST field type processors)', () => {
  it('adds imageId, path and one variation href per alias to images', () => {
    expect(fieldValueHash(storedField('ezimage', STORED_IMAGE), 41, 3, context)).toEqual({
      id: 'images/aa/bb/x/photo.png',
      alternativeText: 'Alt',
      fileName: 'photo.png',
      fileSize: 70,
      imageId: '41-77-3',
      uri: '/var/site/storage/images/aa/bb/x/photo.png',
      inputUri: null,
      width: 1,
      height: 1,
      additionalData: [],
      mime: 'image/png',
      path: '/',
      variations: {
        large: { href: '/api/ibexa/v2/content/binary/images/41-77-3/variations/large' },
        small: { href: '/api/ibexa/v2/content/binary/images/41-77-3/variations/small' },
      },
    });
  });

  it('makes binary file uri and url absolute', () => {
    expect(fieldValueHash(storedField('ezbinaryfile', STORED_FILE), 41, 3, context)).toMatchObject({
      fileName: 'doc.pdf',
      uri: 'http://localhost:8080/var/site/storage/files/aa/bb/x/doc.pdf',
      url: 'http://localhost:8080/var/site/storage/files/aa/bb/x/doc.pdf',
    });
  });

  it('adds the content hrefs of relations', () => {
    expect(fieldValueHash(storedField('ezobjectrelation', { destinationContentId: 12 }), 41, 3, context)).toEqual({
      destinationContentId: 12,
      destinationContentHref: '/api/ibexa/v2/content/objects/12',
    });
    expect(fieldValueHash(storedField('ezobjectrelation', { destinationContentId: null }), 41, 3, context)).toEqual({
      destinationContentId: null,
      destinationContentHref: null,
    });
    expect(fieldValueHash(storedField('ezobjectrelationlist', { destinationContentIds: [12, 4] }), 41, 3, context)).toEqual({
      destinationContentIds: [12, 4],
      destinationContentHrefs: ['/api/ibexa/v2/content/objects/12', '/api/ibexa/v2/content/objects/4'],
    });
  });

  it('adds the XHTML5 edit form of rich text, the same on every read', () => {
    const field = storedField('ezrichtext', { xml: DOCBOOK });
    const first = fieldValueHash(field, 41, 3, context);
    expect(first).toEqual({ xml: expect.stringContaining('<para>Hi</para>'), xhtml5edit: expect.stringContaining('<p>Hi</p>') });
    expect(fieldValueHash(field, 41, 3, context)).toEqual(first);
  });

  it.each([
    ['ezstring', 'Text'],
    ['ezinteger', 42],
    ['ezkeyword', ['a', 'b']],
    ['ezurl', { link: 'https://example.com', text: 'Example' }],
    ['ezauthor', [{ id: 1, name: 'Jane', email: 'jane@example.com' }]],
    ['ezselection', [1]],
  ])('gives %s its field type hash unchanged', (identifier, hash) => {
    const field = storedField(identifier, hash);
    expect(fieldValueHash(field, 41, 3, context)).toEqual(fieldTypes.get(identifier).toHash(field.value));
  });

  it('leaves empty images and files null', () => {
    for (const identifier of ['ezimage', 'ezbinaryfile']) {
      expect(fieldValueHash(storedField(identifier, null), 41, 3, context)).toBeNull();
    }
  });

  it('renders a processed hash in JSON and XML', () => {
    const node = obj('Field', 'Field', {}, [fieldHashNode('fieldValue', fieldValueHash(storedField('ezobjectrelationlist', { destinationContentIds: [12] }), 41, 3, context))]);
    expect(writeJson(node)).toBe(
      '{"Field":{"_media-type":"application/vnd.ibexa.api.Field+json","fieldValue":{"destinationContentIds":[12],' +
        '"destinationContentHrefs":["/api/ibexa/v2/content/objects/12"]}}}',
    );
    expect(writeXml(node)).toContain(
      '<fieldValue><value key="destinationContentIds"><value>12</value></value>' +
        '<value key="destinationContentHrefs"><value>/api/ibexa/v2/content/objects/12</value></value></fieldValue>',
    );
  });

  it("adds an image asset's destination image variations once the deferred hash is resolved", async () => {
    const imageField: Field = { ...storedField('ezimage', STORED_IMAGE), id: 91, fieldDefIdentifier: 'image' };
    const destination = {
      contentInfo: { id: 60, mainLanguageCode: 'eng-GB' },
      versionInfo: { versionNo: 2 },
      fields: [imageField],
    } as unknown as Content;
    const loading: VisitContext = {
      ...context,
      loadContent: (id) => (id === 60 ? Promise.resolve(destination) : Promise.reject(NotFoundError.content(id))),
    };
    const asset = (id: number) => fieldHashNode('fieldValue', fieldValueHash(storedField('ezimageasset', { destinationContentId: id, alternativeText: 'Alt' }), 41, 3, loading));
    const node = obj('Field', 'Field', {}, [asset(60)]);
    expect(node.children[0]?.kind).toBe('ftHashDeferred');
    expect(() => writeJson(node)).toThrow('still being computed');
    expect(writeJson(await resolveDeferredNodes(node))).toBe(
      '{"Field":{"_media-type":"application/vnd.ibexa.api.Field+json","fieldValue":{"destinationContentId":60,"alternativeText":"Alt",' +
        '"variations":{"large":{"href":"/api/ibexa/v2/content/binary/images/60-91-2/variations/large"},' +
        '"small":{"href":"/api/ibexa/v2/content/binary/images/60-91-2/variations/small"}}}}}',
    );
    const gone = await resolveDeferredNodes(obj('Field', 'Field', {}, [asset(61)]));
    expect(writeXml(gone)).toContain('<fieldValue><value key="destinationContentId">61</value><value key="alternativeText">Alt</value></fieldValue>');
  });
});
