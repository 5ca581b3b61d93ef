import { describe, expect, it } from '@jest/globals';
import { userAccountFieldType } from './index.js';
import { isUserAccountValue, isUserContentType, userAccountDefinition } from './user-content.js';

const name = { identifier: 'name', fieldTypeIdentifier: 'ezstring' };
const account = { identifier: 'user_account', fieldTypeIdentifier: 'ezuser' };

describe('user content (a content type with a user account field)', () => {
  it('finds the account field definition of user content types only', () => {
    expect(userAccountDefinition([name, account])).toBe(account);
    expect(userAccountDefinition([name])).toBeUndefined();
    expect(isUserContentType({ fieldDefinitions: [name, account] })).toBe(true);
    expect(isUserContentType({ fieldDefinitions: [name] })).toBe(false);
  });

  it('recognises account values as the account type decodes them', () => {
    const value = userAccountFieldType.fromHash({ login: 'ann', email: 'ann@example.com', password: 'Secret-123456' });
    expect(isUserAccountValue(value)).toBe(true);
    expect(isUserAccountValue(userAccountFieldType.emptyValue())).toBe(true);
    expect(isUserAccountValue({ login: 'ann', email: 'ann@example.com' })).toBe(false);
    expect(isUserAccountValue('ann')).toBe(false);
  });
});
