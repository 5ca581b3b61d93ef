import { InvalidArgumentError } from '../../errors/repository-error.js';
import type { ContentTypeHandler } from '../../spi/content-type-handler.js';
import type { LanguageHandler } from '../../spi/language-handler.js';
import type { ObjectStateHandler } from '../../spi/object-state-handler.js';
import type { RoleHandler } from '../../spi/role-handler.js';
import type { SectionHandler } from '../../spi/section-handler.js';
import type { UserHandler } from '../../spi/user-handler.js';
import type { InMemoryState, StateHolder } from './state.js';

const byId = <T extends { readonly id: number }>(values: Iterable<T>): T[] => [...values].sort((a, b) => a.id - b.id);

/** In-memory ContentTypeHandler (published types only). */
export function createInMemoryContentTypeHandler(holder: StateHolder): ContentTypeHandler {
  const s = (): InMemoryState => holder.state;
  const published = () => byId(s().contentTypes.values()).filter((type) => type.status === 'DEFINED');
  return {
    loadGroups: async () => byId(s().contentTypeGroups.values()),
    loadGroup: async (id) => s().contentTypeGroups.get(id) ?? null,
    loadGroupByIdentifier: async (identifier) => byId(s().contentTypeGroups.values()).find((g) => g.identifier === identifier) ?? null,
    loadContentTypes: async (groupId) => published().filter((type) => groupId === undefined || type.groupIds.includes(groupId)),
    load: async (id) => published().find((type) => type.id === id) ?? null,
    loadByIdentifier: async (identifier) => published().find((type) => type.identifier === identifier) ?? null,
    loadByRemoteId: async (remoteId) => published().find((type) => type.remoteId === remoteId) ?? null,
  };
}

/** In-memory SectionHandler. */
export function createInMemorySectionHandler(holder: StateHolder): SectionHandler {
  return {
    loadAll: async () => byId(holder.state.sections.values()),
    load: async (id) => holder.state.sections.get(id) ?? null,
    loadByIdentifier: async (identifier) => byId(holder.state.sections.values()).find((s) => s.identifier === identifier) ?? null,
  };
}

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

/** In-memory RoleHandler (published roles). */
export function createInMemoryRoleHandler(holder: StateHolder): RoleHandler {
  const published = () => byId(holder.state.roles.values()).filter((role) => role.status === 'DEFINED');
  return {
    loadRole: async (id) => holder.state.roles.get(id) ?? null,
    loadRoles: async () => published(),
    loadRolesByIds: async (ids) => published().filter((role) => ids.includes(role.id)),
    loadAssignmentsBySubjects: async (subjectIds) =>
      holder.state.assignments.filter((a) => subjectIds.includes(a.subjectId)).sort((a, b) => a.id - b.id),
  };
}

/** In-memory ObjectStateHandler. */
export function createInMemoryObjectStateHandler(holder: StateHolder): ObjectStateHandler {
  const s = (): InMemoryState => holder.state;
  return {
    loadGroups: async () => byId(s().stateGroups.values()),
    loadStates: async (groupId) =>
      byId(s().states.values()).filter((state) => state.groupId === groupId).sort((a, b) => a.priority - b.priority),
    loadContentStateIds: async (contentId) => [...(s().contentStates.get(contentId) ?? [])].sort((a, b) => a - b),
    async setContentStates(contentId, stateIds) {
      const groupsOf = new Map([...s().states.values()].map((state) => [state.id, state.groupId]));
      const replaced = new Set(stateIds.map((id) => groupsOf.get(id)));
      const kept = (s().contentStates.get(contentId) ?? []).filter((id) => !replaced.has(groupsOf.get(id)));
      s().contentStates.set(contentId, [...kept, ...stateIds]);
    },
  };
}
