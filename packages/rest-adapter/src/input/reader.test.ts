import { describe, expect, it } from '@jest/globals';
import { BadRequestError } from '../http/rest-errors.js';
import type { DecodedObject } from './reader.js';
import { reader } from './reader.js';

const input: DecodedObject = {
  mainLanguageCode: 'eng-GB',
  remoteId: null,
  priority: '5',
  limit: 25,
  depth: 1.5,
  hidden: 'TRUE',
  alwaysAvailable: false,
  bogusBool: 'yes',
  numeric: 42,
  ContentType: { _href: '/api/ibexa/v2/content/types/1' },
  Section: { href: 'missing underscore' },
  LocationCreate: { priority: 0 },
  fields: { field: [{ fieldDefinitionIdentifier: 'name', fieldValue: { link: 'x' } }] },
  single: { a: 1 },
  items: [1, 'x'],
};
const r = reader(input, 'ContentCreate');
const fails = (fn: () => unknown, message: string): void => {
  expect(fn).toThrow(new BadRequestError(message));
  expect(fn).toThrow(BadRequestError);
};

describe('reader', () => {
  it('rejects a non-object struct', () => {
    fails(() => reader(null, 'ContentCreate'), 'Invalid input for ContentCreate: expected an object.');
    fails(() => reader(['x'], 'ContentCreate'), 'Invalid input for ContentCreate: expected an object.');
    fails(() => reader(undefined, 'ContentCreate'), 'Invalid input for ContentCreate: expected an object.');
  });

  it('reads strings', () => {
    expect(r.requiredString('mainLanguageCode')).toBe('eng-GB');
    expect(r.optionalString('numeric')).toBe('42');
    expect(r.optionalString('remoteId')).toBeUndefined();
    expect(r.optionalString('absent')).toBeUndefined();
    fails(() => r.requiredString('remoteId'), "Missing 'remoteId' element for ContentCreate.");
    fails(() => r.requiredString('absent'), "Missing 'absent' element for ContentCreate.");
    fails(() => r.optionalString('alwaysAvailable'), "Invalid value for 'alwaysAvailable' in ContentCreate.");
    fails(() => r.optionalString('ContentType'), "Invalid value for 'ContentType' in ContentCreate.");
  });

  it('never reads inherited members', () => {
    expect(r.raw('constructor')).toBeUndefined();
    expect(r.has('toString')).toBe(false);
    fails(() => r.requiredString('__proto__'), "Missing '__proto__' element for ContentCreate.");
  });

  it('reads integers from numbers and numeric strings', () => {
    expect(r.requiredInt('priority')).toBe(5);
    expect(r.requiredInt('limit')).toBe(25);
    expect(r.optionalInt('absent')).toBeUndefined();
    fails(() => r.optionalInt('depth'), "Invalid value for 'depth' in ContentCreate.");
    fails(() => r.optionalInt('mainLanguageCode'), "Invalid value for 'mainLanguageCode' in ContentCreate.");
    fails(() => r.requiredInt('absent'), "Missing 'absent' element for ContentCreate.");
  });

  it('reads booleans like Ibexa parseBooleanValue', () => {
    expect(r.optionalBool('hidden')).toBe(true);
    expect(r.requiredBool('alwaysAvailable')).toBe(false);
    expect(reader({ v: 'False' }, 'S').requiredBool('v')).toBe(false);
    expect(r.optionalBool('absent')).toBeUndefined();
    fails(() => r.optionalBool('bogusBool'), "Invalid value for 'bogusBool' in ContentCreate.");
    fails(() => r.optionalBool('numeric'), "Invalid value for 'numeric' in ContentCreate.");
    fails(() => r.requiredBool('absent'), "Missing 'absent' element for ContentCreate.");
  });

  it('reads nested structs as readers named after the key or the given struct', () => {
    expect(r.requiredObject('LocationCreate').requiredInt('priority')).toBe(0);
    expect(r.optionalObject('absent')).toBeUndefined();
    fails(() => r.requiredObject('LocationCreate').requiredString('ParentLocation'), "Missing 'ParentLocation' element for LocationCreate.");
    fails(() => r.requiredObject('fields', 'Fields').requiredString('x'), "Missing 'x' element for Fields.");
    fails(() => r.requiredObject('mainLanguageCode'), "Invalid value for 'mainLanguageCode' in ContentCreate.");
    fails(() => r.requiredObject('absent'), "Missing 'absent' element for ContentCreate.");
  });

  it('reads lists, wrapping a single object only when asked', () => {
    expect(r.requiredArray('items')).toEqual([1, 'x']);
    expect(r.optionalArray('absent')).toBeUndefined();
    expect(r.optionalArray('single', { singleAsList: true })).toEqual([{ a: 1 }]);
    fails(() => r.optionalArray('single'), "Invalid value for 'single' in ContentCreate.");
    fails(() => r.requiredArray('absent'), "Missing 'absent' element for ContentCreate.");
  });

  it('reads lists of structs', () => {
    const [field, ...rest] = r.requiredObject('fields').objectList('field', 'Field');
    expect(rest).toEqual([]);
    expect(field?.requiredString('fieldDefinitionIdentifier')).toBe('name');
    expect(field?.raw('fieldValue')).toEqual({ link: 'x' });
    expect(r.objectList('absent')).toEqual([]);
    fails(() => r.objectList('items'), "Invalid value for 'items' in ContentCreate.");
  });

  it('reads hrefs', () => {
    expect(r.href('ContentType')).toBe('/api/ibexa/v2/content/types/1');
    expect(r.optionalHref('absent')).toBeUndefined();
    fails(() => r.href('Section'), "Missing '_href' attribute for 'Section' element in ContentCreate.");
    fails(() => r.href('mainLanguageCode'), "Missing '_href' attribute for 'mainLanguageCode' element in ContentCreate.");
    fails(() => r.href('absent'), "Missing 'absent' element for ContentCreate.");
  });

  it('gives raw access for field hashes and criteria', () => {
    expect(r.raw('remoteId')).toBeNull();
    expect(r.requiredRaw('fields')).toEqual(input['fields']);
    fails(() => r.requiredRaw('remoteId'), "Missing 'remoteId' element for ContentCreate.");
  });
});
