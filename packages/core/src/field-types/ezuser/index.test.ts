import { describe, expect, it } from '@jest/globals';
import { buildFieldDefinition } from '../testing/field-definition.js';
import { describeFieldTypeContract } from '../testing/field-type-contract.js';
import { recordingPrepareContext } from '../testing/files.js';
import { userAccountFieldType, type UserAccountValue } from './index.js';

const storedAccount: UserAccountValue = {
  hasStoredLogin: true,
  contentId: 14,
  login: 'admin',
  email: 'admin@example.com',
  passwordHash: null,
  passwordHashType: null,
  passwordUpdatedAt: new Date('2024-01-10T08:00:00Z'),
  enabled: true,
  maxLogin: 10,
  plainPassword: null,
};
const newAccount: UserAccountValue = {
  hasStoredLogin: false,
  contentId: null,
  login: 'jane',
  email: 'jane@example.com',
  passwordHash: null,
  passwordHashType: null,
  passwordUpdatedAt: null,
  enabled: true,
  maxLogin: 0,
  plainPassword: 'Secret-Passw0rd',
};
const noRules = { PasswordValueValidator: { requireAtLeastOneUpperCaseCharacter: 0, requireAtLeastOneLowerCaseCharacter: 0, requireAtLeastOneNumericCharacter: 0, minLength: 0 } };

describeFieldTypeContract(userAccountFieldType, {
  inputs: [
    { input: { login: 'jane', email: 'jane@example.com', password: 'Secret-Passw0rd' }, expected: newAccount },
    { input: { login: 'jane', email: 'jane@example.com', plainPassword: 'Secret-Passw0rd', enabled: 'true' }, expected: newAccount },
    {
      input: { login: 'bc', email: 'bc@example.com', passwordHash: '$2y$10$abc', passwordHashType: 7, enabled: false, maxLogin: '2' },
      expected: { ...newAccount, login: 'bc', email: 'bc@example.com', plainPassword: null, passwordHash: '$2y$10$abc', passwordHashType: '7', enabled: false, maxLogin: 2 },
    },
    {
      input: { hasStoredLogin: true, contentId: 14, login: 'admin', email: 'admin@example.com', passwordUpdatedAt: 1704873600, enabled: true, maxLogin: 10, plainPassword: null },
      expected: storedAccount,
    },
  ],
  storedValues: [storedAccount, { ...storedAccount, enabled: false, passwordUpdatedAt: null }],
  storageOnlyValues: [{ ...storedAccount, passwordHash: '$2y$10$hash', passwordHashType: '7' }],
  invalidInputs: [
    { input: { login: 'jane', email: 'jane@example.com', role: 'admin' }, target: 'role' },
    { input: { login: 'jane', enabled: 'maybe' }, target: 'enabled' },
    { input: { login: 'jane', maxLogin: -1 }, target: 'maxLogin' },
    { input: { login: 'jane', passwordUpdatedAt: 'yesterday' }, target: 'passwordUpdatedAt' },
    { input: { login: ['jane'] }, target: 'login' },
    { input: 'jane' },
  ],
  invalidStorage: ['admin', { login: 'admin', plainPassword: 'x' }],
  validValues: [
    { name: 'a new account with a strong password', value: newAccount },
    { name: 'a stored account without a new password', value: storedAccount },
    { name: 'a stored login that no longer matches the pattern', value: { ...storedAccount, login: 'old@style' } },
    { name: 'a new account given a password hash (BC)', value: { ...newAccount, plainPassword: null, passwordHash: '$2y$10$abc' } },
    {
      name: 'a login matching a custom pattern',
      value: { ...newAccount, login: 'ab12' },
      fieldSettings: { UsernamePattern: '^[a-z0-9]{4}$' },
    },
  ],
  validationFailures: [
    {
      name: 'a missing login and e-mail',
      value: { ...newAccount, login: '', email: '' },
      errors: [
        { target: 'login', message: 'Login required' },
        { target: 'email', message: 'Email required' },
      ],
    },
    {
      name: 'a login against UsernamePattern and an invalid e-mail',
      value: { ...newAccount, login: 'jane@example.com', email: 'jane@' },
      errors: [
        { target: 'login', message: 'Invalid login format' },
        { target: 'email', message: "The given e-mail 'jane@' is invalid" },
      ],
    },
    {
      name: 'a new account without any password',
      value: { ...newAccount, plainPassword: null },
      errors: [{ target: 'password', message: 'Password required' }],
    },
    {
      name: 'a weak password under the default rules',
      value: { ...newAccount, plainPassword: 'short' },
      errors: [
        { target: 'password', message: 'User password must be at least 10 characters long' },
        { target: 'password', message: 'User password must include at least one upper case letter' },
        { target: 'password', message: 'User password must include at least one number' },
      ],
    },
    {
      name: 'a password without lower case or special characters',
      value: { ...newAccount, plainPassword: 'ÅBCDEFGH12' },
      validatorConfiguration: { PasswordValueValidator: { requireAtLeastOneNonAlphanumericCharacter: 1 } },
      errors: [
        { target: 'password', message: 'User password must include at least one lower case letter' },
        { target: 'password', message: 'User password must include at least one special character' },
      ],
    },
  ],
  invalidFieldSettings: [
    { settings: { UsernamePattern: '([' }, messages: ["Setting 'UsernamePattern' value must be a valid regular expression"] },
    { settings: { PasswordTTL: '30' }, messages: ["Setting 'PasswordTTL' value must be of integer type"] },
    { settings: { PasswordTTL: 30, PasswordTTLWarning: 30 }, messages: ['Password expiration warning value should be lower then password expiration value'] },
    { settings: { RequireUniqueEmail: 'yes' }, messages: ["Setting 'RequireUniqueEmail' value must be of boolean type"] },
  ],
  invalidValidatorConfigurations: [
    { configuration: { PasswordValueValidator: { minLength: 'ten' } }, messages: ["Validator parameter 'minLength' value must be of integer type"] },
    { configuration: { PasswordValueValidator: { requireEmoji: true } }, messages: ["Validator parameter 'requireEmoji' is unknown"] },
  ],
});

