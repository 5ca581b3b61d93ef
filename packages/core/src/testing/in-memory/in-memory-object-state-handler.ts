import type { ObjectState, ObjectStateGroup } from '../../api/values/object-state.js';
import { InvalidArgumentError } from '../../errors/repository-error.js';
import type { ObjectStateHandler } from '../../spi/object-state-handler.js';
import { nextManagementId } from './in-memory-management-state.js';
import type { InMemoryState, StateHolder } from './in-memory-state.js';

/** In-memory ObjectStateHandler: one state per group and content item in `contentStates`. */
export function createInMemoryObjectStateHandler(holder: StateHolder): ObjectStateHandler {
  const s = (): InMemoryState => holder.state;
  const groups = (): ObjectStateGroup[] => [...s().stateGroups.values()].sort((a, b) => a.id - b.id);
  const statesOf = (groupId: number): ObjectState[] =>
    [...s().states.values()].filter((state) => state.groupId === groupId).sort((a, b) => a.priority - b.priority || a.id - b.id);
  const assertGroupIdentifierFree = (identifier: string, groupId: number | null): void => {
    if (groups().some((group) => group.identifier === identifier && group.id !== groupId)) {
      throw new InvalidArgumentError('$objectStateGroupCreateStruct', `Object state group with identifier '${identifier}' already exists`);
    }
  };
  const assertStateIdentifierFree = (groupId: number, identifier: string, stateId: number | null): void => {
    if (statesOf(groupId).some((state) => state.identifier === identifier && state.id !== stateId)) {
      throw new InvalidArgumentError('$objectStateCreateStruct', `Object state with identifier '${identifier}' already exists in the group`);
    }
  };
  const groupOf = (stateId: number): number | undefined => s().states.get(stateId)?.groupId;
  /** Replaces (or removes, for null) the state of every content item that is in `stateId`. */
  const relink = (stateId: number, replacement: number | null): void => {
    for (const [contentId, stateIds] of s().contentStates) {
      if (!stateIds.includes(stateId)) continue;
      const kept = stateIds.filter((id) => id !== stateId);
      s().contentStates.set(contentId, replacement === null ? kept : [...kept, replacement]);
    }
  };

  return {
    loadGroups: async () => groups(),
    loadGroup: async (groupId) => s().stateGroups.get(groupId) ?? null,
    loadStates: async (groupId) => statesOf(groupId),
    loadState: async (stateId) => s().states.get(stateId) ?? null,
    loadContentStateIds: async (contentId) => [...(s().contentStates.get(contentId) ?? [])].sort((a, b) => (groupOf(a) ?? 0) - (groupOf(b) ?? 0)),
    async setContentStates(contentId, stateIds) {
      const replaced = new Set(stateIds.map(groupOf));
      const kept = (s().contentStates.get(contentId) ?? []).filter((id) => !replaced.has(groupOf(id)));
      s().contentStates.set(contentId, [...kept, ...stateIds.filter((id) => s().states.has(id))]);
    },
    async createGroup(group) {
      assertGroupIdentifierFree(group.identifier, null);
      const created: ObjectStateGroup = { id: nextManagementId(s().management, 'stateGroup', s().stateGroups.keys()), ...group };
      s().stateGroups.set(created.id, created);
      return created;
    },
    async updateGroup(group) {
      assertGroupIdentifierFree(group.identifier, group.id);
      s().stateGroups.set(group.id, group);
      return group;
    },
    async deleteGroup(groupId) {
      for (const state of statesOf(groupId)) {
        relink(state.id, null);
        s().states.delete(state.id);
      }
      s().stateGroups.delete(groupId);
    },
    async createState(state) {
      assertStateIdentifierFree(state.groupId, state.identifier, null);
      const created: ObjectState = { id: nextManagementId(s().management, 'state', s().states.keys()), ...state };
      s().states.set(created.id, created);
      return created;
    },
    async updateState(state) {
      assertStateIdentifierFree(state.groupId, state.identifier, state.id);
      s().states.set(state.id, state);
      return state;
    },
    async deleteState(stateId, replacementStateId) {
      relink(stateId, replacementStateId);
      s().states.delete(stateId);
    },
    async assignStateToAllContent(stateId) {
      const groupId = groupOf(stateId);
      for (const contentId of s().contents.keys()) {
        const kept = (s().contentStates.get(contentId) ?? []).filter((id) => groupOf(id) !== groupId);
        s().contentStates.set(contentId, [...kept, stateId]);
      }
    },
    countContentInState: async (stateId) => [...s().contentStates.values()].filter((stateIds) => stateIds.includes(stateId)).length,
  };
}
