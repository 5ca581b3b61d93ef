import type { SortField, SortOrder } from '../api/values/common.js';
import type { Hash } from '../api/values/content-type.js';

/**
 * The clean-install repository of Ibexa 4.6 (`data/mysql/cleandata.sql`). Field values are REST `fieldValue`
 * hashes; `build-seed.ts` turns them into storage form with the field types. Ids are Ibexa's where they are
 * known.
 */

/** Fixed creation time of the clean data (2015-11-30T13:10:46Z, Ibexa's own timestamp). */
export const CLEAN_INSTALL_DATE = new Date(Date.UTC(2015, 10, 30, 13, 10, 46));

/** The siteaccess this server exposes; the Anonymous role's `user/login` SiteAccess limitation names its crc32. */
export const DEFAULT_SITEACCESS = 'site';

/** crc32('site'), the SiteAccess limitation value of the clean install's Anonymous role. */
export const DEFAULT_SITEACCESS_CRC = '1766001124';

/** Ids of well-known clean-install objects. */
export const CLEAN_INSTALL_IDS = {
  adminUserId: 14,
  anonymousUserId: 10,
  rootLocationId: 1,
  homeLocationId: 2,
  usersLocationId: 5,
  mediaLocationId: 43,
  adminGroupContentId: 12,
} as const;

export interface SeedFieldDefinition {
  readonly id: number;
  readonly identifier: string;
  readonly fieldType: string;
  readonly name: string;
  readonly position: number;
  readonly isRequired: boolean;
  readonly isTranslatable: boolean;
  readonly isSearchable: boolean;
  readonly isThumbnail?: boolean;
  /** REST hash of the default value; null = the type's empty value. */
  readonly defaultValue?: Hash;
  readonly fieldSettings?: { readonly [key: string]: Hash };
  readonly validatorConfiguration?: { readonly [key: string]: Hash };
}

export interface SeedContentTypeData {
  readonly id: number;
  readonly identifier: string;
  readonly name: string;
  readonly groupId: number;
  readonly isContainer: boolean;
  readonly defaultAlwaysAvailable: boolean;
  readonly nameSchema: string;
  readonly remoteId: string;
  readonly fieldDefinitions: readonly SeedFieldDefinition[];
}

const maxLength = (max: number) => ({ StringLengthValidator: { minStringLength: 0, maxStringLength: max } });
const rows = (count: number) => ({ textRows: count });