describe('ezuser output', () => {
  it('never outputs the password hash, its type or the plain password', () => {
    const hash = userAccountFieldType.toHash({ ...storedAccount, passwordHash: '$2y$10$hash', passwordHashType: '7', plainPassword: 'x' });
    expect(hash).toEqual({
      hasStoredLogin: true,
      contentId: 14,
      login: 'admin',
      email: 'admin@example.com',
      passwordUpdatedAt: 1704873600,
      enabled: true,
      maxLogin: 10,
      plainPassword: null,
    });
  });

  it('is not searchable and is named by its login', () => {
    expect(userAccountFieldType.searchable).toBe(false);
    expect(userAccountFieldType.getName(storedAccount, buildFieldDefinition(userAccountFieldType), 'eng-GB')).toBe('admin');
  });

  it('applies no password rules when PasswordValueValidator allows everything', () => {
    const definition = buildFieldDefinition(userAccountFieldType, { validatorConfiguration: noRules });
    expect(userAccountFieldType.validate({ ...newAccount, plainPassword: 'a' }, definition)).toEqual([]);
  });
});

describe('ezuser prepareForStorage', () => {
  it('hashes the plain password, stamps the change and clears the plain text', async () => {
    const { context, hashed } = recordingPrepareContext(new Date('2024-05-01T12:00:00.400Z'));
    const prepared = await userAccountFieldType.prepareForStorage?.(newAccount, context);
    expect(hashed).toEqual(['Secret-Passw0rd']);
    expect(prepared).toEqual({
      ...newAccount,
      hasStoredLogin: true,
      passwordHash: 'hashed(Secret-Passw0rd)',
      passwordHashType: null,
      passwordUpdatedAt: new Date('2024-05-01T12:00:00Z'),
      plainPassword: null,
    });
    expect(prepared === undefined ? undefined : userAccountFieldType.toStorage(prepared)).toMatchObject({ passwordHash: 'hashed(Secret-Passw0rd)' });
  });

  it('dates a second password of the same second one second after the first, so that every change has its own date', async () => {
    const { context } = recordingPrepareContext(new Date('2024-05-01T12:00:00.900Z'));
    const changed = { ...newAccount, passwordHash: '$2y$10$old', passwordUpdatedAt: new Date('2024-05-01T12:00:00Z') };
    await expect(userAccountFieldType.prepareForStorage?.(changed, context)).resolves.toMatchObject({ passwordUpdatedAt: new Date('2024-05-01T12:00:01Z') });
    const older = { ...changed, passwordUpdatedAt: new Date('2024-04-30T08:00:00Z') };
    await expect(userAccountFieldType.prepareForStorage?.(older, context)).resolves.toMatchObject({ passwordUpdatedAt: new Date('2024-05-01T12:00:00Z') });
  });

  it('keeps the stored hash when no new password is given', async () => {
    const { context, hashed } = recordingPrepareContext();
    const account = { ...storedAccount, passwordHash: '$2y$10$hash' };
    await expect(userAccountFieldType.prepareForStorage?.(account, context)).resolves.toEqual(account);
    expect(hashed).toEqual([]);
  });

  it('refuses to store a plain password', () => {
    expect(() => userAccountFieldType.toStorage(newAccount)).toThrow(/prepareForStorage/);
  });
});
