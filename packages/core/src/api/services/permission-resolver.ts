import type { UserReference } from '../values/common.js';
import type { ContentInfo } from '../values/content.js';
import type { Limitation, Policy } from '../values/role.js';

/**
 * A group of policies that grant a module/function, as returned by {@link PermissionResolver.hasAccess} when the
 * grant is limited: the role assignment's limitation (or null) and the matching policies.
 */
export interface PermissionSet {
  readonly roleLimitation: Limitation | null;
  readonly policies: readonly Policy[];
}

/**
 * What a permission is checked on. `content` covers existing content (ContentInfo, with the version status and
 * translations involved when relevant, and the new section, states or owner of an assignment); `contentCreate`
 * covers content that does not exist yet, checked against its future parent locations; `roleAssignment` a role
 * given to a user or group (Ibexa's limitations per policy function).
 */
export type PermissionTarget =
  | {
      readonly kind: 'content';
      readonly contentInfo: ContentInfo;
      /** Translations the operation touches (Language limitation); all of the version when absent. */
      readonly languageCodes?: readonly string[];
      /** Status of the version the operation touches (Status limitation). */
      readonly versionStatus?: 'DRAFT' | 'PUBLISHED' | 'ARCHIVED';
      /** Restrict location-based limitations to these locations (e.g. the one being read); all when absent. */
      readonly locationIds?: readonly number[];
      /** The section the content is being assigned to (NewSection limitation of `section/assign`). */
      readonly newSectionId?: number;
      /** The states the content is being set to (NewState limitation of `state/assign`). */
      readonly newStateIds?: readonly number[];
      /** The owner the content is being given (ChangeOwner limitation). */
      readonly newOwnerId?: number;
    }
  | {
      readonly kind: 'contentCreate';
      readonly contentTypeId: number;
      readonly sectionId: number;
      readonly ownerId: number;
      readonly languageCodes: readonly string[];
      readonly parentLocationIds: readonly number[];
    }
  | { readonly kind: 'section'; readonly sectionId: number }
  | {
      /** Assigning (or unassigning) a role to a user or a user group (`role/assign`: Role and MemberOf limitations). */
      readonly kind: 'roleAssignment';
      readonly roleId: number;
      readonly subjectKind: 'user' | 'group';
      /** Content id of the user or group. */
      readonly subjectId: number;
    }
  | { readonly kind: 'none' };

/**
 * Evaluates the current user's roles and policies (Ibexa `PermissionResolver`):
 * assignments are ORed, policies within an assignment are ORed, the limitations of one policy are ANDed and the
 * assignment's role limitation is ANDed with them.
 */
export interface PermissionResolver {
  getCurrentUserReference(): UserReference;
  /** `true` for an unlimited grant, `false` for none, else the limited permission sets. */
  hasAccess(module: string, func: string): Promise<boolean | readonly PermissionSet[]>;
  /** Whether the user may perform module/function on the target. */
  canUser(module: string, func: string, target: PermissionTarget): Promise<boolean>;
}
