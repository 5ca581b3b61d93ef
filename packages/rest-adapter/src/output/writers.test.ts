import { describe, expect, it } from '@jest/globals';
import type { Hash } from '@contentrepo/core';
import { writeJson } from './json-writer.js';
import type { Child, ObjectNode } from './node.js';
import { ftHash, hash, list, obj, ref, translated, val } from './node.js';
import { escapeXmlAttr, escapeXmlText, writeXml } from './xml-writer.js';

const P = '/api/ibexa/v2';
const DECL = '<?xml version="1.0" encoding="UTF-8"?>\n';
const xmlDoc = (body: string): string => `${DECL}${body}\n`;
const json = (root: ObjectNode): unknown => JSON.parse(writeJson(root));

const section = (): ObjectNode =>
  obj('Section', 'Section', { href: `${P}/content/sections/1` }, [
    val('sectionId', 1),
    val('identifier', 'standard'),
    val('name', 'Standard'),
  ]);

/** A root holding one field hash, to look at the field-hash rendering alone. */
const withHash = (value: Hash, name = 'fieldValue'): ObjectNode => obj('Field', 'Field', {}, [ftHash(name, value)]);

describe('a Section in JSON and XML (Ibexa output model)', () => {
  it('renders JSON with native types and the JSON media type', () => {
    expect(writeJson(section())).toBe(
      '{"Section":{"_media-type":"application/vnd.ibexa.api.Section+json","_href":"/api/ibexa/v2/content/sections/1",' +
        '"sectionId":1,"identifier":"standard","name":"Standard"}}',
    );
  });

  it('renders XML with the declaration and the XML media type', () => {
    expect(writeXml(section())).toBe(
      xmlDoc(
        '<Section media-type="application/vnd.ibexa.api.Section+xml" href="/api/ibexa/v2/content/sections/1">' +
          '<sectionId>1</sectionId><identifier>standard</identifier><name>Standard</name></Section>',
      ),
    );
  });

  it('takes the vendor prefix from a parameter', () => {
    expect(writeJson(section(), 'application/vnd.ez.api.')).toContain('"_media-type":"application/vnd.ez.api.Section+json"');
    expect(writeXml(section(), 'application/vnd.ez.api.')).toContain('media-type="application/vnd.ez.api.Section+xml"');
  });
});

describe('Content-like structure with nested refs (Content embedding its version)', () => {
  const content = (): ObjectNode =>
    obj('Content', 'Content', { href: `${P}/content/objects/62`, remoteId: 'my-folder-1', id: 62 }, [
      ref('ContentType', 'ContentType', `${P}/content/types/1`),
      val('Name', 'My folder'),
      hash('VersionInfo', [
        val('id', 600),
        val('status', 'PUBLISHED'),
        translated('names', { 'eng-GB': 'My folder' }),
        undefined,
      ]),
      hash('Fields', [
        list('field', [
          hash('field', [val('id', 700), val('fieldTypeIdentifier', 'ezstring'), ftHash('fieldValue', 'My folder')]),
        ]),
      ]),
      obj('Relations', 'RelationList', { href: `${P}/content/objects/62/versions/1/relations` }, [list('Relation', [])]),
      val('publishedDate', null),
      val('alwaysAvailable', true),
      val('isHidden', false),
    ]);

  it('renders JSON: attributes keep native types, one-item lists stay arrays, empty lists are []', () => {
    expect(json(content())).toEqual({
      Content: {
        '_media-type': 'application/vnd.ibexa.api.Content+json',
        _href: '/api/ibexa/v2/content/objects/62',
        _remoteId: 'my-folder-1',
        _id: 62,
        ContentType: { '_media-type': 'application/vnd.ibexa.api.ContentType+json', _href: '/api/ibexa/v2/content/types/1' },
        Name: 'My folder',
        VersionInfo: {
          id: 600,
          status: 'PUBLISHED',
          names: { value: [{ _languageCode: 'eng-GB', '#text': 'My folder' }] },
        },
        Fields: { field: [{ id: 700, fieldTypeIdentifier: 'ezstring', fieldValue: 'My folder' }] },
        Relations: {
          '_media-type': 'application/vnd.ibexa.api.RelationList+json',
          _href: '/api/ibexa/v2/content/objects/62/versions/1/relations',
          Relation: [],
        },
        publishedDate: null,
        alwaysAvailable: true,
        isHidden: false,
      },
    });
  });

  it('renders XML: lists inline, empty elements self-closed, booleans as text', () => {
    expect(writeXml(content())).toBe(
      xmlDoc(
        '<Content media-type="application/vnd.ibexa.api.Content+xml" href="/api/ibexa/v2/content/objects/62" remoteId="my-folder-1" id="62">' +
          '<ContentType media-type="application/vnd.ibexa.api.ContentType+xml" href="/api/ibexa/v2/content/types/1"/>' +
          '<Name>My folder</Name>' +
          '<VersionInfo><id>600</id><status>PUBLISHED</status><names><value languageCode="eng-GB">My folder</value></names></VersionInfo>' +
          '<Fields><field><id>700</id><fieldTypeIdentifier>ezstring</fieldTypeIdentifier><fieldValue>My folder</fieldValue></field></Fields>' +
          '<Relations media-type="application/vnd.ibexa.api.RelationList+xml" href="/api/ibexa/v2/content/objects/62/versions/1/relations"/>' +
          '<publishedDate/><alwaysAvailable>true</alwaysAvailable><isHidden>false</isHidden>' +
          '</Content>',
      ),
    );
  });
});

