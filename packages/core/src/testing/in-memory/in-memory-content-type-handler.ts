import type { ContentTypeGroup } from '../../api/values/content-type.js';
import type { ContentTypeHandler, StoredContentType, StoredFieldDefinition } from '../../spi/content-type-handler.js';
import { deepCopy } from './in-memory-clone.js';
import { nextId, type InMemoryState, type StateHolder } from './in-memory-state.js';

const byId = <T extends { readonly id: number }>(values: Iterable<T>): T[] => [...values].sort((a, b) => a.id - b.id);
const byPosition = (definitions: readonly StoredFieldDefinition[]): StoredFieldDefinition[] =>
  [...definitions].sort((a, b) => a.position - b.position || a.id - b.id);

/**
 * In-memory ContentTypeHandler (reference behaviour of the SPI docstrings): published types in
 * `state.contentTypes`, drafts in `state.contentTypeDrafts` under the same id.
 */
export function createInMemoryContentTypeHandler(holder: StateHolder): ContentTypeHandler {
  const s = (): InMemoryState => holder.state;
  const published = (): StoredContentType[] => byId(s().contentTypes.values());
  const draftOrFail = (id: number): StoredContentType => {
    const draft = s().contentTypeDrafts.get(id);
    if (!draft) throw new Error(`Content type ${id} has no draft`);
    return draft;
  };
  const setDraft = (type: StoredContentType): StoredContentType => {
    const sorted = { ...type, fieldDefinitions: byPosition(type.fieldDefinitions) };
    s().contentTypeDrafts.set(type.id, sorted);
    return sorted;
  };
  const definedOrFail = (id: number): StoredContentType => {
    const type = s().contentTypes.get(id);
    if (!type) throw new Error(`Content type ${id} is not published`);
    return type;
  };

  return {
    loadGroups: async () => byId(s().contentTypeGroups.values()),
    loadGroup: async (id) => s().contentTypeGroups.get(id) ?? null,
    loadGroupByIdentifier: async (identifier) => byId(s().contentTypeGroups.values()).find((g) => g.identifier === identifier) ?? null,
    loadContentTypes: async (groupId) => published().filter((type) => groupId === undefined || type.groupIds.includes(groupId)),
    load: async (id) => s().contentTypes.get(id) ?? null,
    loadByIdentifier: async (identifier) => published().find((type) => type.identifier === identifier) ?? null,
    loadByRemoteId: async (remoteId) => published().find((type) => type.remoteId === remoteId) ?? null,

    async createGroup(group) {
      const created: ContentTypeGroup = { ...group, id: nextId(s(), 'contentTypeGroup') };
      s().contentTypeGroups.set(created.id, created);
      return created;
    },
    async updateGroup(group) {
      s().contentTypeGroups.set(group.id, { ...group });
      return group;
    },
    async deleteGroup(groupId) {
      s().contentTypeGroups.delete(groupId);
    },
    countTypesInGroup: async (groupId) =>
      [...s().contentTypes.values(), ...s().contentTypeDrafts.values()].filter((type) => type.groupIds.includes(groupId)).length,
    findTypeIds: async (key, value) => [
      ...new Set([...s().contentTypes.values(), ...s().contentTypeDrafts.values()].filter((type) => type[key] === value).map((type) => type.id)),
    ].sort((a, b) => a - b),
    loadDraft: async (id) => s().contentTypeDrafts.get(id) ?? null,
    async createDraft(type) {
      const id = nextId(s(), 'contentType');
      return setDraft({
        ...type,
        id,
        status: 'DRAFT',
        groupIds: [...type.groupIds].sort((a, b) => a - b),
        fieldDefinitions: type.fieldDefinitions.map((definition) => ({ ...definition, id: nextId(s(), 'fieldDefinition') })),
      });
    },
    async createDraftFromDefined(id, change) {
      return setDraft({ ...deepCopy(definedOrFail(id)), status: 'DRAFT', ...change });
    },
    async updateDraft(id, patch) {
      const draft = draftOrFail(id);
      return setDraft({ ...draft, ...patch, id, status: 'DRAFT', groupIds: draft.groupIds, fieldDefinitions: draft.fieldDefinitions });
    },
    async addFieldDefinition(id, definition) {
      const draft = draftOrFail(id);
      const added: StoredFieldDefinition = { ...definition, id: nextId(s(), 'fieldDefinition') };
      setDraft({ ...draft, fieldDefinitions: [...draft.fieldDefinitions, added] });
      return added;
    },
    async updateFieldDefinition(id, definition) {
      const draft = draftOrFail(id);
      setDraft({ ...draft, fieldDefinitions: draft.fieldDefinitions.map((existing) => (existing.id === definition.id ? definition : existing)) });
    },
    async removeFieldDefinition(id, fieldDefinitionId) {
      const draft = draftOrFail(id);
      setDraft({ ...draft, fieldDefinitions: draft.fieldDefinitions.filter((definition) => definition.id !== fieldDefinitionId) });
    },
    async publishDraft(id) {
      const draft = draftOrFail(id);
      const previous = s().contentTypes.get(id);
      const type: StoredContentType = { ...draft, status: 'DEFINED', groupIds: previous ? previous.groupIds : draft.groupIds };
      s().contentTypes.set(id, type);
      s().contentTypeDrafts.delete(id);
      return type;
    },
    async deleteDraft(id) {
      s().contentTypeDrafts.delete(id);
    },
    async deleteContentType(id) {
      s().contentTypes.delete(id);
      s().contentTypeDrafts.delete(id);
    },
    async linkGroup(id, groupId) {
      const type = definedOrFail(id);
      if (!type.groupIds.includes(groupId)) s().contentTypes.set(id, { ...type, groupIds: [...type.groupIds, groupId].sort((a, b) => a - b) });
    },
    async unlinkGroup(id, groupId) {
      const type = definedOrFail(id);
      s().contentTypes.set(id, { ...type, groupIds: type.groupIds.filter((candidate) => candidate !== groupId) });
    },
    countContent: async (id) => [...s().contents.values()].filter((content) => content.contentTypeId === id).length,
  };
}
