import { isArgMap } from '../schema/args.js';
import { hashRecord, hashString } from '../schema/hash.js';
import type { FieldTypeMapper } from './field-type-mapper.js';

/**
 * User account (`ezuser`): the account's login as a `String` (Ibexa gives the field id), set from a
 * `UserAccountFieldInput` whose `password` becomes core's `plainPassword` (hashed by core before storage).
 */
export const userAccountMapper: FieldTypeMapper = {
  fieldTypeIdentifier: 'ezuser',
  valueType: 'String',
  definitionType: 'FieldDefinition',
  inputType: 'UserAccountFieldInput',
  resolve: ({ hash }) => hashString(hashRecord(hash), 'login'),
  toInput: (input) => {
    if (!isArgMap(input)) return input;
    const { password, ...account } = input;
    return password === undefined || password === null ? account : { ...account, plainPassword: password };
  },
};