describe('lists', () => {
  const locations = (items: Child[]): ObjectNode => obj('LocationList', 'LocationList', { href: `${P}/x` }, [list('Location', items)]);
  const loc = ref('Location', 'Location', `${P}/content/locations/1/2`);

  it('keeps a one-item list an array in JSON', () => {
    expect(json(locations([loc]))).toEqual({
      LocationList: {
        '_media-type': 'application/vnd.ibexa.api.LocationList+json',
        _href: '/api/ibexa/v2/x',
        Location: [{ '_media-type': 'application/vnd.ibexa.api.Location+json', _href: '/api/ibexa/v2/content/locations/1/2' }],
      },
    });
  });

  it('renders an empty list as [] in JSON and as nothing in XML', () => {
    expect(writeJson(locations([]))).toBe(
      '{"LocationList":{"_media-type":"application/vnd.ibexa.api.LocationList+json","_href":"/api/ibexa/v2/x","Location":[]}}',
    );
    expect(writeXml(locations([]))).toBe(
      xmlDoc('<LocationList media-type="application/vnd.ibexa.api.LocationList+xml" href="/api/ibexa/v2/x"/>'),
    );
  });

  it('uses the list name as JSON key and the item names in XML (ContentTypeInfoList)', () => {
    const root = obj('ContentTypeInfoList', 'ContentTypeInfoList', {}, [
      list('ContentType', [obj('ContentTypeInfo', 'ContentTypeInfo', { id: 1 }, [])]),
    ]);
    expect(json(root)).toEqual({
      ContentTypeInfoList: {
        '_media-type': 'application/vnd.ibexa.api.ContentTypeInfoList+json',
        ContentType: [{ '_media-type': 'application/vnd.ibexa.api.ContentTypeInfo+json', _id: 1 }],
      },
    });
    expect(writeXml(root)).toBe(
      xmlDoc(
        '<ContentTypeInfoList media-type="application/vnd.ibexa.api.ContentTypeInfoList+xml">' +
          '<ContentTypeInfo media-type="application/vnd.ibexa.api.ContentTypeInfo+xml" id="1"/></ContentTypeInfoList>',
      ),
    );
  });

  it('renders value items as their content, attributes included', () => {
    const root = obj('Root', '', {}, [hash('descriptions', [list('value', [val('value', 'a', { languageCode: 'ger-DE' }), val('value', 'b')])])]);
    expect(json(root)).toEqual({
      Root: { '_media-type': '', descriptions: { value: [{ _languageCode: 'ger-DE', '#text': 'a' }, 'b'] } },
    });
  });
});

