import { describe, expect, it } from '@jest/globals';
import { describeFieldTypeContract } from '../testing/field-type-contract.js';
import { isbn13Problem, isbnFieldType, isValidIsbn10 } from './index.js';

const isbn10Only = { isISBN13: false };

describeFieldTypeContract(isbnFieldType, {
  inputs: [
    { input: '978-0-306-40615-7', expected: '978-0-306-40615-7' },
    { input: 9780306406157, expected: '9780306406157' },
    { input: null, expected: '' },
  ],
  storedValues: ['978-0-306-40615-7', '0-306-40615-2'],
  invalidInputs: [{ input: ['978'] }, { input: {} }],
  invalidStorage: [9780306406157],
  validValues: [
    { name: 'an ISBN-13 with hyphens', value: '978-0-306-40615-7' },
    { name: 'an ISBN-13 with spaces', value: '979 10 90636 07 1' },
    { name: 'an ISBN-10 when ISBN-13 is allowed', value: '0-306-40615-2' },
    { name: 'an ISBN-10 with X check', value: '0-8044-2957-X', fieldSettings: isbn10Only },
  ],
  validationFailures: [
    {
      name: 'an ISBN-13 where only ISBN-10 is allowed',
      value: '978-0-306-40615-7',
      fieldSettings: isbn10Only,
      errors: [{ target: 'isbn', message: 'ISBN-10 must be 10 character length' }],
    },
    {
      name: 'a wrong ISBN-10 check digit',
      value: '0-306-40615-3',
      errors: [{ target: 'isbn', message: 'ISBN value must be in a valid ISBN-10 format' }],
    },
    {
      name: 'a wrong ISBN-13 check digit',
      value: '978-0-306-40615-8',
      errors: [{ target: 'isbn', message: 'Bad checksum, last digit of ISBN-13 should be 7' }],
    },
    {
      name: 'a wrong prefix',
      value: '977-0-306-40615-7',
      errors: [{ target: 'isbn', message: 'ISBN-13 value must start with 978 or 979, got: 977' }],
    },
    {
      name: 'a wrong length',
      value: '978-0-306',
      errors: [{ target: 'isbn', message: 'ISBN-13 must be 13 digit, digit count is: 7' }],
    },
  ],
  invalidFieldSettings: [{ settings: { isISBN13: 'yes' }, messages: ["Setting 'isISBN13' value must be of boolean type"] }],
});

describe('ISBN checksums', () => {
  it.each(['0306406152', '080442957X', '080442957x', '0198526636'])('accepts ISBN-10 %s', (isbn) => {
    expect(isValidIsbn10(isbn)).toBe(true);
  });

  it.each(['0306406153', 'X306406152', '030640615', '03064061522'])('rejects ISBN-10 %s', (isbn) => {
    expect(isValidIsbn10(isbn)).toBe(false);
  });

  it.each(['9780306406157', '9791090636071', '9780198526636'])('accepts ISBN-13 %s', (isbn) => {
    expect(isbn13Problem(isbn)).toBeNull();
  });

  it('reports non-digits in an ISBN-13', () => {
    expect(isbn13Problem('978030640615X')).toBe('All ISBN-13 characters need to be numeric');
  });
});