/** Content types of the clean install. */
export const CLEAN_CONTENT_TYPES: readonly SeedContentTypeData[] = [
  {
    id: 1, identifier: 'folder', name: 'Folder', groupId: 1, isContainer: true, defaultAlwaysAvailable: true,
    nameSchema: '<short_name|name>', remoteId: 'a3d405b81be900468eb153d774f4f0d2',
    fieldDefinitions: [
      { id: 4, identifier: 'name', fieldType: 'ezstring', name: 'Name', position: 1, isRequired: true, isTranslatable: true, isSearchable: true, defaultValue: 'Folder', validatorConfiguration: maxLength(255) },
      { id: 155, identifier: 'short_name', fieldType: 'ezstring', name: 'Short name', position: 2, isRequired: false, isTranslatable: true, isSearchable: true, validatorConfiguration: maxLength(100) },
      { id: 119, identifier: 'short_description', fieldType: 'ezrichtext', name: 'Short description', position: 3, isRequired: false, isTranslatable: true, isSearchable: true, fieldSettings: rows(5) },
      { id: 156, identifier: 'description', fieldType: 'ezrichtext', name: 'Description', position: 4, isRequired: false, isTranslatable: true, isSearchable: true, fieldSettings: rows(20) },
    ],
  },
  {
    id: 2, identifier: 'article', name: 'Article', groupId: 1, isContainer: true, defaultAlwaysAvailable: false,
    nameSchema: '<short_title|title>', remoteId: 'c15b600eb9198b1924063b5a68758232',
    fieldDefinitions: [
      { id: 1, identifier: 'title', fieldType: 'ezstring', name: 'Title', position: 0, isRequired: true, isTranslatable: true, isSearchable: true, isThumbnail: true, defaultValue: 'New article', validatorConfiguration: maxLength(255) },
      { id: 152, identifier: 'short_title', fieldType: 'ezstring', name: 'Short title', position: 2, isRequired: false, isTranslatable: true, isSearchable: true, validatorConfiguration: maxLength(255) },
      { id: 153, identifier: 'author', fieldType: 'ezauthor', name: 'Author', position: 3, isRequired: false, isTranslatable: true, isSearchable: false },
      { id: 120, identifier: 'intro', fieldType: 'ezrichtext', name: 'Intro', position: 4, isRequired: true, isTranslatable: true, isSearchable: true, fieldSettings: rows(10) },
      { id: 121, identifier: 'body', fieldType: 'ezrichtext', name: 'Body', position: 5, isRequired: false, isTranslatable: true, isSearchable: true, fieldSettings: rows(20) },
      { id: 123, identifier: 'enable_comments', fieldType: 'ezboolean', name: 'Enable comments', position: 6, isRequired: false, isTranslatable: false, isSearchable: false },
      { id: 154, identifier: 'image', fieldType: 'ezobjectrelation', name: 'Image', position: 7, isRequired: false, isTranslatable: true, isSearchable: true },
    ],
  },
  {
    id: 3, identifier: 'user_group', name: 'User group', groupId: 2, isContainer: true, defaultAlwaysAvailable: true,
    nameSchema: '<name>', remoteId: '25b4268cdcd01921b808a0d854b877ef',
    fieldDefinitions: [
      { id: 6, identifier: 'name', fieldType: 'ezstring', name: 'Name', position: 1, isRequired: true, isTranslatable: true, isSearchable: true, validatorConfiguration: maxLength(255) },
      { id: 7, identifier: 'description', fieldType: 'ezstring', name: 'Description', position: 2, isRequired: false, isTranslatable: true, isSearchable: true, validatorConfiguration: maxLength(255) },
    ],
  },
  {
    id: 4, identifier: 'user', name: 'User', groupId: 2, isContainer: false, defaultAlwaysAvailable: true,
    nameSchema: '<first_name> <last_name>', remoteId: '40faa822edc579b02c25f6bb7beec3ad',
    fieldDefinitions: [
      { id: 8, identifier: 'first_name', fieldType: 'ezstring', name: 'First name', position: 1, isRequired: true, isTranslatable: true, isSearchable: true },
      { id: 9, identifier: 'last_name', fieldType: 'ezstring', name: 'Last name', position: 2, isRequired: true, isTranslatable: true, isSearchable: true },
      { id: 12, identifier: 'user_account', fieldType: 'ezuser', name: 'User account', position: 3, isRequired: true, isTranslatable: false, isSearchable: false, fieldSettings: { UsernamePattern: '^[^@]+$' } },
      { id: 179, identifier: 'signature', fieldType: 'eztext', name: 'Signature', position: 4, isRequired: false, isTranslatable: true, isSearchable: true, fieldSettings: rows(10) },
      { id: 180, identifier: 'image', fieldType: 'ezimage', name: 'Image', position: 5, isRequired: false, isTranslatable: true, isSearchable: false, isThumbnail: true },
    ],
  },
  {
    id: 5, identifier: 'image', name: 'Image', groupId: 3, isContainer: false, defaultAlwaysAvailable: true,
    nameSchema: '<name>', remoteId: 'f6df12aa74e36230eb675f364fccd25a',
    fieldDefinitions: [
      { id: 116, identifier: 'name', fieldType: 'ezstring', name: 'Name', position: 1, isRequired: true, isTranslatable: true, isSearchable: true, validatorConfiguration: maxLength(150) },
      { id: 117, identifier: 'caption', fieldType: 'ezrichtext', name: 'Caption', position: 2, isRequired: false, isTranslatable: true, isSearchable: true },
      { id: 118, identifier: 'image', fieldType: 'ezimage', name: 'Image', position: 3, isRequired: false, isTranslatable: true, isSearchable: true, isThumbnail: true },
    ],
  },
  {
    id: 12, identifier: 'file', name: 'File', groupId: 3, isContainer: false, defaultAlwaysAvailable: true,
    nameSchema: '<name>', remoteId: '637d58bfddf164627bdfd265733280a0',
    fieldDefinitions: [
      { id: 146, identifier: 'name', fieldType: 'ezstring', name: 'Name', position: 1, isRequired: true, isTranslatable: true, isSearchable: true, defaultValue: 'New file' },
      { id: 147, identifier: 'description', fieldType: 'ezrichtext', name: 'Description', position: 2, isRequired: false, isTranslatable: true, isSearchable: true },
      { id: 148, identifier: 'file', fieldType: 'ezbinaryfile', name: 'File', position: 3, isRequired: true, isTranslatable: true, isSearchable: false },
    ],
  },
];

/** Content type groups of the clean install (identifier = name). */
export const CLEAN_CONTENT_TYPE_GROUPS = [
  { id: 1, identifier: 'Content' },
  { id: 2, identifier: 'Users' },
  { id: 3, identifier: 'Media' },
] as const;