describe('attributes and value elements', () => {
  const root = obj('searchHit', 'searchHit', { score: 1.5, index: '', hidden: false, missing: undefined, none: null }, [
    val('count', 3, { unit: 'items', exact: true }),
  ]);

  it('keeps native attribute types in JSON and drops undefined ones', () => {
    expect(writeJson(root)).toBe(
      '{"searchHit":{"_media-type":"application/vnd.ibexa.api.searchHit+json","_score":1.5,"_index":"","_hidden":false,"_none":null,' +
        '"count":{"_unit":"items","_exact":true,"#text":3}}}',
    );
  });

  it('stringifies attributes in XML', () => {
    expect(writeXml(root)).toBe(
      xmlDoc(
        '<searchHit media-type="application/vnd.ibexa.api.searchHit+xml" score="1.5" index="" hidden="false" none="">' +
          '<count unit="items" exact="true">3</count></searchHit>',
      ),
    );
  });

  it('renders an empty media type literally (Root links)', () => {
    const links = obj('Root', 'Root', {}, [obj('content', '', { href: `${P}/content/objects` }, [])]);
    expect(writeJson(links)).toBe(
      '{"Root":{"_media-type":"application/vnd.ibexa.api.Root+json","content":{"_media-type":"","_href":"/api/ibexa/v2/content/objects"}}}',
    );
    expect(writeXml(links)).toContain('<content media-type="" href="/api/ibexa/v2/content/objects"/>');
  });
});

describe('field-type hashes (Ibexa fieldValue format)', () => {
  const cases: ReadonlyArray<{ name: string; value: Hash; json: string; xml: string }> = [
    {
      name: 'url map',
      value: { link: 'https://ibexa.co', text: 'Ibexa' },
      json: '{"link":"https://ibexa.co","text":"Ibexa"}',
      xml: '<fieldValue><value key="link">https://ibexa.co</value><value key="text">Ibexa</value></fieldValue>',
    },
    {
      name: 'keywords list',
      value: ['a', 'b'],
      json: '["a","b"]',
      xml: '<fieldValue><value>a</value><value>b</value></fieldValue>',
    },
    {
      name: 'nested image variations map',
      value: { fileName: 'a.png', width: 1, additionalData: [], variations: { large: { href: '/api/large' } } },
      json: '{"fileName":"a.png","width":1,"additionalData":[],"variations":{"large":{"href":"/api/large"}}}',
      xml:
        '<fieldValue><value key="fileName">a.png</value><value key="width">1</value><value key="additionalData"/>' +
        '<value key="variations"><value key="large"><value key="href">/api/large</value></value></value></fieldValue>',
    },
    { name: 'null', value: null, json: 'null', xml: '<fieldValue/>' },
    { name: 'empty array', value: [], json: '[]', xml: '<fieldValue/>' },
    { name: 'empty object', value: {}, json: '[]', xml: '<fieldValue/>' },
    { name: 'nested empty object', value: { options: {} }, json: '{"options":[]}', xml: '<fieldValue><value key="options"/></fieldValue>' },
    { name: 'float', value: 1.5, json: '1.5', xml: '<fieldValue>1.500000</fieldValue>' },
    { name: 'integer', value: 42, json: '42', xml: '<fieldValue>42</fieldValue>' },
    { name: 'boolean', value: false, json: 'false', xml: '<fieldValue>false</fieldValue>' },
    { name: 'floats in a list', value: [0.25, -3], json: '[0.25,-3]', xml: '<fieldValue><value>0.250000</value><value>-3</value></fieldValue>' },
    { name: 'empty string', value: '', json: '""', xml: '<fieldValue/>' },
  ];

  it.each(cases)('renders $name', ({ value, json: expectedJson, xml }) => {
    expect(writeJson(withHash(value))).toBe(`{"Field":{"_media-type":"application/vnd.ibexa.api.Field+json","fieldValue":${expectedJson}}}`);
    expect(writeXml(withHash(value))).toBe(xmlDoc(`<Field media-type="application/vnd.ibexa.api.Field+xml">${xml}</Field>`));
  });

  it('escapes map keys and values', () => {
    expect(writeXml(withHash({ 'a"<b': 'x & y' }, 'fieldSettings'))).toContain(
      '<fieldSettings><value key="a&quot;&lt;b">x &amp; y</value></fieldSettings>',
    );
  });
});

