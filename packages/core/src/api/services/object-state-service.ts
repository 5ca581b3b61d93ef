import type {
  ObjectStateCreateStruct,
  ObjectStateGroupCreateStruct,
  ObjectStateGroupUpdateStruct,
  ObjectStateUpdateStruct,
} from '../structs/repository-structs.js';
import type { ObjectState, ObjectStateGroup } from '../values/object-state.js';

/**
 * Object state groups, their states and the state of each content item per group (Ibexa `ObjectStateService`; REST
 * `/content/objectstategroups`, `/content/objects/{id}/objectstates`). Every content item is in exactly one state of
 * each group that has states; the state with the lowest priority is the default (new content, content of a new group's
 * first state, content of a deleted state). Writes need `state/administrate`; setting a content's state needs
 * `state/assign` (NewState limitation). Reads need no permission.
 *
 * Errors: NotFoundError; UnauthorizedError; InvalidArgumentError (duplicate identifier, state of another group,
 * missing default-language name — REST 403 on create/update).
 */
export interface ObjectStateService {
  loadObjectStateGroups(): Promise<readonly ObjectStateGroup[]>;
  loadObjectStateGroup(groupId: number): Promise<ObjectStateGroup>;
  /** States of a group by priority, then id. */
  loadObjectStates(groupId: number): Promise<readonly ObjectState[]>;
  loadObjectState(stateId: number): Promise<ObjectState>;
  createObjectStateGroup(struct: ObjectStateGroupCreateStruct): Promise<ObjectStateGroup>;
  updateObjectStateGroup(groupId: number, struct: ObjectStateGroupUpdateStruct): Promise<ObjectStateGroup>;
  /** Deletes a group with its states; content loses its state in that group. */
  deleteObjectStateGroup(groupId: number): Promise<void>;
  /** Adds a state; the first state of a group is given to every content item. */
  createObjectState(groupId: number, struct: ObjectStateCreateStruct): Promise<ObjectState>;
  updateObjectState(stateId: number, struct: ObjectStateUpdateStruct): Promise<ObjectState>;
  /** Sets a state's priority (the lowest is the group's default). */
  setPriorityOfObjectState(stateId: number, priority: number): Promise<ObjectState>;
  /** Deletes a state; content in it moves to the group's (new) default state. */
  deleteObjectState(stateId: number): Promise<void>;
  /**
   * Puts a content item in `stateId` of `groupId`. `state/assign` with the state as NewState.
   * @throws InvalidArgumentError when the state is not of the group.
   */
  setContentState(contentId: number, groupId: number, stateId: number): Promise<void>;
  /**
   * Puts a content item in several states at once, all checked before any is written (one transaction; not an
   * Ibexa method: REST's `PATCH /content/objects/{id}/objectstates` sets a list). `content/read` on the item and
   * `state/assign` for each state.
   * @throws InvalidArgumentError when a state is not of its group or two states share a group.
   */
  setContentStates(contentId: number, states: readonly { readonly groupId: number; readonly stateId: number }[]): Promise<void>;
  /** The state of a content item in a group. @throws NotFoundError when the group has no states. */
  getContentState(contentId: number, groupId: number): Promise<ObjectState>;
  /** Number of content items in a state. */
  getContentCount(stateId: number): Promise<number>;
}
