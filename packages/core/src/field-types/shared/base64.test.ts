import { describe, expect, it } from '@jest/globals';
import { FieldValueError } from '../field-type.js';
import { decodeBase64Strict } from './base64.js';

describe('decodeBase64Strict', () => {
  it.each([
    ['', []],
    ['TQ==', [77]],
    ['TWE=', [77, 97]],
    ['TWFu', [77, 97, 110]],
    ['TW\nFu\r\n', [77, 97, 110]],
    ['+/+/', [251, 255, 191]],
  ])('decodes %j', (input, bytes) => {
    expect(Array.from(decodeBase64Strict(input))).toEqual(bytes);
  });

  it.each([
    ['TWF!', /character "!" at position 3/],
    ['TW-u', /character "-" at position 2/],
    ['TWFuT', /length 5/],
    ['TQ=', /length 3/],
    ['TQ===', /padding/],
    ['T=Q=', /padding/],
    ['TR==', /non-canonical/],
    ['TWF=', /non-canonical/],
  ])('rejects %j', (input, message) => {
    expect(() => decodeBase64Strict(input, 'data')).toThrow(message);
    expect(() => decodeBase64Strict(input, 'data')).toThrow(FieldValueError);
  });

  it('reports the given target', () => {
    try {
      decodeBase64Strict('@@@@', 'payload');
      throw new Error('expected a failure');
    } catch (error) {
      expect(error).toBeInstanceOf(FieldValueError);
      expect(error instanceof FieldValueError ? error.target : null).toBe('payload');
    }
  });
});