/** Sections of the clean install. */
export const CLEAN_SECTIONS = [
  { id: 1, identifier: 'standard', name: 'Standard' },
  { id: 2, identifier: 'users', name: 'Users' },
  { id: 3, identifier: 'media', name: 'Media' },
] as const;

export interface SeedContentData {
  readonly id: number;
  readonly contentTypeId: number;
  readonly name: string;
  readonly sectionId: number;
  readonly remoteId: string;
  readonly versionNo: number;
  readonly location: {
    readonly id: number;
    readonly parentId: number;
    readonly remoteId: string;
    readonly sortField: SortField;
    readonly sortOrder: SortOrder;
  };
  /** REST hashes by field identifier (eng-GB). Absent fields get the type's empty value. */
  readonly fields: { readonly [identifier: string]: Hash };
}

const docbook = (text: string): Hash => ({
  xml:
    '<?xml version="1.0" encoding="UTF-8"?>\n<section xmlns="http://docbook.org/ns/docbook" xmlns:xlink="http://www.w3.org/1999/xlink" ' +
    'xmlns:ezxhtml="http://ibexa.co/xmlns/dxp/docbook/xhtml" xmlns:ezcustom="http://ibexa.co/xmlns/dxp/docbook/custom" ' +
    `version="5.0-variant ezpublish-1.0"><para>${text}</para></section>\n`,
});

const group = (
  id: number,
  name: string,
  remoteId: string,
  location: SeedContentData['location'],
  description: string | null = null,
): SeedContentData => ({
  id, contentTypeId: 3, name, sectionId: 2, remoteId, versionNo: 1, location,
  fields: { name, description },
});

const folder = (
  id: number,
  name: string,
  sectionId: number,
  remoteId: string,
  versionNo: number,
  location: SeedContentData['location'],
  description: string | null = null,
): SeedContentData => ({
  id, contentTypeId: 1, name, sectionId, remoteId, versionNo, location,
  fields: { name, ...(description === null ? {} : { description: docbook(description) }) },
});

/** Content tree of the clean install (all published, owned by 14, main language eng-GB, always available). */
export const CLEAN_CONTENTS: readonly SeedContentData[] = [
  folder(1, 'Ibexa Platform', 1, '9459d3c29e15006e45197295722c7ade', 9,
    { id: 2, parentId: 1, remoteId: 'f3e90596361e31d496d4026eb624c983', sortField: 'PRIORITY', sortOrder: 'ASC' },
    'You are now ready to start your project.'),
  group(4, 'Users', 'f5c88a2209584891056f987fd965b0ba',
    { id: 5, parentId: 1, remoteId: '3f6d92f8044aed134f32153517850f5a', sortField: 'PATH', sortOrder: 'ASC' }, 'Main group'),
  group(11, 'Guest accounts', '5f7f0bdb3381d6a461d8c29ff53d908f',
    { id: 12, parentId: 5, remoteId: '602dcf84765e56b7f999eaafd3821dd3', sortField: 'PATH', sortOrder: 'ASC' }),
  group(12, 'Administrator users', '9b47a45624b023b1a76c73b74d704acf',
    { id: 13, parentId: 5, remoteId: '769380b7aa94541679167eab817ca893', sortField: 'PATH', sortOrder: 'ASC' }),
  group(13, 'Editors', '3c160cca19fb135f83bd02d911f04db2',
    { id: 14, parentId: 5, remoteId: 'f7dda2854fc68f7c8455d9cb14bd04a9', sortField: 'PATH', sortOrder: 'ASC' }),
  {
    id: 14, contentTypeId: 4, name: 'Administrator User', sectionId: 2, remoteId: '1bb4fe25487f05527efa8bfd394cecc7', versionNo: 3,
    location: { id: 15, parentId: 13, remoteId: 'e5161a99f733200b9ed4e80f9c16187b', sortField: 'PATH', sortOrder: 'ASC' },
    fields: { first_name: 'Administrator', last_name: 'User' },
  },
  folder(41, 'Media', 3, 'a6e35cbcb7cd6ae4b691f3eee30cd262', 1,
    { id: 43, parentId: 1, remoteId: '75c715a51699d2d309a924eca6a95145', sortField: 'NAME', sortOrder: 'ASC' }),
  group(42, 'Anonymous users', '15b256dbea2ae72418ff5facc999e8f9',
    { id: 44, parentId: 5, remoteId: '4fdf0072da953bb276c0c7e0141c5c9b', sortField: 'NAME', sortOrder: 'ASC' },
    'User group for the anonymous user'),
  {
    id: 10, contentTypeId: 4, name: 'Anonymous User', sectionId: 2, remoteId: 'faaeb9be3bd98ed09f606fc16d144eca', versionNo: 2,
    location: { id: 45, parentId: 44, remoteId: '2cf8343bee7b482bab82b269d8fecd76', sortField: 'NAME', sortOrder: 'ASC' },
    fields: { first_name: 'Anonymous', last_name: 'User' },
  },
  folder(49, 'Images', 3, 'e7ff633c6b8e0fd3531e74c6e712bead', 1,
    { id: 51, parentId: 43, remoteId: '1b26c0454b09bb49dfb1b9190ffd67cb', sortField: 'NAME', sortOrder: 'ASC' }),
  folder(50, 'Files', 3, '732a5acd01b51a6fe6eab448ad4138a9', 1,
    { id: 52, parentId: 43, remoteId: '0b113a208f7890f9ad3c24444ff5988c', sortField: 'NAME', sortOrder: 'ASC' }),
  folder(51, 'Multimedia', 3, '09082deb98662a104f325aaa8c4933d3', 1,
    { id: 53, parentId: 43, remoteId: '4f18b82c75f10aad476cae5adf98c11f', sortField: 'NAME', sortOrder: 'ASC' }),
];

