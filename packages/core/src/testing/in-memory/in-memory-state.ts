import type { ContentInfo, PendingLocation, Relation, VersionInfo } from '../../api/values/content.js';
import type { ContentTypeGroup } from '../../api/values/content-type.js';
import type { Language } from '../../api/values/language.js';
import type { LocationRecord } from '../../api/values/location.js';
import type { ObjectState, ObjectStateGroup } from '../../api/values/object-state.js';
import type { Role, RoleAssignment, RoleDraft } from '../../api/values/role.js';
import type { Section } from '../../api/values/section.js';
import type { StoredField } from '../../spi/content-handler.js';
import type { StoredContentType } from '../../spi/content-type-handler.js';
import type { Session } from '../../spi/ports.js';
import type { ContentIndexDocument } from '../../spi/search-handler.js';
import type { UserAccount } from '../../spi/user-handler.js';
import { emptyManagementState, type ManagementState } from './in-memory-management-state.js';

/** Id sequences of the in-memory store. */
export type Sequence =
  | 'content' | 'version' | 'field' | 'location' | 'relation' | 'contentType' | 'contentTypeGroup' | 'fieldDefinition' | 'role' | 'policy' | 'assignment';

/** All data of an in-memory repository. Plain structured-cloneable data, so transactions can snapshot it. */
export interface InMemoryState {
  next: Record<Sequence, number>;
  languages: Map<number, Language>;
  sections: Map<number, Section>;
  contentTypeGroups: Map<number, ContentTypeGroup>;
  /** Published (DEFINED) types. */
  contentTypes: Map<number, StoredContentType>;
  /** Type drafts, sharing the id of their published type (if any). */
  contentTypeDrafts: Map<number, StoredContentType>;
  contents: Map<number, ContentInfo>;
  /** Key `<contentId>/<versionNo>`. */
  versions: Map<string, VersionInfo>;
  /** Key `<contentId>/<versionNo>`. */
  fields: Map<string, StoredField[]>;
  relations: Relation[];
  pendingLocations: Map<number, PendingLocation[]>;
  locations: Map<number, LocationRecord>;
  accounts: Map<number, UserAccount>;
  roles: Map<number, Role>;
  /** Role drafts by their own id (ids from the `role` sequence). */
  roleDrafts: Map<number, RoleDraft>;
  assignments: RoleAssignment[];
  stateGroups: Map<number, ObjectStateGroup>;
  states: Map<number, ObjectState>;
  contentStates: Map<number, number[]>;
  index: Map<number, ContentIndexDocument>;
  sessions: Map<string, Session>;
  /** Trash, URL aliases and wildcards, bookmarks, section and object state sequences. */
  management: ManagementState;
  /** Revision of each locked aggregate, key `<kind>:<id>` (see `PersistenceHandler.lock`). */
  revisions: Map<string, number>;
}

/** An empty store. */
export function emptyState(): InMemoryState {
  return {
    next: {
      content: 1, version: 1, field: 1, location: 1, relation: 1, contentType: 1, contentTypeGroup: 1, fieldDefinition: 1, role: 1, policy: 1, assignment: 1,
    },
    languages: new Map(),
    sections: new Map(),
    contentTypeGroups: new Map(),
    contentTypes: new Map(),
    contentTypeDrafts: new Map(),
    contents: new Map(),
    versions: new Map(),
    fields: new Map(),
    relations: [],
    pendingLocations: new Map(),
    locations: new Map(),
    accounts: new Map(),
    roles: new Map(),
    roleDrafts: new Map(),
    assignments: [],
    stateGroups: new Map(),
    states: new Map(),
    contentStates: new Map(),
    index: new Map(),
    sessions: new Map(),
    management: emptyManagementState(),
    revisions: new Map(),
  };
}

/** Mutable holder: a rolled-back transaction swaps the state back to its snapshot. */
export interface StateHolder {
  state: InMemoryState;
}

/** Next id of a sequence. */
export function nextId(state: InMemoryState, sequence: Sequence): number {
  const id = state.next[sequence];
  state.next[sequence] = id + 1;
  return id;
}

/** Moves a sequence past `id`. */
export function bumpSequence(state: InMemoryState, sequence: Sequence, id: number): void {
  state.next[sequence] = Math.max(state.next[sequence], id + 1);
}

export const versionKey = (contentId: number, versionNo: number): string => `${contentId}/${versionNo}`;

export { ROOT_CONTENT_INFO } from '../../domain/tree/root.js';
