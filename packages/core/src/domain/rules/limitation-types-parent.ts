import type { LimitationType } from './limitation-facts.js';
import { intersects, ints } from './limitation-facts.js';

/**
 * Ibexa's limitations of `content/create` on the future parents: ParentClass,
 * ParentOwner, ParentGroup and ParentDepth hold when every parent satisfies them. They never filter searches.
 */
export const PARENT_LIMITATION_TYPES: Readonly<Record<string, LimitationType>> = {
  ParentClass: {
    valueKind: 'contentType',
    async evaluate(values, { subject }) {
      if (subject.kind !== 'contentCreate') return false;
      const ids = ints(values);
      return (await subject.parents()).every((parent) => ids.includes(parent.contentInfo.contentTypeId));
    },
    toCriterion: async () => null,
  },
  ParentOwner: {
    valueKind: 'ownerFlag',
    async evaluate(_values, { subject, userId }) {
      if (subject.kind !== 'contentCreate') return false;
      return (await subject.parents()).every((parent) => parent.contentInfo.ownerId === userId);
    },
    toCriterion: async () => null,
  },
  ParentGroup: {
    valueKind: 'groupFlag',
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
    valueKind: 'depth',
    async evaluate(values, { subject }) {
      if (subject.kind !== 'contentCreate') return false;
      const depths = ints(values);
      return (await subject.parents()).every((parent) => depths.includes(parent.depth));
    },
    toCriterion: async () => null,
  },
};
