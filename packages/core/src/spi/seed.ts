import type { ContentInfo, Relation, VersionInfo } from '../api/values/content.js';
import type { ContentTypeGroup } from '../api/values/content-type.js';
import type { Language } from '../api/values/language.js';
import type { LocationRecord } from '../api/values/location.js';
import type { ObjectState, ObjectStateGroup } from '../api/values/object-state.js';
import type { Role, RoleAssignment } from '../api/values/role.js';
import type { Section } from '../api/values/section.js';
import type { StoredField } from './content-handler.js';
import type { StoredContentType } from './content-type-handler.js';
import type { UserAccount } from './user-handler.js';
import type { UrlAliasRecord } from './url-alias-handler.js';

/** One version of a seeded content item with its fields (storage form) and relations. */
export interface SeedVersion {
  readonly versionInfo: VersionInfo;
  readonly fields: readonly StoredField[];
  readonly relations: readonly Relation[];
}

/** A seeded content item. `contentInfo.mainLocationId` names one of the seeded locations. */
export interface SeedContent {
  readonly contentInfo: ContentInfo;
  readonly versions: readonly SeedVersion[];
}

/**
 * A complete repository state with explicit ids (such as the Ibexa clean-install data).
 * Field definitions' `defaultValue` is in storage form. The virtual root location (id 1) refers to content 0,
 * which has no row.
 */
export interface RepositorySeed {
  readonly languages: readonly Language[];
  readonly sections: readonly Section[];
  readonly contentTypeGroups: readonly ContentTypeGroup[];
  readonly contentTypes: readonly StoredContentType[];
  readonly contents: readonly SeedContent[];
  readonly locations: readonly LocationRecord[];
  readonly userAccounts: readonly UserAccount[];
  readonly roles: readonly Role[];
  readonly roleAssignments: readonly RoleAssignment[];
  readonly objectStateGroups: readonly ObjectStateGroup[];
  readonly objectStates: readonly ObjectState[];
  readonly contentObjectStates: readonly { readonly contentId: number; readonly stateId: number }[];
  /** URL alias entries of the seeded locations; none when absent. */
  readonly urlAliases?: readonly UrlAliasRecord[];
}

/**
 * Writes a seed with its exact ids into an empty store, in one transaction, and moves id generators past the
 * seeded ids so that new rows never collide with them.
 */
export interface SeedImporter {
  /** Whether the store holds no repository data yet (first start). */
  isEmpty(): Promise<boolean>;
  import(seed: RepositorySeed): Promise<void>;
}
