import type { LimitationType } from './limitation-facts.js';
import { intersects, ints } from './limitation-facts.js';

/** `-1`: "self" in ChangeOwner (the current user) and MemberOf (the current user's groups), as in Ibexa. */
export const SELF_VALUE = '-1';

/**
 * Ibexa's limitations of assignments: NewSection (`section/assign`), NewState
 * (`state/assign`), ChangeOwner (`content/create|edit`), MemberOf and Role (`role/assign`), and SiteAccess
 * (`user/login`). They only vote on checks that carry the matching target; otherwise they deny (fail closed),
 * except ChangeOwner, which only restricts an actual owner change.
 */
export const ASSIGN_LIMITATION_TYPES: Readonly<Record<string, LimitationType>> = {
  NewSection: {
    valueKind: 'section',
    evaluate: async (values, { subject }) =>
      subject.kind === 'content' && subject.newSectionId !== null && ints(values).includes(subject.newSectionId),
    toCriterion: async () => null,
  },
  NewState: {
    valueKind: 'state',
    async evaluate(values, { subject }) {
      if (subject.kind !== 'content' || subject.newStateIds === null || subject.newStateIds.length === 0) return false;
      const allowed = ints(values);
      return subject.newStateIds.every((id) => allowed.includes(id));
    },
    toCriterion: async () => null,
  },
  ChangeOwner: {
    valueKind: 'changeOwner',
    async evaluate(values, { subject, userId }) {
      const owner =
        subject.kind === 'contentCreate'
          ? subject.ownerId
          : subject.kind === 'content' && subject.newOwnerId !== null && subject.newOwnerId !== subject.contentInfo.ownerId
            ? subject.newOwnerId
            : null;
      if (subject.kind !== 'content' && subject.kind !== 'contentCreate') return false;
      if (owner === null || owner === userId) return true;
      return ints(values).includes(owner);
    },
    toCriterion: async () => ({ type: 'MatchAll' }),
  },
  MemberOf: {
    valueKind: 'userGroup',
    async evaluate(values, facts) {
      if (facts.subject.kind !== 'roleAssignment') return false;
      const allowed = ints(values);
      if (values.includes(SELF_VALUE)) allowed.push(...(await facts.userGroupIds()));
      return intersects(await facts.subject.subjectGroupIds(), allowed);
    },
    toCriterion: async () => null,
  },
  Role: {
    valueKind: 'role',
    evaluate: async (values, { subject }) => subject.kind === 'roleAssignment' && ints(values).includes(subject.roleId),
    toCriterion: async () => null,
  },
  SiteAccess: {
    valueKind: 'siteAccess',
    evaluate: async (values, { siteAccessCrc }) => values.includes(siteAccessCrc),
    toCriterion: async () => ({ type: 'MatchAll' }),
  },
};
