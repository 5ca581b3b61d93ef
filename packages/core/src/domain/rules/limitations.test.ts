import { describe, expect, it } from '@jest/globals';
import type { ContentInfo } from '../../api/values/content.js';
import type { ParentFacts, PermissionFacts, SubjectFacts } from './limitation-facts.js';
import { crc32, evaluateLimitation, LIMITATION_TYPES, limitationCriterion } from './limitations.js';
import { allowedLimitations, POLICY_MAP } from './policy-map.js';

const info = (overrides: Partial<ContentInfo> = {}): ContentInfo => ({
  id: 60,
  contentTypeId: 2,
  name: 'Article',
  sectionId: 1,
  currentVersionNo: 1,
  ownerId: 14,
  modificationDate: new Date(0),
  publishedDate: new Date(0),
  alwaysAvailable: true,
  remoteId: 'r',
  mainLanguageCode: 'eng-GB',
  mainLocationId: 70,
  status: 'PUBLISHED',
  isHidden: false,
  ...overrides,
});

const content = (overrides: Partial<Extract<SubjectFacts, { kind: 'content' }>> = {}): SubjectFacts => ({
  kind: 'content',
  contentInfo: info(),
  locationPaths: async () => ['/1/2/70/'],
  locationIds: async () => [70],
  languageCodes: async () => ['eng-GB'],
  stateIds: async () => [1],
  ownerGroupIds: async () => [4, 12],
  versionStatus: 'PUBLISHED',
  newSectionId: null,
  newStateIds: null,
  newOwnerId: null,
  ...overrides,
});

const parent = (overrides: Partial<ParentFacts> = {}): ParentFacts => ({
  locationId: 70,
  pathString: '/1/2/70/',
  depth: 2,
  contentInfo: info({ contentTypeId: 1, ownerId: 14 }),
  ownerGroupIds: async () => [4, 12],
  ...overrides,
});

const create = (overrides: Partial<Extract<SubjectFacts, { kind: 'contentCreate' }>> = {}): SubjectFacts => ({
  kind: 'contentCreate',
  contentTypeId: 2,
  sectionId: 1,
  ownerId: 14,
  languageCodes: ['eng-GB'],
  parents: async () => [parent()],
  ...overrides,
});

const facts = (subject: SubjectFacts, userId = 14): PermissionFacts => ({
  userId,
  userGroupIds: async () => [4, 12],
  siteAccessCrc: crc32('site'),
  subject,
});

const vote = (identifier: string, values: string[], subject: SubjectFacts, userId?: number) =>
  evaluateLimitation({ identifier, values }, facts(subject, userId));

