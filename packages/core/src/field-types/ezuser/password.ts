import type { ValidationError } from '../../errors/repository-error.js';
import { flagParameter, numberParameter, type HashMap } from '../shared/settings.js';

/**
 * Ibexa's `PasswordValueValidator` rules (Ibexa `UserPasswordValidator`), applied to a new plain password with
 * the configured parameters; an unconfigured validator applies no rule. Checked in this order: minimum length
 * (characters), lower case (`\p{Ll}`), upper case (`\p{Lu}`), digit (`\p{N}`), special character (not a
 * letter or digit). `requireNewPassword` and `requireNotCompromisedPassword` need the old hash or an external
 * breach service and are not checked here. Target of every error: `password`.
 */
export function passwordErrors(password: string, parameters: HashMap | null): ValidationError[] {
  if (parameters === null) return [];
  const errors: string[] = [];
  const minLength = numberParameter(parameters, 'minLength');
  if (minLength !== null && minLength > 0 && Array.from(password).length < minLength) {
    errors.push(`User password must be at least ${minLength} characters long`);
  }
  if (flagParameter(parameters, 'requireAtLeastOneLowerCaseCharacter') && !/\p{Ll}/u.test(password)) {
    errors.push('User password must include at least one lower case letter');
  }
  if (flagParameter(parameters, 'requireAtLeastOneUpperCaseCharacter') && !/\p{Lu}/u.test(password)) {
    errors.push('User password must include at least one upper case letter');
  }
  if (flagParameter(parameters, 'requireAtLeastOneNumericCharacter') && !/\p{N}/u.test(password)) {
    errors.push('User password must include at least one number');
  }
  if (flagParameter(parameters, 'requireAtLeastOneNonAlphanumericCharacter') && !/[^\p{L}\p{N}]/u.test(password)) {
    errors.push('User password must include at least one special character');
  }
  return errors.map((message) => ({ target: 'password', message }));
}
