import { isRecord } from '../shared/decode.js';
import { userAccountFieldType, type UserAccountValue } from './index.js';

/**
 * What makes content a user, as in Ibexa: a content type is a user content type when it has a field definition of
 * the user account type (`ezuser`, singular: at most one), and the account of its items is that field's value. The
 * user and content services read the account through these helpers rather than naming the type.
 */

/** The user account field definition among `definitions` (at most one), or undefined for types of non-users. */
export function userAccountDefinition<D extends { readonly fieldTypeIdentifier: string }>(definitions: readonly D[]): D | undefined {
  return definitions.find((definition) => definition.fieldTypeIdentifier === userAccountFieldType.identifier);
}

/** Whether items of a content type with these field definitions are users (it has a user account field). */
export function isUserContentType(contentType: { readonly fieldDefinitions: readonly { readonly fieldTypeIdentifier: string }[] }): boolean {
  return userAccountDefinition(contentType.fieldDefinitions) !== undefined;
}

/** Whether a field value (opaque to the generic plumbing) is a user account value, as the account type decodes it. */
export function isUserAccountValue(value: unknown): value is UserAccountValue {
  if (!isRecord(value)) return false;
  const nullableString = (key: string): boolean => value[key] === null || typeof value[key] === 'string';
  const updatedAt = value['passwordUpdatedAt'];
  const contentId = value['contentId'];
  return (
    typeof value['hasStoredLogin'] === 'boolean' &&
    (contentId === null || typeof contentId === 'number') &&
    typeof value['login'] === 'string' &&
    typeof value['email'] === 'string' &&
    nullableString('passwordHash') &&
    nullableString('passwordHashType') &&
    (updatedAt === null || updatedAt instanceof Date) &&
    typeof value['enabled'] === 'boolean' &&
    typeof value['maxLogin'] === 'number' &&
    nullableString('plainPassword')
  );
}
