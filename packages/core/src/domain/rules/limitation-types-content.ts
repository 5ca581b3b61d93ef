import type { LimitationType } from './limitation-facts.js';
import { intersects, ints, startsWithAny } from './limitation-facts.js';

/** Ibexa's Status limitation values: 0 draft, 1 published, 3 archived. */
const STATUS_CODES = { DRAFT: '0', PUBLISHED: '1', ARCHIVED: '3' } as const;

/**
 * Ibexa's limitations on content: Class, Section, Owner, Group, Node, Subtree, State,
 * Language and Status on existing content; Class, Section, Node, Subtree and Language also on content being created
 * (Node and Subtree then look at the future parents). Anything else a limitation does not know votes no.
 */
export const CONTENT_LIMITATION_TYPES: Readonly<Record<string, LimitationType>> = {
  Class: {
    valueKind: 'contentType',
    async evaluate(values, { subject }) {
      const ids = ints(values);
      if (subject.kind === 'content') return ids.includes(subject.contentInfo.contentTypeId);
      if (subject.kind === 'contentCreate') return ids.includes(subject.contentTypeId);
      return false;
    },
    toCriterion: async (values) => ({ type: 'ContentTypeId', values: ints(values) }),
  },
  Section: {
    valueKind: 'section',
    async evaluate(values, { subject }) {
      const ids = ints(values);
      if (subject.kind === 'content') return ids.includes(subject.contentInfo.sectionId);
      if (subject.kind === 'contentCreate' || subject.kind === 'section') return ids.includes(subject.sectionId);
      if (subject.kind === 'roleAssignment') {
        const sectionId = await subject.subjectSectionId();
        return sectionId !== null && ids.includes(sectionId);
      }
      return false;
    },
    toCriterion: async (values) => ({ type: 'SectionId', values: ints(values) }),
  },
  Owner: {
    valueKind: 'ownerFlag',
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
    valueKind: 'groupFlag',
    async evaluate(_values, facts) {
      if (facts.subject.kind !== 'content') return false;
      return intersects(await facts.subject.ownerGroupIds(), await facts.userGroupIds());
    },
    toCriterion: async (_values, facts) => ({ type: 'UserMetadata', target: 'group', values: [...(await facts.userGroupIds())] }),
  },
  Node: {
    valueKind: 'location',
    async evaluate(values, { subject }) {
      const ids = ints(values);
      if (subject.kind === 'content') return intersects(await subject.locationIds(), ids);
      if (subject.kind === 'contentCreate') return (await subject.parents()).some((parent) => ids.includes(parent.locationId));
      return false;
    },
    toCriterion: async (values) => ({ type: 'LocationId', values: ints(values) }),
  },
  Subtree: {
    valueKind: 'subtree',
    async evaluate(values, { subject }) {
      if (subject.kind === 'content') return startsWithAny(await subject.locationPaths(), values);
      if (subject.kind === 'contentCreate') {
        return startsWithAny((await subject.parents()).map((parent) => parent.pathString), values);
      }
      if (subject.kind === 'roleAssignment') return startsWithAny(await subject.subjectLocationPaths(), values);
      return false;
    },
    toCriterion: async (values) => ({ type: 'Subtree', values: values.map((value) => (value.endsWith('/') ? value : `${value}/`)) }),
  },
  State: {
    valueKind: 'state',
    async evaluate(values, { subject }) {
      if (subject.kind !== 'content') return false;
      return intersects(await subject.stateIds(), ints(values));
    },
    toCriterion: async (values) => ({ type: 'ObjectStateId', values: ints(values) }),
  },
  Language: {
    valueKind: 'language',
    async evaluate(values, { subject }) {
      if (subject.kind === 'content') return (await subject.languageCodes()).every((code) => values.includes(code));
      if (subject.kind === 'contentCreate') return subject.languageCodes.every((code) => values.includes(code));
      return false;
    },
    toCriterion: async (values) => ({ type: 'LanguageCode', values, matchAlwaysAvailable: false }),
  },
  Status: {
    valueKind: 'status',
    async evaluate(values, { subject }) {
      if (subject.kind !== 'content' || subject.versionStatus === null) return false;
      return values.includes(STATUS_CODES[subject.versionStatus]);
    },
    toCriterion: async () => null,
  },
};