describe('escaping', () => {
  it('escapes markup characters in text (quotes stay, as PHP XMLWriter) and all five in attributes', () => {
    const root = obj('Section', 'Section', { href: `a"b'c<d>&e` }, [val('name', `<b>"Tom" & 'Jerry'</b>`)]);
    expect(writeXml(root)).toBe(
      xmlDoc(
        '<Section media-type="application/vnd.ibexa.api.Section+xml" href="a&quot;b&apos;c&lt;d&gt;&amp;e">' +
          `<name>&lt;b&gt;"Tom" &amp; 'Jerry'&lt;/b&gt;</name></Section>`,
      ),
    );
    expect(json(root)).toEqual({
      Section: { '_media-type': 'application/vnd.ibexa.api.Section+json', _href: `a"b'c<d>&e`, name: `<b>"Tom" & 'Jerry'</b>` },
    });
  });

  it('removes characters invalid in XML 1.0 and keeps valid astral characters', () => {
    expect(escapeXmlText('a\u0000b\u0008c\u001Fd\uFFFEe\uD800f😀g\u0085')).toBe('abcdef😀g\u0085');
  });

  it('preserves whitespace in attributes and carriage returns in text as character references', () => {
    expect(escapeXmlAttr('a\nb\tc\rd')).toBe('a&#10;b&#9;c&#13;d');
    expect(escapeXmlText('a\nb\tc\rd')).toBe('a\nb\tc&#13;d');
  });

  it('returns strings without special characters unchanged', () => {
    expect(escapeXmlText('plain text, é ü 😀')).toBe('plain text, é ü 😀');
  });

  it('writes every JSON string, key and field-hash member exactly as JSON.stringify does', () => {
    const samples = ['plain', '', 'quote " and \\ backslash', 'tab\tnew\nline\r', '\u0000\u001f\u007f', 'é ü 😀', 'lone \ud800 high', 'lone \udc00 low', 'sep \u2028 \u2029', '</script>'];
    for (const text of samples) {
      const root = obj('Section', 'Section', { href: text }, [val('name', text), ftHash('fieldValue', { [text]: [text] })]);
      expect(writeJson(root)).toBe(
        `{"Section":{"_media-type":"application/vnd.ibexa.api.Section+json","_href":${JSON.stringify(text)},` +
          `"name":${JSON.stringify(text)},"fieldValue":{${JSON.stringify(text)}:[${JSON.stringify(text)}]}}}`,
      );
    }
  });
});

describe('ErrorMessage with errorDetails (field validation error)', () => {
  const error = obj('ErrorMessage', 'ErrorMessage', {}, [
    val('errorCode', 400),
    val('errorMessage', 'Bad Request'),
    val('errorDescription', 'Content fields did not validate'),
    hash('errorDetails', [
      list('fields', [
        hash('field', [list('errors', [hash('error', [val('type', 'length'), val('message', 'The string cannot exceed 255 characters.')])])], {
          fieldTypeId: 1,
        }),
      ]),
    ]),
  ]);

  it('renders JSON with the `fields` and `errors` list keys', () => {
    expect(json(error)).toEqual({
      ErrorMessage: {
        '_media-type': 'application/vnd.ibexa.api.ErrorMessage+json',
        errorCode: 400,
        errorMessage: 'Bad Request',
        errorDescription: 'Content fields did not validate',
        errorDetails: {
          fields: [{ _fieldTypeId: 1, errors: [{ type: 'length', message: 'The string cannot exceed 255 characters.' }] }],
        },
      },
    });
  });

  it('renders XML with `field` and `error` elements', () => {
    expect(writeXml(error)).toBe(
      xmlDoc(
        '<ErrorMessage media-type="application/vnd.ibexa.api.ErrorMessage+xml">' +
          '<errorCode>400</errorCode><errorMessage>Bad Request</errorMessage>' +
          '<errorDescription>Content fields did not validate</errorDescription>' +
          '<errorDetails><field fieldTypeId="1"><error><type>length</type><message>The string cannot exceed 255 characters.</message></error></field></errorDetails>' +
          '</ErrorMessage>',
      ),
    );
  });

  it('renders a nested Previous ErrorMessage as an object element', () => {
    const outer = obj('ErrorMessage', 'ErrorMessage', {}, [
      val('errorCode', 400),
      obj('Previous', 'ErrorMessage', {}, [val('errorCode', 404)]),
    ]);
    expect(writeJson(outer)).toBe(
      '{"ErrorMessage":{"_media-type":"application/vnd.ibexa.api.ErrorMessage+json","errorCode":400,' +
        '"Previous":{"_media-type":"application/vnd.ibexa.api.ErrorMessage+json","errorCode":404}}}',
    );
  });
});
