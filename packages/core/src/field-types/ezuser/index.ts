import type { ValidationError } from '../../errors/repository-error.js';
import { FieldValueError, type FieldType } from '../field-type.js';
import { fromTimestamp, toTimestamp } from '../shared/date.js';
import {
  invalidInput,
  isRecord,
  optionalString,
  rejectUnknownKeys,
  toBoolean,
  toInteger,
  type UnknownRecord,
} from '../shared/decode.js';
import { isValidEmail } from '../shared/email.js';
import { NO_SEARCH_DATA } from '../shared/search.js';
import {
  parameterChecks,
  settingChecks,
  settingOf,
  validateSettingsSchema,
  validateValidatorSchema,
  validatorParameters,
  type SettingCheck,
} from '../shared/settings.js';
import { passwordErrors } from './password.js';

/**
 * Value of a User account field. `plainPassword` is a new password to set (hashed by `prepareForStorage`,
 * never stored or output); `passwordHash`/`passwordHashType` are the stored credentials (never output).
 * `hasStoredLogin` says the account already exists. Empty: no login, e-mail, password or stored account.
 */
export interface UserAccountValue {
  readonly hasStoredLogin: boolean;
  readonly contentId: number | null;
  readonly login: string;
  readonly email: string;
  readonly passwordHash: string | null;
  readonly passwordHashType: string | null;
  readonly passwordUpdatedAt: Date | null;
  readonly enabled: boolean;
  /** Maximum concurrent logins (Ibexa `maxLogin`), 0 = unlimited. */
  readonly maxLogin: number;
  readonly plainPassword: string | null;
}

/** Ibexa's default `UsernamePattern`: no `@` (logins must not look like e-mail addresses). */
export const DEFAULT_USERNAME_PATTERN = '^[^@]+$';

const EMPTY_ACCOUNT: UserAccountValue = {
  hasStoredLogin: false,
  contentId: null,
  login: '',
  email: '',
  passwordHash: null,
  passwordHashType: null,
  passwordUpdatedAt: null,
  enabled: true,
  maxLogin: 0,
  plainPassword: null,
};

const INPUT_KEYS = [
  'hasStoredLogin', 'contentId', 'login', 'email', 'passwordHash', 'passwordHashType', 'passwordUpdatedAt',
  'enabled', 'maxLogin', 'plainPassword', 'password',
];

function isEmptyAccount(value: UserAccountValue): boolean {
  return (
    !value.hasStoredLogin && value.contentId === null && value.login === '' && value.email === '' &&
    value.plainPassword === null && value.passwordHash === null
  );
}

function flag(record: UnknownRecord, key: string, fallback: boolean): boolean {
  const value = record[key];
  if (value === undefined || value === null) return fallback;
  const result = toBoolean(value);
  if (result === undefined) throw invalidInput(`user account '${key}' to be a boolean`, value, key);
  return result;
}

function passwordUpdatedAtFrom(value: unknown): Date | null {
  if (value === undefined || value === null) return null;
  if (value instanceof Date && !Number.isNaN(value.getTime())) {
    return new Date(Math.floor(value.getTime() / 1000) * 1000);
  }
  const seconds = toInteger(value);
  if (seconds === undefined) {
    throw invalidInput("user account 'passwordUpdatedAt' to be Unix seconds", value, 'passwordUpdatedAt');
  }
  return fromTimestamp(seconds, 'passwordUpdatedAt');
}

/** An optional integer property with a minimum; `fallback` when absent. */
function integerProperty(record: UnknownRecord, key: string, minimum: number, fallback: number | null): number | null {
  const value = record[key];
  if (value === undefined || value === null) return fallback;
  const integer = toInteger(value);
  if (integer === undefined || integer < minimum) {
    throw invalidInput(`user account '${key}' to be an integer of at least ${minimum}`, value, key);
  }
  return integer;
}

/** Decodes an account from input or storage data (both use the same keys). */
function accountFrom(record: UnknownRecord): UserAccountValue {
  rejectUnknownKeys(record, INPUT_KEYS, 'user account');
  const plainPassword =
    optionalString(record, 'plainPassword', 'user account') ?? optionalString(record, 'password', 'user account');
  return {
    hasStoredLogin: flag(record, 'hasStoredLogin', false),
    contentId: integerProperty(record, 'contentId', 1, null),
    login: optionalString(record, 'login', 'user account')?.trim() ?? '',
    email: optionalString(record, 'email', 'user account')?.trim() ?? '',
    passwordHash: optionalString(record, 'passwordHash', 'user account'),
    passwordHashType: optionalString(record, 'passwordHashType', 'user account'),
    passwordUpdatedAt: passwordUpdatedAtFrom(record['passwordUpdatedAt']),
    enabled: flag(record, 'enabled', true),
    maxLogin: integerProperty(record, 'maxLogin', 0, 0) ?? 0,
    plainPassword: plainPassword === '' ? null : plainPassword,
  };
}

