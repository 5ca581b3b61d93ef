import { EntitySchema } from '@mikro-orm/core';
import { BOOL, INT, TEXT, bigintNumber, varchar } from './columns.js';

/** Row of `search_field`: index data of one field in one language of a published version. */
export interface SearchFieldEntity {
  contentId: number;
  fieldDefinitionId: number;
  languageCode: string;
  fieldDefIdentifier: string;
  fieldTypeIdentifier: string;
  contentTypeId: number;
  sortKeyInt: number | null;
  sortKeyString: string | null;
  /** core's `isEmptyEntry` of the entry (IsFieldEmpty). */
  isEmpty: boolean;
}
/** Entity schema of `search_field` (SearchFieldEntity). */
export const SearchFieldSchema = new EntitySchema<SearchFieldEntity>({
  name: 'SearchFieldEntity',
  tableName: 'search_field',
  properties: {
    contentId: { ...INT, primary: true, autoincrement: false },
    fieldDefinitionId: { ...INT, primary: true },
    languageCode: { ...varchar(20), primary: true },
    fieldDefIdentifier: varchar(50),
    fieldTypeIdentifier: varchar(50),
    contentTypeId: INT,
    sortKeyInt: { ...bigintNumber(), nullable: true },
    sortKeyString: { ...varchar(255), nullable: true },
    isEmpty: BOOL,
  },
});

/** Row of `search_field_element`: one element of a collection field. */
export interface SearchFieldElementEntity {
  contentId: number;
  fieldDefinitionId: number;
  languageCode: string;
  fieldDefIdentifier: string | null;
  position: number;
  valueInt: number | null;
  valueString: string | null;
}
/** Entity schema of `search_field_element` (SearchFieldElementEntity). */
export const SearchFieldElementSchema = new EntitySchema<SearchFieldElementEntity>({
  name: 'SearchFieldElementEntity',
  tableName: 'search_field_element',
  properties: {
    contentId: { ...INT, primary: true, autoincrement: false },
    fieldDefinitionId: { ...INT, primary: true },
    languageCode: { ...varchar(20), primary: true },
    fieldDefIdentifier: { ...varchar(50), nullable: true },
    position: { ...INT, primary: true },
    valueInt: { ...bigintNumber(), nullable: true },
    valueString: { ...TEXT, nullable: true },
  },
});

/** Row of `search_word`: one distinct word of the full-text index (core's `indexWords`). */
export interface SearchWordEntity {
  id: number;
  word: string;
  /** The word's code points reversed (suffix queries as index ranges). */
  reversed: string;
}
/** Entity schema of `search_word` (SearchWordEntity). */
export const SearchWordSchema = new EntitySchema<SearchWordEntity>({
  name: 'SearchWordEntity',
  tableName: 'search_word',
  properties: { id: { ...INT, primary: true }, word: TEXT, reversed: TEXT },
});

/** Row of `search_word_link`: a word of an item's searchable fields in one language. */
export interface SearchWordLinkEntity {
  wordId: number;
  contentId: number;
  languageCode: string;
}
/** Entity schema of `search_word_link` (SearchWordLinkEntity). */
export const SearchWordLinkSchema = new EntitySchema<SearchWordLinkEntity>({
  name: 'SearchWordLinkEntity',
  tableName: 'search_word_link',
  properties: {
    wordId: { ...INT, primary: true, autoincrement: false },
    contentId: { ...INT, primary: true, autoincrement: false },
    languageCode: { ...varchar(20), primary: true },
  },
});

/** Row of `search_name`: the indexed version's name in one language, lower-cased (ContentName). */
export interface SearchNameEntity {
  contentId: number;
  languageCode: string;
  name: string;
}
/** Entity schema of `search_name` (SearchNameEntity). */
export const SearchNameSchema = new EntitySchema<SearchNameEntity>({
  name: 'SearchNameEntity',
  tableName: 'search_name',
  properties: { contentId: { ...INT, primary: true, autoincrement: false }, languageCode: { ...varchar(20), primary: true }, name: TEXT },
});

/** Row of `search_user`: a user item's login and email, lower-cased (UserLogin, UserEmail). */
export interface SearchUserEntity {
  contentId: number;
  login: string;
  email: string;
}
/** Entity schema of `search_user` (SearchUserEntity). */
export const SearchUserSchema = new EntitySchema<SearchUserEntity>({
  name: 'SearchUserEntity',
  tableName: 'search_user',
  properties: { contentId: { ...INT, primary: true, autoincrement: false }, login: TEXT, email: TEXT },
});

/** Row of `bookmark`: a location bookmarked by a user (IsBookmarked). */
export interface BookmarkEntity {
  userId: number;
  locationId: number;
}
/** Entity schema of `bookmark` (BookmarkEntity). */
export const BookmarkSchema = new EntitySchema<BookmarkEntity>({
  name: 'BookmarkEntity',
  tableName: 'bookmark',
  properties: { userId: { ...INT, primary: true, autoincrement: false }, locationId: { ...INT, primary: true, autoincrement: false } },
});
