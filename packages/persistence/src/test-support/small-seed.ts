import type {
  ContentInfo,
  LocationRecord,
  RepositorySeed,
  SeedContent,
  StoredContentType,
  StoredFieldDefinition,
} from '@contentrepo/core';
import { testFieldDefinition } from '@contentrepo/core/testing';

/**
 * A small hand-built repository for focused tests (independent of core's clean-install builder):
 *
 * ```
 * /1/             root (content 0)
 * /1/2/           content 1  "Home"        folder      section 1
 * /1/2/21/        content 20 "Child"       folder      section 1
 * /1/5/           content 4  "Users"       user_group  section 2
 * /1/5/13/        content 12 "Admins"      user_group  section 2
 * /1/5/13/15/     content 14 "Admin User"  user        section 2   (owner of everything)
 * /1/20/          content 19 "Twenty"      folder      section 3   (its path starts with "/1/2")
 * ```
 * Languages eng-GB (2) and ger-DE (4); object state group 2 with states 1 (default) and 2.
 */
export const SMALL_SEED_DATE = new Date('2020-01-01T00:00:00Z');

const type = (id: number, identifier: string, groupId: number, definitions: StoredFieldDefinition[]): StoredContentType => ({
  id,
  status: 'DEFINED',
  identifier,
  remoteId: `type-${identifier}`,
  names: { 'eng-GB': identifier.replace('_', ' ') },
  descriptions: {},
  creationDate: SMALL_SEED_DATE,
  modificationDate: SMALL_SEED_DATE,
  creatorId: 14,
  modifierId: 14,
  urlAliasSchema: '',
  nameSchema: '<name>',
  isContainer: identifier !== 'user',
  mainLanguageCode: 'eng-GB',
  defaultAlwaysAvailable: true,
  defaultSortField: 'PATH',
  defaultSortOrder: 'ASC',
  groupIds: [groupId],
  fieldDefinitions: definitions,
});

/** Content types: folder (1: name 4), user_group (3: name 6), user (4: first_name 8). */
export const SMALL_TYPES: readonly StoredContentType[] = [
  type(1, 'folder', 1, [testFieldDefinition('name', { id: 4, isRequired: true })]),
  type(3, 'user_group', 2, [testFieldDefinition('name', { id: 6, isRequired: true })]),
  type(4, 'user', 2, [testFieldDefinition('first_name', { id: 8, isRequired: true })]),
];

interface Node {
  readonly contentId: number;
  readonly locationId: number;
  readonly parentId: number;
  readonly name: string;
  readonly typeId: number;
  readonly sectionId: number;
}

const NODES: readonly Node[] = [
  { contentId: 1, locationId: 2, parentId: 1, name: 'Home', typeId: 1, sectionId: 1 },
  { contentId: 4, locationId: 5, parentId: 1, name: 'Users', typeId: 3, sectionId: 2 },
  { contentId: 12, locationId: 13, parentId: 5, name: 'Admins', typeId: 3, sectionId: 2 },
  { contentId: 14, locationId: 15, parentId: 13, name: 'Admin User', typeId: 4, sectionId: 2 },
  { contentId: 19, locationId: 20, parentId: 1, name: 'Twenty', typeId: 1, sectionId: 3 },
  { contentId: 20, locationId: 21, parentId: 2, name: 'Child', typeId: 1, sectionId: 1 },
];

