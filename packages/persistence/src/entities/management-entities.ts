import { EntitySchema } from '@mikro-orm/core';
import type { LocationEntity } from './content-entities.js';
import { BOOL, INT, JSON_COLUMN, SMALLINT, TEXT, seconds, varchar } from './columns.js';

/** Row of `trash`: a trashed location as it was (the `location` columns), with its batch root and date (migration 0005). */
export interface TrashEntity extends LocationEntity {
  rootId: number;
  trashed: number;
}
/** Entity schema of `trash` (TrashEntity). */
export const TrashSchema = new EntitySchema<TrashEntity>({
  name: 'TrashEntity',
  tableName: 'trash',
  properties: {
    id: { ...INT, primary: true, autoincrement: false },
    rootId: INT,
    parentId: INT,
    contentId: INT,
    pathString: TEXT,
    depth: INT,
    priority: INT,
    hidden: BOOL,
    invisible: BOOL,
    remoteId: varchar(100),
    sortField: SMALLINT,
    sortOrder: SMALLINT,
    trashed: seconds(),
  },
});

/** Row of `url_alias`: one path element (Ibexa `ezurlalias_ml`), keyed by parent node and md5 of its text. */
export interface UrlAliasEntity {
  parentId: number;
  textMd5: string;
  id: number;
  text: string;
  targetKind: number;
  locationId: number | null;
  resource: string | null;
  languageCodes: unknown;
  alwaysAvailable: boolean;
  isOriginal: boolean;
  isCustom: boolean;
  forward: boolean;
}
/** Entity schema of `url_alias` (UrlAliasEntity). */
export const UrlAliasSchema = new EntitySchema<UrlAliasEntity>({
  name: 'UrlAliasEntity',
  tableName: 'url_alias',
  properties: {
    parentId: { ...INT, primary: true, autoincrement: false },
    textMd5: { ...varchar(32), primary: true },
    id: INT,
    text: TEXT,
    targetKind: SMALLINT,
    locationId: { ...INT, nullable: true },
    resource: { ...TEXT, nullable: true },
    languageCodes: JSON_COLUMN,
    alwaysAvailable: BOOL,
    isOriginal: BOOL,
    isCustom: BOOL,
    forward: BOOL,
  },
});

/** Row of `url_wildcard`. */
export interface UrlWildcardEntity {
  id: number;
  sourceUrl: string;
  destinationUrl: string;
  forward: boolean;
}
/** Entity schema of `url_wildcard` (UrlWildcardEntity). */
export const UrlWildcardSchema = new EntitySchema<UrlWildcardEntity>({
  name: 'UrlWildcardEntity',
  tableName: 'url_wildcard',
  properties: { id: { ...INT, primary: true }, sourceUrl: TEXT, destinationUrl: TEXT, forward: BOOL },
});
