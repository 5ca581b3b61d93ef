import type { ServiceContext } from '../service-context.js';

/**
 * The domain events core records, by name, with the payload each carries (ids only: a reader loads what it
 * needs with its own permissions). The README's "Events" section lists when each is recorded; the names follow
 * Ibexa's service events (`PublishVersionEvent` → `content.published`, `MoveSubtreeEvent` → `location.moved`…).
 */
export interface DomainEventPayloads {
  /** A version was published (also by create-and-publish); `languageCodes` are the published version's. */
  'content.published': { contentId: number; versionNo: number; languageCodes: readonly string[] };
  /** An item was deleted with all its versions and locations. */
  'content.deleted': { contentId: number };
  /** An item was copied (`contentId` is the copy's id), with one version or all of them. */
  'content.copied': { contentId: number; sourceContentId: number };
  /** An item's metadata changed (owner, dates, main language, remote id, always-available, main location). */
  'content.metadata_updated': { contentId: number };
  /** An item was hidden or revealed (Ibexa `hideContent` / `revealContent`). */
  'content.hidden': { contentId: number };
  'content.revealed': { contentId: number };
  /** A translation was removed from every version of an item. */
  'content.translation_deleted': { contentId: number; languageCode: string };
  /** An item's section changed (`sectionId` is the new one). */
  'content.section_assigned': { contentId: number; sectionId: number };
  /** A draft was created: a new item's first version, or a draft of an existing item. */
  'version.created': { contentId: number; versionNo: number };
  /** A version (draft or archived) was deleted. */
  'version.deleted': { contentId: number; versionNo: number };
  /** A location was created for an existing item. */
  'location.created': { locationId: number; contentId: number; parentLocationId: number };
  /** A location's priority, sort order or remote id changed. */
  'location.updated': { locationId: number };
  /** A subtree was copied below another location (`newLocationId`: the copy's root). */
  'location.subtree_copied': { locationId: number; newLocationId: number };
  /** A subtree was moved. */
  'location.moved': { locationId: number; oldParentLocationId: number; newParentLocationId: number };
  /** A location was hidden or unhidden explicitly. */
  'location.hidden': { locationId: number };
  'location.unhidden': { locationId: number };
  /** Two locations exchanged their items. */
  'location.swapped': { locationId1: number; locationId2: number };
  /** A subtree (or a single location) was removed without going to the trash. */
  'location.deleted': { locationId: number; contentId: number };
  /** A location (with its subtree) went to the trash. */
  'location.trashed': { locationId: number; contentId: number };
  /** A trashed location was restored with its subtree (it keeps its id, the trash item's). */
  'location.restored': { locationId: number; contentId: number; parentLocationId: number };
  /** A content type draft was published (also a type created and published at once). */
  'content_type.published': { contentTypeId: number };
  /** A content type was deleted. */
  'content_type.deleted': { contentTypeId: number };
  /** A user was created (`userId` is its content id). */
  'user.created': { userId: number };
  /** A user's account (login, email, password, enabled) was changed. */
  'user.updated': { userId: number };
  /** A user was deleted. */
  'user.deleted': { userId: number };
  /** A user was put into a group (a new location below the group's; also `location.created`). */
  'user.assigned_to_group': { userId: number; userGroupId: number };
  /** A user was taken out of a group (its location there deleted; also `location.deleted`). */
  'user.unassigned_from_group': { userId: number; userGroupId: number };
  /** A section was created, changed (identifier or name) or deleted. */
  'section.created': { sectionId: number };
  'section.updated': { sectionId: number };
  'section.deleted': { sectionId: number };
  /** A language was created, changed (renamed, enabled or disabled) or deleted. */
  'language.created': { languageId: number; languageCode: string };
  'language.updated': { languageId: number; languageCode: string };
  'language.deleted': { languageId: number; languageCode: string };
  /** A role draft was published as a new role (also create-and-publish); `roleId` is the new role's id. */
  'role.created': { roleId: number };
  /** A published role was replaced by a draft of it (identifier or policies changed, also the REST shortcuts). */
  'role.updated': { roleId: number };
  /** A published role was deleted (with its policies and assignments). */
  'role.deleted': { roleId: number };
  /** A role was assigned to a user or a group (`assignmentId`: the new assignment). */
  'role.assigned': RoleAssignmentPayload;
  /** A role assignment was removed. */
  'role.unassigned': RoleAssignmentPayload;
  /** An object state group was created, changed or deleted (with its states). */
  'object_state_group.created': { objectStateGroupId: number };
  'object_state_group.updated': { objectStateGroupId: number };
  'object_state_group.deleted': { objectStateGroupId: number };
  /** An object state was created, changed (also its priority) or deleted. */
  'object_state.created': { objectStateId: number; objectStateGroupId: number };
  'object_state.updated': { objectStateId: number; objectStateGroupId: number };
  'object_state.deleted': { objectStateId: number; objectStateGroupId: number };
  /** An item was set to a state (one event per group given, whether or not the state changed). */
  'object_state.assigned': { contentId: number; objectStateGroupId: number; objectStateId: number };
}

/** The payload of `role.assigned` / `role.unassigned`: the subject under `userId` or `userGroupId` (content ids). */
export type RoleAssignmentPayload =
  | { roleId: number; userId: number; assignmentId: number }
  | { roleId: number; userGroupId: number; assignmentId: number };

/** The name of an event core records. */
export type DomainEventType = keyof DomainEventPayloads;

/** One event to record: its name and payload. */
export type DomainEventOf<T extends DomainEventType = DomainEventType> = { readonly [K in T]: { readonly type: K; readonly payload: DomainEventPayloads[K] } }[T];

/**
 * Records `events` in the outbox of the transaction `tx` runs in (`PersistenceHandler.events`), caused by the
 * acting user (`tx.userId`). Called by service operations after their writes, inside their transaction: the
 * events commit or roll back with them.
 */
export function recordEvents(tx: ServiceContext, events: readonly DomainEventOf[]): Promise<void> {
  if (events.length === 0) return Promise.resolve();
  return tx.persistence.events.record(events.map(({ type, payload }) => ({ type, payload, userId: tx.userId })));
}

/** {@link recordEvents} with one event. */
export function recordEvent<T extends DomainEventType>(tx: ServiceContext, type: T, payload: DomainEventPayloads[T]): Promise<void> {
  return tx.persistence.events.record([{ type, payload, userId: tx.userId }]);
}
