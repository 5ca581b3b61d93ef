import { describe, expect, it } from '@jest/globals';
import { buildFieldDefinition } from '../testing/field-definition.js';
import { describeFieldTypeContract } from '../testing/field-type-contract.js';
import { urlFieldType } from './index.js';

describeFieldTypeContract(urlFieldType, {
  inputs: [
    { input: { link: 'https://ibexa.co', text: 'Ibexa' }, expected: { link: 'https://ibexa.co', text: 'Ibexa' } },
    { input: { link: 'https://ibexa.co' }, expected: { link: 'https://ibexa.co', text: '' } },
    { input: 'https://ibexa.co', expected: { link: 'https://ibexa.co', text: '' } },
    { input: { link: '', text: null }, expected: null },
  ],
  storedValues: [{ link: 'https://ibexa.co', text: 'Ibexa' }, { link: '/about', text: '' }],
  invalidInputs: [
    { input: { text: 'label only' }, target: 'link' },
    { input: { link: 'https://x', title: 'x' }, target: 'title' },
    { input: { link: ['https://x'] }, target: 'link' },
    { input: 42 },
  ],
  invalidStorage: ['https://x', { link: 'https://x' }],
  validValues: [
    { name: 'an absolute URL', value: { link: 'https://example.com/a?b=c#d', text: '' } },
    { name: 'a relative link', value: { link: 'page.html', text: 'Page' } },
    { name: 'a mailto link', value: { link: 'mailto:a@b.cc', text: '' } },
  ],
  validationFailures: [
    {
      name: 'a link with spaces',
      value: { link: 'https://exa mple.com', text: '' },
      errors: [{ target: 'link', message: "The URL 'https://exa mple.com' is invalid." }],
    },
    {
      name: 'an unparsable URL',
      value: { link: 'http://[::1', text: '' },
      errors: [{ target: 'link', message: "The URL 'http://[::1' is invalid." }],
    },
  ],
});

describe('ezurl specifics', () => {
  it('is not searchable and names the field by its text', () => {
    expect(urlFieldType.searchable).toBe(false);
    expect(urlFieldType.toSearchData({ link: 'https://x.org', text: 'X' })).toEqual({ sortKeyInt: null, sortKeyString: null, fullText: '' });
    expect(urlFieldType.getName({ link: 'https://x.org', text: 'X' }, buildFieldDefinition(urlFieldType), 'eng-GB')).toBe('X');
  });
});