describe('limitation evaluation (Ibexa limitations)', () => {
  it.each([
    ['Class', ['2'], ['1'], content()],
    ['Class', ['2'], ['1'], create()],
    ['Section', ['1'], ['3'], content()],
    ['Section', ['1'], ['3'], create()],
    ['Section', ['1'], ['3'], { kind: 'section', sectionId: 1 } as const],
    ['Node', ['70'], ['71'], content()],
    ['Node', ['70'], ['71'], create()],
    ['Subtree', ['/1/2/'], ['/1/43/'], content()],
    ['Subtree', ['/1/2/70/'], ['/1/2/7/'], create()],
    ['State', ['1'], ['2'], content()],
    ['Language', ['eng-GB', 'pol-PL'], ['pol-PL'], content()],
    ['Language', ['eng-GB'], ['pol-PL'], create()],
    ['Status', ['1'], ['0', '3'], content()],
    ['ParentClass', ['1'], ['2'], create()],
    ['ParentDepth', ['2'], ['3'], create()],
    ['SiteAccess', [crc32('site')], [crc32('admin')], { kind: 'none' } as const],
    ['NewSection', ['3'], ['1'], content({ newSectionId: 3 })],
    ['NewState', ['2'], ['1'], content({ newStateIds: [2] })],
    ['Role', ['4'], ['3'], { kind: 'roleAssignment', roleId: 4, subjectKind: 'group', subjectId: 42, subjectGroupIds: async () => [42], subjectSectionId: async (): Promise<number> => 2, subjectLocationPaths: async () => ['/1/5/42/'] } as const],
    ['MemberOf', ['42'], ['13'], { kind: 'roleAssignment', roleId: 4, subjectKind: 'group', subjectId: 42, subjectGroupIds: async () => [42], subjectSectionId: async (): Promise<number> => 2, subjectLocationPaths: async () => ['/1/5/42/'] } as const],
  ] as const)('%s grants with %j and denies with %j', async (identifier, granting, denying, subject) => {
    expect(await vote(identifier, [...granting], subject)).toBe(true);
    expect(await vote(identifier, [...denying], subject)).toBe(false);
  });

  it('Owner and Group compare with the current user and its groups; ParentOwner/ParentGroup with the parents', async () => {
    expect(await vote('Owner', ['1'], content(), 14)).toBe(true);
    expect(await vote('Owner', ['1'], content(), 10)).toBe(false);
    expect(await vote('Owner', ['1'], content({ contentInfo: info({ id: 10, ownerId: 14 }) }), 10)).toBe(true);
    expect(await vote('Owner', ['1'], create(), 14)).toBe(true);
    expect(await vote('Group', ['1'], content())).toBe(true);
    expect(await vote('Group', ['1'], content({ ownerGroupIds: async () => [13] }))).toBe(false);
    expect(await vote('ParentOwner', ['1'], create(), 14)).toBe(true);
    expect(await vote('ParentOwner', ['1'], create(), 10)).toBe(false);
    expect(await vote('ParentGroup', ['1'], create())).toBe(true);
    expect(await vote('ParentGroup', ['1'], create({ parents: async () => [parent({ ownerGroupIds: async () => [42] })] }))).toBe(false);
  });

  it('ChangeOwner only restricts a change of owner; MemberOf -1 means the current user\'s groups', async () => {
    expect(await vote('ChangeOwner', ['-1'], content())).toBe(true);
    expect(await vote('ChangeOwner', ['-1'], content({ newOwnerId: 10 }))).toBe(false);
    expect(await vote('ChangeOwner', ['10'], content({ newOwnerId: 10 }))).toBe(true);
    expect(await vote('ChangeOwner', ['-1'], create({ ownerId: 10 }))).toBe(false);
    const assignment = { kind: 'roleAssignment', roleId: 4, subjectKind: 'user', subjectId: 50, subjectGroupIds: async () => [4, 12], subjectSectionId: async (): Promise<number> => 2, subjectLocationPaths: async () => ['/1/5/12/60/'] } as const;
    expect(await vote('MemberOf', ['-1'], assignment)).toBe(true);
    expect(await vote('MemberOf', ['13'], assignment)).toBe(false);
  });

  it('fails closed: unknown identifiers and limitations on targets they do not handle deny', async () => {
    expect(await vote('Colour', ['red'], content())).toBe(false);
    expect(await vote('ParentClass', ['2'], content())).toBe(false);
    expect(await vote('Status', ['1'], create())).toBe(false);
    expect(await vote('NewSection', ['1'], content())).toBe(false);
    expect(await vote('Role', ['4'], content())).toBe(false);
    expect(await vote('Class', ['2'], { kind: 'none' })).toBe(false);
  });

  it('turns content/read limitations into search criteria and the others into none', async () => {
    const groups = { userId: 14, userGroupIds: async () => [12] };
    expect(await limitationCriterion({ identifier: 'Section', values: ['1', '3'] }, groups)).toEqual({ type: 'SectionId', values: [1, 3] });
    expect(await limitationCriterion({ identifier: 'Subtree', values: ['/1/2'] }, groups)).toEqual({ type: 'Subtree', values: ['/1/2/'] });
    expect(await limitationCriterion({ identifier: 'Group', values: ['1'] }, groups)).toEqual({ type: 'UserMetadata', target: 'group', values: [12] });
    expect(await limitationCriterion({ identifier: 'Status', values: ['1'] }, groups)).toBeNull();
    expect(await limitationCriterion({ identifier: 'Colour', values: ['1'] }, groups)).toBeNull();
  });
});

describe('policy map (Ibexa policies.yml)', () => {
  it('knows every limitation it allows', () => {
    for (const functions of Object.values(POLICY_MAP)) {
      for (const identifiers of Object.values(functions)) for (const identifier of identifiers) expect(LIMITATION_TYPES).toHaveProperty([identifier]);
    }
  });

  it('resolves module/function pairs with wildcards', () => {
    expect(allowedLimitations('content', 'read')).toEqual(['Class', 'Section', 'Owner', 'Group', 'Node', 'Subtree', 'State']);
    expect(allowedLimitations('user', 'login')).toEqual(['SiteAccess']);
    expect(allowedLimitations('*', '*')).toEqual([]);
    expect(allowedLimitations('content', '*')).toEqual([]);
    expect(allowedLimitations('*', 'read')).toBeUndefined();
    expect(allowedLimitations('content', 'fly')).toBeUndefined();
    expect(allowedLimitations('toString', 'x')).toBeUndefined();
  });
});

describe('crc32', () => {
  it('matches the SiteAccess limitation value of the clean install (crc32 of "site")', () => {
    expect(crc32('site')).toBe('1766001124');
  });
});
