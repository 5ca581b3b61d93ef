import { Readable } from 'node:stream';
import { createDefaultFieldTypeRegistry, type Hash } from '@contentrepo/core';
import { describe, expect, it } from '@jest/globals';
import { testField } from '../testing/model-builders.js';
import { PDF, PNG_1X1 } from '../testing/sample-files.js';
import { fieldInputs, fieldInputValue } from './field-input.js';

const registry = createDefaultFieldTypeRegistry();

/** An upload as graphql-upload hands it to resolvers: a promise of the file. */
const uploadOf = (bytes: Buffer, filename: string) => Promise.resolve({ filename, mimetype: 'x/y', encoding: '7bit', createReadStream: () => Readable.from([bytes]) });

/** GraphQL input → the hash core's field type makes of the converted value. */
const CASES: [string, unknown, Hash][] = [
  ['ezstring', 'Text', 'Text'],
  ['eztext', 'Long', 'Long'],
  ['ezinteger', 5, 5],
  ['ezfloat', 2.5, 2.5],
  ['ezboolean', true, true],
  ['ezemail', 'a@example.com', 'a@example.com'],
  ['ezisbn', '9780306406157', '9780306406157'],
  ['eztime', '01:02:03', 3723],
  ['ezkeyword', ['a', 'b'], ['a', 'b']],
  ['ezcountry', ['PL', 'France'], ['PL', 'FR']],
  ['ezselection', [1], [1]],
  ['ezurl', { link: 'https://example.com', text: 'Example' }, { link: 'https://example.com', text: 'Example' }],
  ['ezgmaplocation', { address: 'Kraków', latitude: 50.06, longitude: 19.94 }, { latitude: 50.06, longitude: 19.94, address: 'Kraków' }],
  ['ezobjectrelation', 41, { destinationContentId: 41 }],
  ['ezobjectrelationlist', [41, 1], { destinationContentIds: [41, 1] }],
  ['ezdate', { format: 'timestamp', input: '1700006400' }, { timestamp: 1_700_006_400, rfc850: 'Wednesday, 15-Nov-23 00:00:00 UTC' }],
  ['ezdatetime', { input: '2024-02-05T14:03:09Z' }, { timestamp: 1_707_141_789, rfc850: 'Monday, 05-Feb-24 14:03:09 UTC' }],
];

describe("field input (Ibexa's GraphQL input types)", () => {
  it.each(CASES)('%s: %j is accepted by core', async (fieldType, input, hash) => {
    const value = await fieldInputValue(testField('f', fieldType), input, null);
    expect(registry.get(fieldType).toHash(registry.get(fieldType).fromHash(value))).toEqual(hash);
  });

  it('wraps HTML and converts Markdown rich text to an XHTML5 edit document core turns into DocBook', async () => {
    const type = registry.get('ezrichtext');
    for (const input of [{ format: 'html', input: '<p>Some <strong>bold</strong></p>' }, { format: 'markdown', input: 'Some **bold**' }, { input: '<p>Some <strong>bold</strong></p>' }]) {
      const hash = type.toHash(type.fromHash(await fieldInputValue(testField('f', 'ezrichtext'), input, null)));
      expect(JSON.stringify(hash)).toContain('<emphasis role=\\"strong\\">bold</emphasis>');
    }
  });

  it('gives authors without id a generated one', async () => {
    const type = registry.get('ezauthor');
    const value = await fieldInputValue(testField('f', 'ezauthor'), [{ id: -1, name: 'Jane', email: 'jane@example.com' }], null);
    expect(type.toHash(type.fromHash(value))).toEqual([{ id: 1, name: 'Jane', email: 'jane@example.com' }]);
  });

  it('sets the account of a user field', async () => {
    const value = await fieldInputValue(testField('f', 'ezuser'), { login: 'jane', email: 'jane@example.com', password: 'Secret123!', enabled: true }, null);
    expect(value).toEqual({ login: 'jane', email: 'jane@example.com', enabled: true, plainPassword: 'Secret123!' });
    expect(() => registry.get('ezuser').fromHash(value)).not.toThrow();
  });

  it('turns uploads into pending binaries streamed from the upload, with the sniffed type', async () => {
    const image = await fieldInputValue(testField('f', 'ezimage'), { alternativeText: 'Alt', file: uploadOf(PNG_1X1, 'dir/photo.png') }, null);
    expect(image).toMatchObject({ fileName: 'photo.png', alternativeText: 'Alt', mimeType: 'image/png', pending: { fileName: 'photo.png', mimeType: 'image/png' } });
    expect(registry.get('ezimage').isEmpty(registry.get('ezimage').fromHash(image))).toBe(false);
    const file = await fieldInputValue(testField('f', 'ezbinaryfile'), { file: uploadOf(PDF, 'report.pdf'), fileName: 'renamed.pdf' }, null);
    expect(file).toMatchObject({ fileName: 'renamed.pdf', mimeType: 'application/pdf' });
    expect(registry.get('ezbinaryfile').isEmpty(registry.get('ezbinaryfile').fromHash(file))).toBe(false);
  });

  it('keeps a stored image when only its texts change, and needs a file otherwise', async () => {
    const stored: Hash = { id: 'images/x/photo.png', fileName: 'photo.png', alternativeText: 'Old', uri: '/x/photo.png' };
    expect(await fieldInputValue(testField('f', 'ezimage'), { alternativeText: 'New' }, async () => stored)).toEqual({ ...stored, alternativeText: 'New' });
    await expect(
      fieldInputs({ image: { alternativeText: 'New' } }, new Map([['image', testField('image', 'ezimage')]]), 'eng-GB', null),
    ).rejects.toMatchObject({ fieldErrors: [expect.objectContaining({ fieldDefinitionIdentifier: 'image', errors: [{ target: 'file', message: 'An image file is required' }] })] });
  });

  it('builds field inputs only for the keys present, a null emptying the field', async () => {
    const names = new Map([
      ['name', testField('name', 'ezstring')],
      ['shortName', testField('short_name', 'ezstring')],
      ['description', testField('description', 'ezrichtext')],
    ]);
    expect(await fieldInputs({ name: 'N', description: null }, names, 'pol-PL', null)).toEqual([
      { fieldDefIdentifier: 'name', languageCode: 'pol-PL', value: 'N' },
      { fieldDefIdentifier: 'description', languageCode: 'pol-PL', value: null },
    ]);
  });
});
