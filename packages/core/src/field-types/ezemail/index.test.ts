import { describe, expect, it } from '@jest/globals';
import { buildFieldDefinition } from '../testing/field-definition.js';
import { describeFieldTypeContract } from '../testing/field-type-contract.js';
import { emailAddressFieldType } from './index.js';

const invalidEmail = [{ target: 'email', message: 'The value must be a valid email address.' }];

describeFieldTypeContract(emailAddressFieldType, {
  inputs: [
    { input: 'a@b.cc', expected: 'a@b.cc' },
    { input: ' user@example.com ', expected: 'user@example.com' },
  ],
  storedValues: ['a@b.cc', 'First.Last+tag@sub.example.org'],
  invalidInputs: [{ input: ['a@b.cc'] }, { input: {} }],
  invalidStorage: [1],
  validValues: [
    { name: 'a plain address', value: 'user@example.com' },
    { name: 'a quoted local part', value: '"john doe"@example.com' },
    { name: 'an IPv4 literal', value: 'root@[192.168.0.1]' },
  ],
  validationFailures: [
    { name: 'a missing @', value: 'user.example.com', errors: invalidEmail },
    { name: 'a one-letter TLD', value: 'user@example.c', errors: invalidEmail },
    { name: 'a double dot', value: 'first..last@example.com', errors: invalidEmail },
    { name: 'an over-long address', value: `${'a'.repeat(250)}@example.com`, errors: invalidEmail },
  ],
  invalidValidatorConfigurations: [
    { configuration: { EmailAddressValidator: { Extent: 'mx' } }, messages: ["Validator parameter 'Extent' value must be regex for now"] },
  ],
});

describe('ezemail specifics', () => {
  it('validates only when EmailAddressValidator is configured', () => {
    const without = { ...buildFieldDefinition(emailAddressFieldType), validatorConfiguration: {} };
    expect(emailAddressFieldType.validate('nope', without)).toEqual([]);
    expect(emailAddressFieldType.validate('nope', buildFieldDefinition(emailAddressFieldType))).toEqual(invalidEmail);
  });

  it('indexes the lower-cased address', () => {
    expect(emailAddressFieldType.toSearchData('Ann@Example.COM').sortKeyString).toBe('ann@example.com');
  });
});