function loginPattern(pattern: unknown): RegExp | null {
  if (typeof pattern !== 'string') return null;
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
}

const usernamePatternCheck: SettingCheck = (value, name) =>
  typeof value === 'string' && loginPattern(value) !== null
    ? null
    : `Setting '${name}' value must be a valid regular expression`;

const passwordTtlWarningCheck: SettingCheck = (value, name, all) => {
  const typeError = settingChecks.nullableInteger(value, name);
  if (typeError !== null || value === null || typeof value !== 'number' || value <= 0) return typeError;
  const ttl = all['PasswordTTL'];
  return typeof ttl !== 'number' || value >= ttl
    ? 'Password expiration warning value should be lower then password expiration value'
    : null;
};

/**
 * User account (`ezuser` / `ibexa_user`). REST hash out `{hasStoredLogin, contentId, login, email,
 * passwordUpdatedAt (Unix seconds), enabled, maxLogin, plainPassword: null}` or null — never the password
 * hash. Input: the same keys plus `plainPassword` (alias `password`) for a new password and, for BC,
 * `passwordHash`/`passwordHashType`. The content service must take `hasStoredLogin`, `contentId` and the stored
 * hash from the stored account rather than from input, and check unique login/e-mail (`RequireUniqueEmail`).
 * Validation: login required and, for new accounts, matching `UsernamePattern` (target `login`); e-mail required
 * and valid (`email`); a new account needs a password; `PasswordValueValidator` rules on a new plain password
 * (`password`). `prepareForStorage` hashes the plain password. Name: the login. Not searchable (as in Legacy).
 * Singular: a content type has at most one account field; a content type with one is a user content type
 * (`user-content.ts`).
 */