/** Builds the small repository seed. */
export function buildSmallSeed(): RepositorySeed {
  const root: LocationRecord = {
    id: 1,
    parentLocationId: 1,
    contentId: 0,
    pathString: '/1/',
    depth: 0,
    priority: 0,
    hidden: false,
    invisible: false,
    remoteId: 'root-location',
    sortField: 'PATH',
    sortOrder: 'ASC',
  };
  const locations = new Map<number, LocationRecord>([[1, root]]);
  for (const node of NODES) {
    const parent = locations.get(node.parentId);
    if (!parent) throw new Error(`small seed: parent ${node.parentId} missing`);
    locations.set(node.locationId, {
      ...root,
      id: node.locationId,
      parentLocationId: parent.id,
      contentId: node.contentId,
      pathString: `${parent.pathString}${node.locationId}/`,
      depth: parent.depth + 1,
      remoteId: `location-${node.locationId}`,
    });
  }
  let fieldId = 100;
  const contents: SeedContent[] = NODES.map((node, index) => {
    const contentType = SMALL_TYPES.find((candidate) => candidate.id === node.typeId);
    const field = contentType?.fieldDefinitions[0];
    if (!contentType || !field) throw new Error(`small seed: type ${node.typeId} missing`);
    const contentInfo: ContentInfo = {
      id: node.contentId,
      contentTypeId: node.typeId,
      name: node.name,
      sectionId: node.sectionId,
      currentVersionNo: 1,
      ownerId: 14,
      modificationDate: SMALL_SEED_DATE,
      publishedDate: SMALL_SEED_DATE,
      alwaysAvailable: true,
      remoteId: `content-${node.contentId}`,
      mainLanguageCode: 'eng-GB',
      mainLocationId: node.locationId,
      status: 'PUBLISHED',
      isHidden: false,
    };
    fieldId += 1;
    return {
      contentInfo,
      versions: [
        {
          versionInfo: {
            id: 10 + index,
            contentId: node.contentId,
            versionNo: 1,
            status: 'PUBLISHED',
            creatorId: 14,
            creationDate: SMALL_SEED_DATE,
            modificationDate: SMALL_SEED_DATE,
            initialLanguageCode: 'eng-GB',
            languageCodes: ['eng-GB'],
            names: { 'eng-GB': node.name },
          },
          fields: [
            {
              id: fieldId,
              fieldDefinitionId: field.id,
              fieldDefIdentifier: field.identifier,
              fieldTypeIdentifier: field.fieldTypeIdentifier,
              languageCode: 'eng-GB',
              data: node.name,
            },
          ],
          relations:
            node.contentId === 20
              ? [{ id: 7, sourceContentId: 20, sourceVersionNo: 1, destinationContentId: 1, type: 'COMMON', sourceFieldDefinitionIdentifier: null }]
              : [],
        },
      ],
    };
  });
  return {
    languages: [
      { id: 2, languageCode: 'eng-GB', name: 'English (United Kingdom)', enabled: true },
      { id: 4, languageCode: 'ger-DE', name: 'German (Deutsch)', enabled: true },
    ],
    sections: [
      { id: 1, identifier: 'standard', name: 'Standard' },
      { id: 2, identifier: 'users', name: 'Users' },
      { id: 3, identifier: 'media', name: 'Media' },
    ],
    contentTypeGroups: [1, 2].map((id) => ({
      id,
      identifier: id === 1 ? 'Content' : 'Users',
      creationDate: SMALL_SEED_DATE,
      modificationDate: SMALL_SEED_DATE,
      creatorId: 14,
      modifierId: 14,
      isSystem: false,
    })),
    contentTypes: SMALL_TYPES,
    contents,
    locations: [...locations.values()],
    userAccounts: [
      { contentId: 14, login: 'admin', email: 'admin@example.com', passwordHash: 'hash', enabled: true, maxLogin: 10, passwordUpdatedAt: null },
    ],
    roles: [
      {
        id: 2,
        identifier: 'Administrator',
        status: 'DEFINED',
        policies: [{ id: 30, roleId: 2, module: '*', function: '*', limitations: [] }],
      },
    ],
    roleAssignments: [{ id: 40, roleId: 2, subjectKind: 'group', subjectId: 12, limitation: null }],
    objectStateGroups: [
      { id: 2, identifier: 'lock', defaultLanguageCode: 'eng-GB', languageCodes: ['eng-GB'], names: { 'eng-GB': 'Lock' }, descriptions: {} },
    ],
    objectStates: [1, 2].map((id) => ({
      id,
      groupId: 2,
      identifier: id === 1 ? 'unlocked' : 'locked',
      priority: id - 1,
      defaultLanguageCode: 'eng-GB',
      languageCodes: ['eng-GB'],
      names: { 'eng-GB': id === 1 ? 'Unlocked' : 'Locked' },
      descriptions: {},
    })),
    contentObjectStates: NODES.map((node) => ({ contentId: node.contentId, stateId: 1 })),
  };
}
