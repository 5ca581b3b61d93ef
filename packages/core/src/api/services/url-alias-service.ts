import type { URLAlias } from '../values/url-alias.js';

/**
 * URL aliases (Ibexa `URLAliasService`; REST `/content/urlaliases`, `/content/locations/{path}/urlaliases`,
 * `UrlAlias`). Every location has an alias per translation of its content, generated from the content name when the
 * content is published (the path of the parent location's alias followed by the name's URL segment, made unique among
 * its siblings with a number); renaming or moving a location keeps the old path as a history alias. Users add custom
 * aliases of locations and global aliases of resources (`module:…`). Lookups are case-insensitive. Creating and
 * removing aliases needs `content/urltranslator`; reads need none.
 *
 * Errors: NotFoundError; UnauthorizedError; InvalidArgumentError (the path is taken, a bad resource, removing a
 * generated alias — REST 403 on create).
 */
export interface URLAliasService {
  /** Adds a custom alias of a location (Ibexa `createUrlAlias`). `content/urltranslator`, `content/read` on the location. */
  createUrlAlias(locationId: number, path: string, languageCode: string, forwarding?: boolean, alwaysAvailable?: boolean): Promise<URLAlias>;
  /**
   * Adds a global alias of a resource (Ibexa `createGlobalUrlAlias`): `module:<path>`, or `eznode:<id>` for a
   * location (a custom location alias).
   */
  createGlobalUrlAlias(resource: string, path: string, languageCode: string, forwarding?: boolean, alwaysAvailable?: boolean): Promise<URLAlias>;
  /**
   * Aliases of a location: its custom ones (`custom` true, the default, as REST) or its generated, current ones.
   * Restricted to one language when given. `content/read` on the location.
   */
  listLocationAliases(locationId: number, custom?: boolean, languageCode?: string): Promise<readonly URLAlias[]>;
  /** Global (resource) aliases, optionally of one language, paged (`limit` < 0 for all). */
  listGlobalAliases(languageCode?: string, offset?: number, limit?: number): Promise<readonly URLAlias[]>;
  /** Removes custom or global aliases. @throws InvalidArgumentError for a generated alias. */
  removeAliases(aliasIds: readonly string[]): Promise<void>;
  /** The alias of a URL path (case-insensitive, history paths included). @throws NotFoundError */
  lookup(url: string, languageCode?: string): Promise<URLAlias>;
  /**
   * The current generated alias of a location, in `languageCode` if it has one, else its first. `content/read` on the
   * location. @throws NotFoundError
   */
  reverseLookup(locationId: number, languageCode?: string): Promise<URLAlias>;
  /** An alias by its id (`<parentId>-<md5>`). @throws NotFoundError */
  load(aliasId: string): Promise<URLAlias>;
}
