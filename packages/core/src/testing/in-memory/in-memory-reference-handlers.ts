import { InvalidArgumentError } from '../../errors/repository-error.js';
import { nextLanguageId, type LanguageHandler } from '../../spi/language-handler.js';
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
    async create(language) {
      const { languages } = holder.state;
      if ([...languages.values()].some((other) => other.languageCode === language.languageCode)) {
        throw new InvalidArgumentError('languageCreateStruct', `language with the "${language.languageCode}" language code already exists`);
      }
      const created = { ...language, id: nextLanguageId(Math.max(0, ...languages.keys())) };
      languages.set(created.id, created);
      return created;
    },
    async update(language) {
      const stored = holder.state.languages.get(language.id);
      if (!stored) return language;
      const updated = { ...stored, name: language.name, enabled: language.enabled };
      holder.state.languages.set(language.id, updated);
      return updated;
    },
    delete: async (id) => {
      holder.state.languages.delete(id);
    },
    isUsed: async (code) => languageIsUsed(holder, code),
  };
}

/** Whether anything in the store refers to the language (see `LanguageHandler.isUsed`). */
function languageIsUsed(holder: StateHolder, code: string): boolean {
  const { state } = holder;
  const has = (codes: readonly string[]): boolean => codes.includes(code);
  return (
    [...state.contents.values()].some((info) => info.mainLanguageCode === code) ||
    [...state.versions.values()].some((version) => version.initialLanguageCode === code || has(version.languageCodes)) ||
    [...state.fields.values()].some((fields) => fields.some((field) => field.languageCode === code)) ||
    [...state.contentTypes.values(), ...state.contentTypeDrafts.values()].some((type) => type.mainLanguageCode === code) ||
    [...state.stateGroups.values(), ...state.states.values()].some((value) => value.defaultLanguageCode === code || has(value.languageCodes)) ||
    [...state.management.urlAliases.values()].some((alias) => has(alias.languageCodes))
  );
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
