import { describe, expect, it } from '@jest/globals';
import { FieldValueError } from '../field-type.js';
import { buildFieldDefinition } from '../testing/field-definition.js';
import { describeFieldTypeContract } from '../testing/field-type-contract.js';
import { EMPTY_RICH_TEXT_XML, richTextFieldType } from './index.js';

const ROOT =
  '<section xmlns="http://docbook.org/ns/docbook" xmlns:xlink="http://www.w3.org/1999/xlink" ' +
  'xmlns:ezxhtml="http://ibexa.co/xmlns/dxp/docbook/xhtml" xmlns:ezcustom="http://ibexa.co/xmlns/dxp/docbook/custom" ' +
  'version="5.0-variant ezpublish-1.0">';
/** A canonical DocBook document with the given body. */
const docbook = (body: string): string => `<?xml version="1.0" encoding="UTF-8"?>\n${ROOT}${body}</section>\n`;
const edit = (body: string): string => `<section xmlns="http://ibexa.co/namespaces/ezpublish5/xhtml5/edit">${body}</section>`;

describeFieldTypeContract(richTextFieldType, {
  inputs: [
    { input: { xml: docbook('<para>Hi</para>') }, expected: { xml: docbook('<para>Hi</para>') } },
    {
      input: { xml: `${ROOT}\n  <para>Hi</para>\n  <para>there</para>\n</section>` },
      expected: { xml: docbook('<para>Hi</para><para>there</para>') },
    },
    { input: { xml: edit('<p>Hi</p>') }, expected: { xml: docbook('<para>Hi</para>') } },
    { input: docbook('<para>Hi</para>'), expected: { xml: docbook('<para>Hi</para>') } },
    {
      input: { xml: '<db:section xmlns:db="http://docbook.org/ns/docbook" xmlns:ezxhtml="http://ez.no/xmlns/ezpublish/docbook/xhtml" version="5.0-variant ezpublish-1.0"><db:title ezxhtml:level="3">T</db:title></db:section>' },
      expected: { xml: docbook('<title ezxhtml:level="3">T</title>') },
    },
    { input: { xml: EMPTY_RICH_TEXT_XML }, expected: { xml: EMPTY_RICH_TEXT_XML } },
  ],
  storedValues: [
    { xml: docbook('<para>Hi</para>') },
    { xml: docbook('<title ezxhtml:level="2">T</title><para>A <emphasis role="strong">b</emphasis> &amp; <link xlink:href="https://x.org">c</link></para>') },
  ],
  invalidInputs: [
    { input: {}, target: 'xml' },
    { input: { xhtml5edit: edit('<p>x</p>') }, target: 'xml' },
    { input: { xml: 42 }, target: 'xml' },
    { input: { xml: '<section xmlns="http://docbook.org/ns/docbook"><para>unclosed</section>' }, target: 'xml' },
    { input: { xml: '<article xmlns="http://docbook.org/ns/docbook"/>' }, target: 'xml' },
    { input: { xml: '<section><para>no namespace</para></section>' }, target: 'xml' },
    { input: { xml: '<!DOCTYPE section [<!ENTITY e "boom">]><section xmlns="http://docbook.org/ns/docbook"><para>&e;</para></section>' }, target: 'xml' },
    { input: { xml: `${ROOT}<para>&nbsp;</para></section>` }, target: 'xml' },
    { input: { xml: `${ROOT}<para>a & b</para></section>` }, target: 'xml' },
    { input: { xml: `${ROOT}<x:para>unbound</x:para></section>` }, target: 'xml' },
    { input: { xml: `${ROOT}</section><section/>` }, target: 'xml' },
    { input: ['<section/>'] },
  ],
  invalidStorage: ['<section/>', { xml: 1 }],
  validValues: [{ name: 'any document', value: { xml: docbook('<para>x</para>') } }],
  validationFailures: [],
});

