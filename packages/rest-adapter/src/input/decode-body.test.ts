import { describe, expect, it } from '@jest/globals';
import { BadRequestError } from '../http/rest-errors.js';
import { decodeBody } from './decode-body.js';

const xml = (text: string) => decodeBody(Buffer.from(text, 'utf8'), 'xml');
const json = (text: string) => decodeBody(Buffer.from(text, 'utf8'), 'json');

describe('decodeBody, JSON (Ibexa REST input decoding)', () => {
  it('returns the value of the root key, whatever its name', async () => {
    await expect(json('{"Foo": {"identifier": "x", "limit": 5, "hidden": false, "n": null}}')).resolves.toEqual({
      identifier: 'x',
      limit: 5,
      hidden: false,
      n: null,
    });
  });

  it('ignores a byte-order mark and treats a null root value as {}', async () => {
    await expect(json('\uFEFF{"RestoreTrashItemInput": null}')).resolves.toEqual({});
  });

  it('rejects malformed JSON with the Ibexa message', async () => {
    const result = json('{"SessionInput": {');
    await expect(result).rejects.toBeInstanceOf(BadRequestError);
    await expect(result).rejects.toThrow(/^An error occured while decoding the JSON input:\n.+\nInput JSON:\n\n\{"SessionInput": \{$/);
  });

  it.each(['[]', '"x"', '{}', '{"A": {}, "B": {}}', '{"A": [1]}', '{"A": "x"}', ''])('rejects %p', async (body) => {
    await expect(json(body)).rejects.toBeInstanceOf(BadRequestError);
  });

  it('rejects absurdly deep nesting with a 400', async () => {
    await expect(json(`{"A": ${'['.repeat(5000)}${']'.repeat(5000)}}`)).rejects.toBeInstanceOf(BadRequestError);
  });

  it('keeps __proto__ as an own, inert key', async () => {
    const value = await json('{"A": {"__proto__": {"polluted": true}}}');
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    const fresh: Record<string, unknown> = {};
    expect(fresh['polluted']).toBeUndefined();
  });
});

describe('decodeBody, XML (Ibexa REST XML handler)', () => {
  it('decodes a folder ContentCreate in XML', async () => {
    await expect(
      xml(`<?xml version="1.0" encoding="UTF-8"?>
<ContentCreate>
  <ContentType href="/api/ibexa/v2/content/types/1"/>
  <mainLanguageCode>eng-GB</mainLanguageCode>
  <LocationCreate>
    <ParentLocation href="/api/ibexa/v2/content/locations/1/2"/>
    <priority>0</priority><hidden>false</hidden>
  </LocationCreate>
  <remoteId/>
  <fields>
    <field>
      <fieldDefinitionIdentifier>name</fieldDefinitionIdentifier>
      <languageCode>eng-GB</languageCode>
      <fieldValue>My folder</fieldValue>
    </field>
  </fields>
</ContentCreate>`),
    ).resolves.toEqual({
      ContentType: { _href: '/api/ibexa/v2/content/types/1' },
      mainLanguageCode: 'eng-GB',
      LocationCreate: { ParentLocation: { _href: '/api/ibexa/v2/content/locations/1/2' }, priority: '0', hidden: 'false' },
      remoteId: null,
      fields: { field: [{ fieldDefinitionIdentifier: 'name', languageCode: 'eng-GB', fieldValue: 'My folder' }] },
    });
  });

  it('puts text next to attributes under #text (names/value is a forced list)', async () => {
    await expect(xml('<X><names><value languageCode="eng-GB"> Title </value></names></X>')).resolves.toEqual({
      names: { value: [{ _languageCode: 'eng-GB', '#text': 'Title' }] },
    });
  });

  it('turns repeated siblings into arrays and keeps single ones scalar', async () => {
    await expect(xml('<Filter><X>a</X><Y>c</Y><X>b</X></Filter>')).resolves.toEqual({ X: ['a', 'b'], Y: 'c' });
  });

  it.each([
    ['ContentList', 'Content'],
    ['ContentTypeList', 'ContentType'],
    ['ContentTypeGroupRefList', 'ContentTypeGroupRef'],
    ['SectionList', 'Section'],
    ['RoleList', 'Role'],
    ['PolicyList', 'Policy'],
    ['LocationList', 'Location'],
    ['ContentObjectStates', 'ObjectState'],
    ['FieldDefinitions', 'FieldDefinition'],
    ['UserList', 'User'],
    ['names', 'value'],
    ['descriptions', 'value'],
    ['fields', 'field'],
    ['limitations', 'limitation'],
    ['values', 'ref'],
  ])('forces a single %s/%s child into a list', async (parent, child) => {
    await expect(xml(`<Root><${parent}><${child} a="1"/></${parent}></Root>`)).resolves.toEqual({ [parent]: { [child]: [{ _a: '1' }] } });
  });

  it('applies forced lists to the root element too', async () => {
    await expect(xml('<ContentObjectStates><ObjectState href="/s"/></ContentObjectStates>')).resolves.toEqual({
      ObjectState: [{ _href: '/s' }],
    });
  });

  it('does not force other pairs', async () => {
    await expect(xml('<Root><Other><value>a</value></Other></Root>')).resolves.toEqual({ Other: { value: 'a' } });
  });

  it('keeps mixed text as #text and decodes predefined entities, character references and CDATA', async () => {
    await expect(xml('<R><a x="1">t<b>u</b></a><c>&lt;&amp;&#65;&#x42;</c><d><![CDATA[<p>&nbsp;</p>]]></d></R>')).resolves.toEqual({
      a: { _x: '1', b: 'u', '#text': 't' },
      c: '<&AB',
      d: '<p>&nbsp;</p>',
    });
  });

  it('returns {} for an empty root element', async () => {
    await expect(xml('<RestoreTrashItemInput/>')).resolves.toEqual({});
  });

  describe('field-type hashes (Ibexa fieldValue format)', () => {
    const field = async (inner: string, element = 'fieldValue') => {
      const value = await xml(`<F><${element}>${inner}</${element}></F>`);
      return value[element];
    };

    it.each([
      ['123', 123],
      ['-7', -7],
      ['1.5', 1.5],
      ['.5', 0.5],
      ['TRUE', true],
      ['false', false],
      ['My folder', 'My folder'],
      ['  padded  ', 'padded'],
      ['1.2.3', '1.2.3'],
      ['12345678901234567890', '12345678901234567890'],
      ['', null],
      ['   ', null],
    ])('sniffs %p', async (text, expected) => {
      await expect(field(text)).resolves.toEqual(expected);
    });

    it('decodes a keyed map (url)', async () => {
      await expect(field('<value key="link">https://ibexa.co</value><value key="text">Ibexa</value>')).resolves.toEqual({
        link: 'https://ibexa.co',
        text: 'Ibexa',
      });
    });

    it('decodes a list and nested values', async () => {
      await expect(field('<value>1</value><value>2</value>')).resolves.toEqual([1, 2]);
      await expect(field('<value><value>a</value></value>')).resolves.toEqual([['a']]);
      await expect(field('<value key="variations"><value key="large"><value key="href">/x</value></value></value>')).resolves.toEqual({
        variations: { large: { href: '/x' } },
      });
    });

    it('keeps PHP semantics for mixed and numeric keys', async () => {
      await expect(field('<value key="a">x</value><value>y</value>')).resolves.toEqual({ a: 'x', '0': 'y' });
      await expect(field('<value key="0">x</value><value key="1">y</value>')).resolves.toEqual(['x', 'y']);
      await expect(field('<value/>')).resolves.toEqual([null]);
    });

    it('applies to defaultValue, fieldSettings and validatorConfiguration anywhere', async () => {
      await expect(
        xml(
          '<FieldDefinitionCreate><defaultValue>1</defaultValue><fieldSettings><value key="options"/></fieldSettings>' +
            '<validatorConfiguration><value key="StringLengthValidator"><value key="maxStringLength">255</value></value></validatorConfiguration>' +
            '</FieldDefinitionCreate>',
        ),
      ).resolves.toEqual({
        defaultValue: 1,
        fieldSettings: { options: null },
        validatorConfiguration: { StringLengthValidator: { maxStringLength: 255 } },
      });
    });

    it('rejects child elements other than <value>', async () => {
      await expect(field('<item>1</item>')).rejects.toThrow(new BadRequestError('Invalid element <item> in <fieldValue>: only <value> elements are allowed.'));
    });

    it('rejects a repeated field hash element', async () => {
      await expect(xml('<F><fieldValue>1</fieldValue><fieldValue>2</fieldValue></F>')).rejects.toBeInstanceOf(BadRequestError);
    });
  });

  describe('security and malformed input', () => {
    it('rejects a DOCTYPE with entity declarations (XXE)', async () => {
      const body = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><r>&xxe;</r>';
      await expect(xml(body)).rejects.toThrow(
        new BadRequestError('Detected errors in input XML:\n - In line 1 character 21: DOCTYPE and other markup declarations are not allowed.'),
      );
    });

    it('rejects a bare DOCTYPE', async () => {
      await expect(xml('<!DOCTYPE r><r><a>1</a></r>')).rejects.toBeInstanceOf(BadRequestError);
    });

    it('rejects entities other than the five predefined ones', async () => {
      await expect(xml('<r>\n<a>&nbsp;</a></r>')).rejects.toThrow(
        new BadRequestError('Detected errors in input XML:\n - In line 2 character 3: only the predefined entities and character references are allowed.'),
      );
      await expect(xml('<r a="&copy;"><b/></r>')).rejects.toBeInstanceOf(BadRequestError);
    });

    it('allows declarations-looking text inside comments and CDATA', async () => {
      await expect(xml('<r><!-- <!DOCTYPE x> &foo; --><a><![CDATA[<!DOCTYPE &x;]]></a></r>')).resolves.toEqual({ a: '<!DOCTYPE &x;' });
    });

    it.each([
      ['unclosed tag', '<r><a></r>'],
      ['unterminated document', '<r><a>'],
      ['text after the root', '<r><a/></r>junk'],
      ['second root', '<r><a/></r><s/>'],
      ['empty body', ''],
      ['not XML', '{"json": true}'],
      ['text-only root', '<r>text</r>'],
      ['bare ampersand', '<r><a>a & b</a></r>'],
    ])('rejects %s', async (_label, body) => {
      await expect(xml(body)).rejects.toBeInstanceOf(BadRequestError);
    });

    it('reports the position of syntax errors', async () => {
      await expect(xml('<r>\n<a></r>')).rejects.toThrow(/^Detected errors in input XML:\n - In line 2 character \d+: Unexpected close tag/);
    });

    it('accepts element names that clash with xml2js internals', async () => {
      await expect(xml('<r><_>1</_><__proto__>2</__proto__></r>')).resolves.toEqual(
        Object.fromEntries([
          ['_', '1'],
          ['__proto__', '2'],
        ]),
      );
    });

    it('rejects absurdly deep nesting with a 400', async () => {
      await expect(xml(`<r>${'<a>'.repeat(1000)}${'</a>'.repeat(1000)}</r>`)).rejects.toBeInstanceOf(BadRequestError);
    });
  });
});
