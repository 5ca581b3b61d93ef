import { InvalidArgumentError } from '../../errors/repository-error.js';
import type { LanguageHandler } from '../../spi/language-handler.js';
import type { UserHandler } from '../../spi/user-handler.js';
import type { StateHolder } from './in-memory-state.js';

const byId = <T extends { readonly id: number }>(values: Iterable<T>): T[] => [...values].sort((a, b) => a.id - b.id);

export { createInMemoryContentTypeHandler } from './in-memory-content-type-handler.js';
export { createInMemoryRoleHandler } from './in-memory-role-handler.js';
export { createInMemorySectionHandler } from './in-memory-section-handler.js';
export { createInMemoryObjectStateHandler } from './in-memory-object-state-handler.js';

/** In-memory LanguageHandler. */
export function createInMemoryLanguageHandler(holder: StateHolder): LanguageHandler {
  return {
    loadAll: async () => byId(holder.state.languages.values()),
    load: async (id) => holder.state.languages.get(id) ?? null,
    loadByCode: async (code) => byId(holder.state.languages.values()).find((l) => l.languageCode === code) ?? null,
  };
}

/** In-memory UserHandler; logins compare case-insensitively. */
export function createInMemoryUserHandler(holder: StateHolder): UserHandler {
  const accounts = () => [...holder.state.accounts.values()];
  return {
    loadAccount: async (contentId) => holder.state.accounts.get(contentId) ?? null,
    loadAccounts: async (contentIds) =>
      [...new Set(contentIds)].flatMap((id) => holder.state.accounts.get(id) ?? []).sort((a, b) => a.contentId - b.contentId),
    loadAccountByLogin: async (login) => accounts().find((a) => a.login.toLowerCase() === login.toLowerCase()) ?? null,
    loadAccountsByEmail: async (email) => accounts().filter((a) => a.email.toLowerCase() === email.toLowerCase()),
    async upsertAccount(account) {
      const taken = accounts().find((a) => a.login.toLowerCase() === account.login.toLowerCase() && a.contentId !== account.contentId);
      if (taken) throw new InvalidArgumentError('login', `User with provided login '${account.login}' already exists`);
      holder.state.accounts.set(account.contentId, { ...account });
    },
    deleteAccount: async (contentId) => {
      holder.state.accounts.delete(contentId);
    },
  };
}