describe('ezrichtext values', () => {
  it('is empty for a section without content, not for an empty paragraph', () => {
    expect(richTextFieldType.isEmpty({ xml: EMPTY_RICH_TEXT_XML })).toBe(true);
    expect(richTextFieldType.isEmpty({ xml: docbook('') })).toBe(true);
    expect(richTextFieldType.isEmpty({ xml: docbook('<para/>') })).toBe(false);
  });

  it('stores the canonical empty DocBook section', () => {
    expect(EMPTY_RICH_TEXT_XML).toBe(`<?xml version="1.0" encoding="UTF-8"?>\n${ROOT.replace(/>$/, '/>')}\n`);
    expect(richTextFieldType.toHash(richTextFieldType.emptyValue())).toEqual({ xml: EMPTY_RICH_TEXT_XML });
  });

  it('keeps elements of other namespaces and serialises idempotently', () => {
    const value = richTextFieldType.fromHash({ xml: `${ROOT}<para>a<x:mark xmlns:x="urn:example" x:tone="warm">b</x:mark></para></section>` });
    expect(value.xml).toBe(docbook('<para>a<ns1:mark xmlns:ns1="urn:example" ns1:tone="warm">b</ns1:mark></para>'));
    expect(richTextFieldType.fromHash(richTextFieldType.toHash(value))).toEqual(value);
  });

  it('escapes attribute values and keeps line breaks in them', () => {
    const value = richTextFieldType.fromHash({ xml: docbook('<para><link xlink:href="/a?b=1&amp;c=&quot;2&quot;">x</link></para>') });
    expect(value.xml).toContain('xlink:href="/a?b=1&amp;c=&quot;2&quot;"');
    expect(richTextFieldType.fromHash(richTextFieldType.fromHash({ xml: docbook('<para ezxhtml:class="a&#10;b">x</para>') })).xml).toContain(
      'ezxhtml:class="a&#10;b"',
    );
  });

  it('reports why the XML is malformed', () => {
    expect(() => richTextFieldType.fromHash({ xml: '<section xmlns="http://docbook.org/ns/docbook"><para></section>' })).toThrow(
      /^Invalid XML: /,
    );
    expect(() => richTextFieldType.fromHash({})).toThrow(new FieldValueError("'xml' index is missing in hash."));
  });

  it('names the field by the text of its first block', () => {
    const definition = buildFieldDefinition(richTextFieldType);
    const value = richTextFieldType.fromHash({ xml: docbook('<para>  First   <emphasis>para</emphasis>\n</para><para>Second</para>') });
    expect(richTextFieldType.getName(value, definition, 'eng-GB')).toBe('First para');
    expect(richTextFieldType.getName(richTextFieldType.emptyValue(), definition, 'eng-GB')).toBe('');
  });

  it('indexes the plain text', () => {
    const value = richTextFieldType.fromHash({ xml: docbook('<title>Big News</title><para>Read <emphasis>ALL</emphasis> about it</para>') });
    expect(richTextFieldType.toSearchData(value)).toEqual({
      sortKeyInt: null,
      sortKeyString: 'big news read all about it',
      fullText: 'Big News\nRead ALL about it',
    });
    expect(richTextFieldType.toSearchData(richTextFieldType.emptyValue()).fullText).toBe('');
  });
});

describe('ezrichtext relations (Ibexa rich text RelationProcessor)', () => {
  const doc = (body: string) =>
    richTextFieldType.fromHash({
      xml:
        '<section xmlns="http://docbook.org/ns/docbook" xmlns:xlink="http://www.w3.org/1999/xlink" version="5.0-variant ezpublish-1.0">' +
        `${body}</section>`,
    });

  it('gives LINK targets, then EMBED targets, each with its locations before its contents, each id once', () => {
    const value = doc(
      '<ezembed xlink:href="ezcontent://7" view="embed"/>' +
        '<para><link xlink:href="ezcontent://5#intro">a</link> <link xlink:href="ezlocation://42">b</link>' +
        ' <link xlink:href="ezcontent://5">again</link> <ezembedinline xlink:href="ezlocation://43" view="embed-inline"/></para>',
    );
    expect(richTextFieldType.relations?.(value)).toEqual([
      { type: 'LINK', locationId: 42 },
      { type: 'LINK', contentId: 5 },
      { type: 'EMBED', locationId: 43 },
      { type: 'EMBED', contentId: 7 },
    ]);
  });

  it('ignores external links, remote ids and links without an id', () => {
    const value = doc(
      '<para><link xlink:href="https://example.com">x</link> <link xlink:href="ezremote://abc">y</link>' +
        ' <link xlink:href="ezcontent://">z</link> <link xlink:href="ezcontent://0">zero</link></para>',
    );
    expect(richTextFieldType.relations?.(value)).toEqual([]);
    expect(richTextFieldType.relations?.(richTextFieldType.emptyValue())).toEqual([]);
  });
});