export const userAccountFieldType: FieldType<UserAccountValue> = {
  identifier: 'ezuser',
  aliases: ['ibexa_user'],
  searchable: false,
  singular: true,

  emptyValue: () => EMPTY_ACCOUNT,
  isEmpty: isEmptyAccount,
  fromHash(input) {
    if (input === null || input === undefined) return EMPTY_ACCOUNT;
    if (!isRecord(input)) throw invalidInput('a user account hash {login, email, password, ...}', input);
    return accountFrom(input);
  },
  toHash(value) {
    if (isEmptyAccount(value)) return null;
    return {
      hasStoredLogin: value.hasStoredLogin,
      contentId: value.contentId,
      login: value.login,
      email: value.email,
      passwordUpdatedAt: value.passwordUpdatedAt === null ? null : toTimestamp(value.passwordUpdatedAt),
      enabled: value.enabled,
      maxLogin: value.maxLogin,
      plainPassword: null,
    };
  },

  validate(value, definition) {
    const errors: ValidationError[] = [];
    if (isEmptyAccount(value)) return errors;
    if (value.login === '') {
      errors.push({ target: 'login', message: 'Login required' });
    } else if (!value.hasStoredLogin) {
      const pattern = loginPattern(settingOf(definition, 'UsernamePattern') ?? DEFAULT_USERNAME_PATTERN);
      if (pattern !== null && !pattern.test(value.login)) {
        errors.push({ target: 'login', message: 'Invalid login format' });
      }
    }
    if (value.email === '') {
      errors.push({ target: 'email', message: 'Email required' });
    } else if (!isValidEmail(value.email)) {
      errors.push({ target: 'email', message: `The given e-mail '${value.email}' is invalid` });
    }
    if (!value.hasStoredLogin && value.plainPassword === null && value.passwordHash === null) {
      errors.push({ target: 'password', message: 'Password required' });
    }
    if (value.plainPassword !== null) {
      errors.push(...passwordErrors(value.plainPassword, validatorParameters(definition, 'PasswordValueValidator')));
    }
    return errors;
  },

  /** @throws Error when a plain password is still set (prepareForStorage must hash it first). */
  toStorage(value) {
    if (value.plainPassword !== null) {
      throw new Error('User account has a plain password: call prepareForStorage before toStorage');
    }
    if (isEmptyAccount(value)) return null;
    return {
      hasStoredLogin: value.hasStoredLogin,
      contentId: value.contentId,
      login: value.login,
      email: value.email,
      passwordHash: value.passwordHash,
      passwordHashType: value.passwordHashType,
      passwordUpdatedAt: value.passwordUpdatedAt === null ? null : toTimestamp(value.passwordUpdatedAt),
      enabled: value.enabled,
      maxLogin: value.maxLogin,
    };
  },
  fromStorage(data) {
    if (data === null) return EMPTY_ACCOUNT;
    if (!isRecord(data) || Object.hasOwn(data, 'plainPassword') || Object.hasOwn(data, 'password')) {
      throw new FieldValueError('Invalid user account storage data');
    }
    return accountFrom(data);
  },
  getName: (value) => value.login,
  toSearchData: () => NO_SEARCH_DATA,

  /**
   * The account's server-owned data comes from the stored account: login (logins cannot change; REST `UserUpdate`
   * ignores `login`), password hash and its date. A client-sent `passwordHash` is never accepted: a new account
   * needs a password.
   */
  reconcileInput(input, stored) {
    if (!stored || stored.passwordHash === null) {
      return { ...input, hasStoredLogin: false, passwordHash: null, passwordHashType: null, passwordUpdatedAt: null };
    }
    return {
      ...input,
      hasStoredLogin: stored.hasStoredLogin,
      contentId: stored.contentId,
      login: stored.hasStoredLogin ? stored.login : input.login,
      passwordHash: stored.passwordHash,
      passwordHashType: stored.passwordHashType,
      passwordUpdatedAt: stored.passwordUpdatedAt,
    };
  },

  /**
   * Hashes a new plain password with `context.hashPassword` (a self-describing hash, so `passwordHashType`
   * becomes null), sets `passwordUpdatedAt` to `context.now()` in whole seconds (the stored column is Unix seconds,
   * as Ibexa's) — or to the previous password's date plus one second when that is not earlier, so that every
   * change gets a new date and tokens stamped with the old one are refused — clears `plainPassword` and marks the
   * login as stored.
   */
  async prepareForStorage(value, context) {
    if (isEmptyAccount(value)) return value;
    if (value.plainPassword === null) return { ...value, hasStoredLogin: true };
    const passwordHash = await context.hashPassword(value.plainPassword);
    const nowSeconds = Math.floor(context.now().getTime() / 1000);
    const previousSeconds = value.passwordUpdatedAt === null ? null : Math.floor(value.passwordUpdatedAt.getTime() / 1000);
    const seconds = previousSeconds === null ? nowSeconds : Math.max(nowSeconds, previousSeconds + 1);
    return {
      ...value,
      hasStoredLogin: true,
      passwordHash,
      passwordHashType: null,
      passwordUpdatedAt: new Date(seconds * 1000),
      plainPassword: null,
    };
  },

  defaultFieldSettings: () => ({
    PasswordTTL: null,
    PasswordTTLWarning: null,
    RequireUniqueEmail: true,
    UsernamePattern: DEFAULT_USERNAME_PATTERN,
  }),
  defaultValidatorConfiguration: () => ({
    PasswordValueValidator: {
      requireAtLeastOneUpperCaseCharacter: 1,
      requireAtLeastOneLowerCaseCharacter: 1,
      requireAtLeastOneNumericCharacter: 1,
      requireAtLeastOneNonAlphanumericCharacter: null,
      requireNewPassword: null,
      requireNotCompromisedPassword: false,
      minLength: 10,
    },
  }),
  validateFieldSettings: (settings) =>
    validateSettingsSchema(settings, {
      PasswordTTL: settingChecks.nullableInteger,
      PasswordTTLWarning: passwordTtlWarningCheck,
      RequireUniqueEmail: settingChecks.bool,
      UsernamePattern: usernamePatternCheck,
    }),
  validateValidatorConfiguration: (configuration) =>
    validateValidatorSchema(configuration, {
      PasswordValueValidator: {
        requireAtLeastOneUpperCaseCharacter: parameterChecks.flag,
        requireAtLeastOneLowerCaseCharacter: parameterChecks.flag,
        requireAtLeastOneNumericCharacter: parameterChecks.flag,
        requireAtLeastOneNonAlphanumericCharacter: parameterChecks.flag,
        requireNewPassword: parameterChecks.flag,
        requireNotCompromisedPassword: parameterChecks.flag,
        minLength: parameterChecks.nullableInteger,
      },
    }),
};
