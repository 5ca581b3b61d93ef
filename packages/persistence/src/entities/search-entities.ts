import { EntitySchema } from '@mikro-orm/core';
import { INT, TEXT, bigintNumber, varchar } from './columns.js';

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
  },
});

/** Row of `search_field_element`: one element of a collection field. */
export interface SearchFieldElementEntity {
  contentId: number;
  fieldDefinitionId: number;
  languageCode: string;
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
    position: { ...INT, primary: true },
    valueInt: { ...bigintNumber(), nullable: true },
    valueString: { ...varchar(255), nullable: true },
  },
});

/** Row of `search_text`: the full text of one content item in one language. */
export interface SearchTextEntity {
  id: number;
  contentId: number;
  languageCode: string;
  text: string;
}
/** Entity schema of `search_text` (SearchTextEntity). */
export const SearchTextSchema = new EntitySchema<SearchTextEntity>({
  name: 'SearchTextEntity',
  tableName: 'search_text',
  properties: { id: { ...INT, primary: true }, contentId: INT, languageCode: varchar(20), text: TEXT },
});
