import type { ObjectState, ObjectStateGroup } from '../api/values/object-state.js';

/**
 * Object state groups, states and the state of each content item per group (Ibexa `ObjectState\Handler`).
 * Groups are ordered by id, states by priority then id. No permission or rule checks; loads return null for
 * unknown ids. Errors: InvalidArgumentError when a group identifier, or a state identifier within its group, is
 * taken.
 */
export interface ObjectStateHandler {
  loadGroups(): Promise<readonly ObjectStateGroup[]>;
  loadGroup(groupId: number): Promise<ObjectStateGroup | null>;
  loadStates(groupId: number): Promise<readonly ObjectState[]>;
  loadState(stateId: number): Promise<ObjectState | null>;
  /** State ids of a content item, one per group. */
  loadContentStateIds(contentId: number): Promise<readonly number[]>;
  /** Links a content item to the given states (replacing its state in each of their groups). */
  setContentStates(contentId: number, stateIds: readonly number[]): Promise<void>;
  createGroup(group: Omit<ObjectStateGroup, 'id'>): Promise<ObjectStateGroup>;
  /** Replaces a group's columns. */
  updateGroup(group: ObjectStateGroup): Promise<ObjectStateGroup>;
  /** Deletes a group with its states and the content links to them. */
  deleteGroup(groupId: number): Promise<void>;
  createState(state: Omit<ObjectState, 'id'>): Promise<ObjectState>;
  /** Replaces a state's columns (not its group). */
  updateState(state: ObjectState): Promise<ObjectState>;
  /** Deletes a state; the content linked to it is linked to `replacementStateId` instead (or unlinked when null). */
  deleteState(stateId: number, replacementStateId: number | null): Promise<void>;
  /** Links every content item (any status) to `stateId` in its group, set-based (a group's first state). */
  assignStateToAllContent(stateId: number): Promise<void>;
  /** Number of content items linked to the state. */
  countContentInState(stateId: number): Promise<number>;
}
