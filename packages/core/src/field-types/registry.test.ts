import { describe, expect, it } from '@jest/globals';
import { createFieldTypeRegistry, type FieldType, groupBySearchFamily } from './field-type.js';
import { textLineFieldType } from './ezstring/index.js';
import { builtInFieldTypes, createDefaultFieldTypeRegistry } from './registry.js';

/** 4.x identifier → 5.x alias (Ibexa 5.x renamed the field types). */
const IDENTIFIERS: Readonly<Record<string, string>> = {
  ezstring: 'ibexa_string',
  eztext: 'ibexa_text',
  ezrichtext: 'ibexa_richtext',
  ezinteger: 'ibexa_integer',
  ezfloat: 'ibexa_float',
  ezboolean: 'ibexa_boolean',
  ezdate: 'ibexa_date',
  ezdatetime: 'ibexa_datetime',
  eztime: 'ibexa_time',
  ezemail: 'ibexa_email',
  ezurl: 'ibexa_url',
  ezkeyword: 'ibexa_keyword',
  ezselection: 'ibexa_selection',
  ezcountry: 'ibexa_country',
  ezauthor: 'ibexa_author',
  ezisbn: 'ibexa_isbn',
  ezgmaplocation: 'ibexa_gmap_location',
  ezimage: 'ibexa_image',
  ezbinaryfile: 'ibexa_binaryfile',
  ezobjectrelation: 'ibexa_object_relation',
  ezobjectrelationlist: 'ibexa_object_relation_list',
  ezuser: 'ibexa_user',
  ezimageasset: 'ibexa_image_asset',
  ezmedia: 'ibexa_media',
  ezmatrix: 'ibexa_matrix',
};

describe('default field type registry', () => {
  it('registers exactly the built-in types under their 4.x identifiers and 5.x aliases', () => {
    const registry = createDefaultFieldTypeRegistry();
    expect(builtInFieldTypes.map((type) => type.identifier).sort()).toEqual(Object.keys(IDENTIFIERS).sort());
    for (const [identifier, alias] of Object.entries(IDENTIFIERS)) {
      expect(registry.get(alias)).toBe(registry.get(identifier));
      expect(registry.canonicalIdentifier(alias)).toBe(identifier);
    }
    expect(registry.all()).toBe(builtInFieldTypes);
  });

  it('does not know other types', () => {
    const registry = createDefaultFieldTypeRegistry();
    expect(registry.find('ezsrrating')).toBeUndefined();
    expect(() => registry.get('ezpage')).toThrow("Argument 'fieldTypeIdentifier' is invalid: unknown field type 'ezpage'");
  });

  it('marks only the media, user account and URL types as not searchable (no Legacy index column)', () => {
    expect(builtInFieldTypes.filter((type) => !type.searchable).map((type) => type.identifier).sort()).toEqual(['ezmedia', 'ezurl', 'ezuser']);
  });

  it('states the search family of each searchable type, as Legacy compares its index data', () => {
    expect(groupBySearchFamily(builtInFieldTypes)).toEqual({
      integer: ['ezboolean', 'ezdate', 'ezdatetime', 'ezimageasset', 'ezinteger', 'ezobjectrelation', 'eztime'],
      float: ['ezfloat'],
      simpleText: ['ezemail'],
      collection: ['ezauthor', 'ezcountry', 'ezkeyword', 'ezobjectrelationlist', 'ezselection'],
      text: ['ezbinaryfile', 'ezgmaplocation', 'ezimage', 'ezisbn', 'ezmatrix', 'ezrichtext', 'ezstring', 'eztext'],
    });
  });

  it('refuses a searchable type without a known search family (a plug-in built without the compiler)', () => {
    const unknownFamily: FieldType<unknown> = { ...textLineFieldType, identifier: 'custom', aliases: [] };
    Reflect.set(unknownFamily, 'searchFamily', 'fuzzy');
    expect(() => createFieldTypeRegistry([unknownFamily])).toThrow(
      "Field type 'custom' is searchable but states no search family (one of integer, float, simpleText, text, collection)",
    );
    expect(createFieldTypeRegistry([{ ...textLineFieldType, identifier: 'custom', aliases: [] }]).get('custom').searchFamily).toBe('text');
  });

  it('gives relation types, the image asset and rich text, and only them, relations', () => {
    expect(builtInFieldTypes.filter((type) => type.relations !== undefined).map((type) => type.identifier).sort()).toEqual([
      'ezimageasset',
      'ezobjectrelation',
      'ezobjectrelationlist',
      'ezrichtext',
    ]);
  });
});
