/**
 * HTTP caching headers of REST answers, for browsers and for a reverse proxy (Varnish, Fastly, Symfony's proxy) as
 * Ibexa 4.6's HTTP cache layer (ibexa/http-cache over FOSHttpCache) exposes them:
 *
 * - `Cache-Control`: a successful GET/HEAD of the anonymous user is `public` with the configured `max-age` (and
 *   `s-maxage` for shared caches, Ibexa's `content.default_ttl`); one of a user with credentials is
 *   `private, no-cache` (a browser may keep it and revalidate it with its `ETag`; a shared cache never stores it —
 *   Ibexa shares such answers between users of one permission set through FOSHttpCache's user context hash,
 *   which this server does not compute); every other answer (errors, redirects, answers to writes) is `no-store`.
 * - `Vary: Accept, Cookie, Authorization` on those GET answers: the bytes follow the negotiated format, and the
 *   credentials choose the user (FOSHttpCache's `user_identifier_headers` when no user hash is sent).
 * - Cache tags in an `xkey` header (space-separated, Varnish xkey / Ibexa's `purgekeys` tag mode): `ez-all` on
 *   every tagged answer, then the tags of what the body shows, with Ibexa's prefixes (ContentTagInterface and the
 *   REST subscribers): `c<contentId>`, `ct<contentTypeId>`, `l<locationId>`, `pl<parentLocationId>`,
 *   `p<locationId>` for each location of a path, `cv<contentId>` (version lists), `t<contentTypeId>` (content
 *   type answers), `tg<groupId>`, `s<sectionId>`. Purging a tag at the proxy drops every answer that carries it.
 *
 * Tags are computed from the objects a route has already loaded for its body: no query is made for them.
 */
import type { ContentInfo, ContentType, Location } from '@contentrepo/core';

/** Ibexa's tag on every tagged answer (`ContentTagInterface::ALL_TAG`): purging it empties the whole cache. */
export const ALL_TAG = 'ez-all';

/** Name of the response header carrying the tags (Ibexa's default for Varnish with the xkey module). */
export const TAG_HEADER = 'xkey';

/** `Vary` of a cacheable answer: the request headers that change it, the negotiated format, then the credentials. */
export const CACHE_VARY = 'Accept, Cookie, Authorization';

/** `Cache-Control` of every answer that must not be stored: errors, redirects, answers to writes, OPTIONS. */
export const NO_STORE = 'no-store';

/** `Cache-Control` of a successful read of a user with credentials. */
export const PRIVATE_REVALIDATE = 'private, no-cache';

/** HTTP caching of the REST router (`RestRouterOptions.httpCache`). */
export interface HttpCacheOptions {
  /**
   * `max-age` in seconds of successful anonymous GET answers (`Cache-Control: public, max-age=…`); default 0: any
   * cache may store them, and revalidates them (`If-None-Match`, cheap `304`) before each reuse.
   */
  readonly maxAge?: number;
  /** `s-maxage` in seconds for shared caches (a reverse proxy) of the same answers; default none (`max-age` applies). */
  readonly sharedMaxAge?: number;
  /** Send cache tags in the `xkey` header of successful GET answers (default true). */
  readonly tags?: boolean;
}

/** The header values a router sends, computed once from its {@link HttpCacheOptions}. */
export interface HttpCachePolicy {
  /** `Cache-Control` of a successful anonymous GET answer, e.g. `public, max-age=0` or `public, max-age=0, s-maxage=3600`. */
  readonly publicCacheControl: string;
  readonly tags: boolean;
}

/**
 * The policy of {@link HttpCacheOptions}.
 * @throws Error for an age that is not a non-negative integer number of seconds (a programming error of the host).
 */
export function httpCachePolicy(options: HttpCacheOptions = {}): HttpCachePolicy {
  const seconds = (name: string, value: number): number => {
    if (!Number.isInteger(value) || value < 0) throw new Error(`httpCache.${name} must be a non-negative integer number of seconds, got ${value}`);
    return value;
  };
  const maxAge = seconds('maxAge', options.maxAge ?? 0);
  const shared = options.sharedMaxAge === undefined ? '' : `, s-maxage=${seconds('sharedMaxAge', options.sharedMaxAge)}`;
  return { publicCacheControl: `public, max-age=${maxAge}${shared}`, tags: options.tags ?? true };
}

/** The ids of a location path string, root first: `/1/2/57/` → 1, 2, 57. */
function pathIds(pathString: string): string[] {
  return pathString.split('/').filter((segment) => segment !== '');
}

/**
 * Tags of an answer showing `location` (Ibexa's tags of a REST answer for a location id): `l<id>`, `pl<parentId>`,
 * `p<id>` for every location of its path (itself included), `c<contentId>`, `ct<contentTypeId>`, and `l<mainId>`
 * when the content's main location is another one. The virtual root location has no content tags.
 */
export function locationCacheTags(location: Location): string[] {
  const tags = [`l${location.id}`, `pl${location.parentLocationId}`, ...pathIds(location.pathString).map((id) => `p${id}`)];
  const info = location.contentInfo;
  if (info.id !== 0) {
    tags.push(`c${info.id}`, `ct${info.contentTypeId}`);
    if (info.mainLocationId !== null && info.mainLocationId !== location.id) tags.push(`l${info.mainLocationId}`);
  }
  return [...new Set(tags)];
}

/**
 * Tags of an answer showing a content item (Content, ContentInfo, User, UserGroup): those of its main location
 * (Ibexa tags these answers by the main location) when it was loaded, else `c<id>`, `ct<typeId>` and `l<mainId>`
 * when it has one (a main location the user may not read: no path tags, as its path is not shown either).
 */
export function contentCacheTags(info: ContentInfo, mainLocation: Location | null): string[] {
  if (mainLocation !== null && mainLocation.id === info.mainLocationId) return locationCacheTags(mainLocation);
  return [`c${info.id}`, `ct${info.contentTypeId}`, ...(info.mainLocationId === null ? [] : [`l${info.mainLocationId}`])];
}

/** Tags of a version list (Ibexa's VersionList tags): `c<id>`, `cv<id>`. */
export function versionListCacheTags(contentId: number): string[] {
  return [`c${contentId}`, `cv${contentId}`];
}

/** Tags of a content type answer: `t<id>` for a published type (Ibexa tags no draft); none for a draft. */
export function contentTypeCacheTags(type: ContentType): string[] {
  return type.status === 'DEFINED' ? [`t${type.id}`] : [];
}

/** Tags of content type group answers (a group, a group list, a type's groups): `tg<id>` for each group id. */
export function contentTypeGroupCacheTags(groupIds: readonly number[]): string[] {
  return groupIds.map((id) => `tg${id}`);
}

/** The `xkey` value of an answer with `tags`: `ez-all` first, then the tags without repeats. */
export function tagHeaderValue(tags: readonly string[] | undefined): string {
  if (tags === undefined || tags.length === 0) return ALL_TAG;
  return [ALL_TAG, ...new Set(tags)].join(' ');
}
