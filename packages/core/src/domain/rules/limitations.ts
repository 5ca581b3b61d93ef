import type { ContentInfo } from '../../api/values/content.js';
import type { Limitation } from '../../api/values/role.js';
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
  | { readonly kind: 'none' };

/** One future parent of content being created. */
export interface ParentFacts {
  readonly locationId: number;
  readonly pathString: string;
  readonly depth: number;
  readonly contentInfo: ContentInfo;
  ownerGroupIds(): Promise<readonly number[]>;
}

/** How a limitation votes on facts, and (for search filtering) which criterion it stands for. */
export interface LimitationType {
  evaluate(values: readonly string[], facts: PermissionFacts): Promise<boolean>;
  /**
   * The criterion matching the content this limitation grants (for `content/read` search filtering, B.5), or
   * null when it cannot be expressed (the policy then grants nothing in searches).
   */
  toCriterion(values: readonly string[], facts: Pick<PermissionFacts, 'userId' | 'userGroupIds'>): Promise<Criterion | null>;
}

const ints = (values: readonly string[]): number[] =>
  values.map((value) => Number(value)).filter((value) => Number.isInteger(value));

const intersects = <T>(left: readonly T[], right: readonly T[]): boolean => left.some((item) => right.includes(item));

const startsWithAny = (paths: readonly string[], prefixes: readonly string[]): boolean =>
  paths.some((path) => prefixes.some((prefix) => path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`)));

/** Ibexa's Status limitation values: 0 draft, 1 published, 3 archived. */
const STATUS_CODES = { DRAFT: '0', PUBLISHED: '1', ARCHIVED: '3' } as const;

/**
 * Limitation types by Ibexa identifier (search-auth-errors-data.md B.5). Unknown identifiers deny.
 * - Class/Section/Owner/Group/Node/Subtree/State/Language/Status on existing content;
 * - Class/Section/Node/Subtree/ParentClass/ParentOwner/ParentGroup/ParentDepth/Language on content being created
 *   (Node and Subtree then look at the parent locations);
 * - SiteAccess on anything (the request's siteaccess).
 */
export const LIMITATION_TYPES: Readonly<Record<string, LimitationType>> = {
  Class: {
    async evaluate(values, { subject }) {
      const ids = ints(values);
      if (subject.kind === 'content') return ids.includes(subject.contentInfo.contentTypeId);
      if (subject.kind === 'contentCreate') return ids.includes(subject.contentTypeId);
      return false;
    },
    toCriterion: async (values) => ({ type: 'ContentTypeId', values: ints(values) }),
  },
  Section: {
    async evaluate(values, { subject }) {
      const ids = ints(values);
      if (subject.kind === 'content') return ids.includes(subject.contentInfo.sectionId);
      if (subject.kind === 'contentCreate' || subject.kind === 'section') return ids.includes(subject.sectionId);
      return false;
    },
    toCriterion: async (values) => ({ type: 'SectionId', values: ints(values) }),
  },
  Owner: {
    async evaluate(_values, { subject, userId }) {
      if (subject.kind === 'content') return subject.contentInfo.ownerId === userId || subject.contentInfo.id === userId;
      if (subject.kind === 'contentCreate') return subject.ownerId === userId;
      return false;
    },
    toCriterion: async (_values, { userId }) => ({
      type: 'LogicalOr',
      criteria: [
        { type: 'UserMetadata', target: 'owner', values: [userId] },
        { type: 'ContentId', values: [userId] },
      ],
    }),
  },
  Group: {
    async evaluate(_values, facts) {
      if (facts.subject.kind !== 'content') return false;
      return intersects(await facts.subject.ownerGroupIds(), await facts.userGroupIds());
    },
    toCriterion: async (_values, facts) => ({ type: 'UserMetadata', target: 'group', values: [...(await facts.userGroupIds())] }),
  },
  Node: {
    async evaluate(values, { subject }) {
      const ids = ints(values);
      if (subject.kind === 'content') return intersects(await subject.locationIds(), ids);
      if (subject.kind === 'contentCreate') return (await subject.parents()).some((parent) => ids.includes(parent.locationId));
      return false;
    },
    toCriterion: async (values) => ({ type: 'LocationId', values: ints(values) }),
  },
  Subtree: {
    async evaluate(values, { subject }) {
      if (subject.kind === 'content') return startsWithAny(await subject.locationPaths(), values);
      if (subject.kind === 'contentCreate') {
        return startsWithAny((await subject.parents()).map((parent) => parent.pathString), values);
      }
      return false;
    },
    toCriterion: async (values) => ({ type: 'Subtree', values: values.map((value) => (value.endsWith('/') ? value : `${value}/`)) }),
  },
  State: {
    async evaluate(values, { subject }) {
      if (subject.kind !== 'content') return false;
      return intersects(await subject.stateIds(), ints(values));
    },
    toCriterion: async (values) => ({ type: 'ObjectStateId', values: ints(values) }),
  },
  Language: {
    async evaluate(values, { subject }) {
      if (subject.kind === 'content') return (await subject.languageCodes()).every((code) => values.includes(code));
      if (subject.kind === 'contentCreate') return subject.languageCodes.every((code) => values.includes(code));
      return false;
    },
    toCriterion: async (values) => ({ type: 'LanguageCode', values, matchAlwaysAvailable: false }),
  },
  Status: {
    async evaluate(values, { subject }) {
      if (subject.kind !== 'content' || subject.versionStatus === null) return false;
      return values.includes(STATUS_CODES[subject.versionStatus]);
    },
    toCriterion: async () => null,
  },
  ParentClass: {
    async evaluate(values, { subject }) {
      if (subject.kind !== 'contentCreate') return false;
      const ids = ints(values);
      return (await subject.parents()).every((parent) => ids.includes(parent.contentInfo.contentTypeId));
    },
    toCriterion: async () => null,
  },
  ParentOwner: {
    async evaluate(_values, { subject, userId }) {
      if (subject.kind !== 'contentCreate') return false;
      return (await subject.parents()).every((parent) => parent.contentInfo.ownerId === userId);
    },
    toCriterion: async () => null,
  },
  ParentGroup: {
    async evaluate(_values, facts) {
      if (facts.subject.kind !== 'contentCreate') return false;
      const groups = await facts.userGroupIds();
      for (const parent of await facts.subject.parents()) {
        if (!intersects(await parent.ownerGroupIds(), groups)) return false;
      }
      return true;
    },
    toCriterion: async () => null,
  },
  ParentDepth: {
    async evaluate(values, { subject }) {
      if (subject.kind !== 'contentCreate') return false;
      const depths = ints(values);
      return (await subject.parents()).every((parent) => depths.includes(parent.depth));
    },
    toCriterion: async () => null,
  },
  SiteAccess: {
    evaluate: async (values, { siteAccessCrc }) => values.includes(siteAccessCrc),
    toCriterion: async () => ({ type: 'MatchAll' }),
  },
};

/** Evaluates one limitation; unknown identifiers deny (fail closed). */
export async function evaluateLimitation(limitation: Limitation, facts: PermissionFacts): Promise<boolean> {
  const type = LIMITATION_TYPES[limitation.identifier];
  return type ? type.evaluate(limitation.values, facts) : false;
}

/** The criterion of one limitation, or null when it cannot be expressed (or is unknown). */
export async function limitationCriterion(
  limitation: Limitation,
  facts: Pick<PermissionFacts, 'userId' | 'userGroupIds'>,
): Promise<Criterion | null> {
  const type = LIMITATION_TYPES[limitation.identifier];
  return type ? type.toCriterion(limitation.values, facts) : null;
}

/** CRC-32 (IEEE) of a string as an unsigned decimal string, as Ibexa's SiteAccess limitation stores it. */
export function crc32(text: string): string {
  let crc = 0xffffffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return String((crc ^ 0xffffffff) >>> 0);
}
