import type { ContentInfo } from '../../api/values/content.js';
import type { Criterion } from '../criteria/criterion.js';

/**
 * Facts a limitation may ask about the object of a permission check. Getters are lazy: a limitation that
 * only needs the section never causes a location or state lookup. Implemented by core's PermissionResolver.
 */
export interface PermissionFacts {
  /** The user the check is for. */
  readonly userId: number;
  /** Content ids of the user's groups (direct and inherited). */
  userGroupIds(): Promise<readonly number[]>;
  /** CRC32 of the siteaccess serving the request (SiteAccess limitation). */
  readonly siteAccessCrc: string;
  readonly subject: SubjectFacts;
}

/** What is being accessed; see `PermissionTarget` in the API. */
export type SubjectFacts =
  | {
      readonly kind: 'content';
      readonly contentInfo: ContentInfo;
      /** Path strings of the locations involved (all locations of the content unless restricted). */
      locationPaths(): Promise<readonly string[]>;
      /** Ids of those locations. */
      locationIds(): Promise<readonly number[]>;
      languageCodes(): Promise<readonly string[]>;
      stateIds(): Promise<readonly number[]>;
      /** Group content ids of the content's owner. */
      ownerGroupIds(): Promise<readonly number[]>;
      readonly versionStatus: 'DRAFT' | 'PUBLISHED' | 'ARCHIVED' | null;
      /** Section being assigned (NewSection), or null. */
      readonly newSectionId: number | null;
      /** States being set (NewState), or null. */
      readonly newStateIds: readonly number[] | null;
      /** Owner being given (ChangeOwner), or null. */
      readonly newOwnerId: number | null;
    }
  | {
      readonly kind: 'contentCreate';
      readonly contentTypeId: number;
      readonly sectionId: number;
      readonly ownerId: number;
      readonly languageCodes: readonly string[];
      /** The future parents: their locations and contents. */
      parents(): Promise<readonly ParentFacts[]>;
    }
  | { readonly kind: 'section'; readonly sectionId: number }
  | {
      readonly kind: 'roleAssignment';
      readonly roleId: number;
      readonly subjectKind: 'user' | 'group';
      readonly subjectId: number;
      /** Content ids of the groups the subject is in (for a group: the group itself). */
      subjectGroupIds(): Promise<readonly number[]>;
      /**
       * Section of the user or group content (null when it is gone): a Section role limitation is evaluated on it,
       * as Ibexa evaluates role limitations of `role/assign` on the User or UserGroup object.
       */
      subjectSectionId(): Promise<number | null>;
      /** Path strings of the user's or group's locations (a Subtree role limitation is evaluated on them). */
      subjectLocationPaths(): Promise<readonly string[]>;
    }
  | { readonly kind: 'none' };

/** One future parent of content being created. */
export interface ParentFacts {
  readonly locationId: number;
  readonly pathString: string;
  readonly depth: number;
  readonly contentInfo: ContentInfo;
  ownerGroupIds(): Promise<readonly number[]>;
}

/**
 * What the values of a limitation are, so that role management can check they exist
 * (what Ibexa's limitation identifiers hold): content type ids, section ids, location ids, subtree
 * path strings, object state ids, language codes, the owner/group flags, depths, siteaccess CRCs, version status
 * codes, user group ids (MemberOf, `-1` = the current user's groups), role ids.
 */
export type LimitationValueKind =
  | 'contentType'
  | 'section'
  | 'location'
  | 'subtree'
  | 'state'
  | 'language'
  | 'ownerFlag'
  | 'groupFlag'
  | 'depth'
  | 'siteAccess'
  | 'status'
  | 'userGroup'
  | 'role'
  | 'changeOwner';

/** How a limitation votes on facts, and (for search filtering) which criterion it stands for. */
export interface LimitationType {
  readonly valueKind: LimitationValueKind;
  evaluate(values: readonly string[], facts: PermissionFacts): Promise<boolean>;
  /**
   * The criterion matching the content this limitation grants (for `content/read` search filtering), or
   * null when it cannot be expressed (the policy then grants nothing in searches).
   */
  toCriterion(values: readonly string[], facts: Pick<PermissionFacts, 'userId' | 'userGroupIds'>): Promise<Criterion | null>;
}

/** The integer values of a limitation (non-integers are dropped: they match nothing). */
export const ints = (values: readonly string[]): number[] =>
  values.map((value) => Number(value)).filter((value) => Number.isInteger(value));

/** Whether two lists share an item. */
export const intersects = <T>(left: readonly T[], right: readonly T[]): boolean => left.some((item) => right.includes(item));

/** Whether a path string lies in the subtree of one of the prefixes (`/1/2/` covers `/1/2/` and `/1/2/58/`). */
export const startsWithAny = (paths: readonly string[], prefixes: readonly string[]): boolean =>
  paths.some((path) => prefixes.some((prefix) => path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`)));
