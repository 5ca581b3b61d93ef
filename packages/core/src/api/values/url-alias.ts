/**
 * What a URL alias points at (Ibexa `URLAlias::LOCATION|RESOURCE|VIRTUAL`, REST `UrlAlias` `@type`): a location, a
 * resource such as `module:content/search` (global aliases), or nothing (a virtual path element created for the
 * parents of a custom alias).
 */
export type URLAliasType = 'LOCATION' | 'RESOURCE' | 'VIRTUAL';

/** Members shared by every URL alias. */
interface URLAliasBase {
  /**
   * `<parentId>-<md5>` (the REST `urlAliasId`): the id of the parent path element (0 at the top) and the md5 of
   * the lower-cased last path segment.
   */
  readonly id: string;
  /** The full path with a leading slash, e.g. `/Media/Images`; the site root's alias is `/`. */
  readonly path: string;
  readonly languageCodes: readonly string[];
  /** Shown in every language when the alias has none of the requested ones. */
  readonly alwaysAvailable: boolean;
  /** An old path (the location was renamed or moved since); it redirects to the current one. */
  readonly isHistory: boolean;
  /** Created by a user (custom and global aliases), as opposed to generated from content names. */
  readonly isCustom: boolean;
  /** Whether a request to this path is redirected to the destination's main path. */
  readonly forward: boolean;
}

/** A URL alias (Ibexa `URLAlias`); `destination` is the location id, the resource string, or null. */
export type URLAlias =
  | (URLAliasBase & { readonly type: 'LOCATION'; readonly destination: number })
  | (URLAliasBase & { readonly type: 'RESOURCE'; readonly destination: string })
  | (URLAliasBase & { readonly type: 'VIRTUAL'; readonly destination: null });

/**
 * A URL wildcard (Ibexa `URLWildcard`, REST `UrlWildcard`): `sourceUrl` with `*` placeholders, `destinationUrl`
 * referring to them as `{1}`, `{2}`, …; `forward` redirects instead of serving the destination directly.
 */
export interface URLWildcard {
  readonly id: number;
  readonly sourceUrl: string;
  readonly destinationUrl: string;
  readonly forward: boolean;
}

/** The result of translating a URL through the wildcards (Ibexa `URLWildcardTranslationResult`). */
export interface URLWildcardTranslationResult {
  readonly uri: string;
  readonly forward: boolean;
}
