import type { ObjectState, ObjectStateGroup } from '../api/values/object-state.js';

/** Object state groups, states and the state of each content item per group (Ibexa `ObjectState\Handler`). */
export interface ObjectStateHandler {
  loadGroups(): Promise<readonly ObjectStateGroup[]>;
  loadStates(groupId: number): Promise<readonly ObjectState[]>;
  /** State ids of a content item, one per group. */
  loadContentStateIds(contentId: number): Promise<readonly number[]>;
  /** Links a content item to the given states (replacing its state in each of their groups). */
  setContentStates(contentId: number, stateIds: readonly number[]): Promise<void>;
}