/** Virtual root location: its own parent, content 0. */
export const CLEAN_ROOT_LOCATION = {
  id: 1,
  remoteId: '629709ba256fe317c3ddcee35453a96a',
  sortField: 'PATH' as SortField,
  sortOrder: 'ASC' as SortOrder,
};

/** User accounts of the clean install. Passwords are hashed at build time. */
export const CLEAN_USER_ACCOUNTS = [
  { contentId: 10, login: 'anonymous', email: 'anonymous@link.invalid', maxLogin: 1000 },
  { contentId: 14, login: 'admin', email: 'admin@link.invalid', maxLogin: 10 },
] as const;

/** Ibexa's documented default password of `admin`. */
export const DEFAULT_ADMIN_PASSWORD = 'publish';

/** Roles and policies of the clean install. */
export const CLEAN_ROLES = [
  {
    id: 1, identifier: 'Anonymous',
    policies: [
      { id: 328, module: 'content', function: 'read', limitations: [{ identifier: 'Section', values: ['1'] }] },
      { id: 331, module: 'user', function: 'login', limitations: [{ identifier: 'SiteAccess', values: [DEFAULT_SITEACCESS_CRC] }] },
      { id: 334, module: 'content', function: 'view_embed', limitations: [{ identifier: 'Class', values: ['5', '12'] }] },
    ],
  },
  { id: 2, identifier: 'Administrator', policies: [{ id: 332, module: '*', function: '*', limitations: [] }] },
  {
    id: 3, identifier: 'Editor',
    policies: [
      { id: 317, module: 'content', function: '*', limitations: [] },
      { id: 319, module: 'user', function: 'login', limitations: [] },
      { id: 340, module: 'url', function: '*', limitations: [] },
    ],
  },
  {
    id: 4, identifier: 'Member',
    policies: [
      {
        id: 333, module: 'content', function: 'read',
        limitations: [{ identifier: 'Class', values: ['4'] }, { identifier: 'Owner', values: ['1'] }],
      },
    ],
  },
] as const;

/** Role assignments of the clean install (all to user groups, by content id). */
export const CLEAN_ROLE_ASSIGNMENTS = [
  { id: 28, roleId: 1, subjectId: 11, limitation: null },
  { id: 31, roleId: 1, subjectId: 42, limitation: null },
  { id: 34, roleId: 2, subjectId: 12, limitation: null },
  { id: 32, roleId: 3, subjectId: 13, limitation: { identifier: 'Subtree', values: ['/1/2/'] } },
  { id: 33, roleId: 3, subjectId: 13, limitation: { identifier: 'Subtree', values: ['/1/43/'] } },
  { id: 35, roleId: 4, subjectId: 13, limitation: null },
] as const;

/** The lock object state group of the clean install (4.6 identifier `ez_lock`). */
export const CLEAN_OBJECT_STATE_GROUP = { id: 2, identifier: 'ez_lock', name: 'Lock' } as const;
export const CLEAN_OBJECT_STATES = [
  { id: 1, identifier: 'not_locked', name: 'Not locked', priority: 0 },
  { id: 2, identifier: 'locked', name: 'Locked', priority: 1 },
] as const;
