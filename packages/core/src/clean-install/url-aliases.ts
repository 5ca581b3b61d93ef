import { segmentKey } from '../domain/rules/url-alias-text.js';
import type { UrlAliasRecord } from '../spi/url-alias-handler.js';

/** One clean-install alias: node id, parent node, text, location (history when `history`). */
type AliasData = readonly [id: number, parentId: number, text: string, locationId: number, history?: true];

/**
 * The URL aliases of a clean install (eng-GB, always available):
 * the site root (location 2) is `/`, its siblings Users and Media and their subtrees follow their names; the
 * lower-case underscore variants are history entries. Node ids 1–12 (the alias sequence starts past them).
 */
const CLEAN_ALIASES: readonly AliasData[] = [
  [1, 0, '', 2],
  [2, 0, 'Users', 5],
  [3, 2, 'Guest-accounts', 12],
  [4, 2, 'Administrator-users', 13],
  [5, 2, 'Editors', 14],
  [6, 2, 'Anonymous-Users', 44],
  [7, 4, 'Administrator-User', 15],
  [8, 6, 'Anonymous-User', 45],
  [9, 0, 'Media', 43],
  [10, 9, 'Images', 51],
  [11, 9, 'Files', 52],
  [12, 9, 'Multimedia', 53],
  [3, 2, 'guest_accounts', 12, true],
  [4, 2, 'administrator_users', 13, true],
  [6, 2, 'anonymous_users', 44, true],
  [7, 4, 'administrator_user', 15, true],
  [8, 6, 'anonymous_user', 45, true],
];

/** The clean-install URL alias entries of `languageCode` (the main language). */
export function buildCleanUrlAliases(languageCode: string): UrlAliasRecord[] {
  return CLEAN_ALIASES.map(([id, parentId, text, locationId, history]) => ({
    parentId,
    textMd5: segmentKey(text),
    id,
    text,
    target: { kind: 'location', locationId },
    languageCodes: [languageCode],
    alwaysAvailable: true,
    isOriginal: history !== true,
    isCustom: false,
    forward: false,
  }));
}
