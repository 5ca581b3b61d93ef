import { BadRequestError, InvalidHrefError } from '../http/rest-errors.js';

/** Default REST path prefix of Ibexa 4.x/5.x. */
export const DEFAULT_REST_PREFIX = '/api/ibexa/v2';

/** A location (or user group) path: `/1/2/56` → `path: [1, 2, 56]`, `id: 56`. */
export interface LocationPath {
  readonly path: readonly number[];
  /** The last segment: the location id. */
  readonly id: number;
}

/** What each kind of reference resolves to. */
export interface HrefTargets {
  readonly contentType: number;
  readonly location: LocationPath;
  readonly section: number;
  readonly user: number;
  readonly content: number;
  readonly contentTypeGroup: number;
  readonly userGroup: LocationPath;
  readonly role: number;
  readonly objectState: { readonly groupId: number; readonly stateId: number };
  readonly trash: true;
}

/** Route kinds an input href can reference (Ibexa resolves one by its named route parameter). */
export type HrefKind = keyof HrefTargets;

type RouteParser<K extends HrefKind> = (path: string) => HrefTargets[K] | undefined;

const id = (text: string | undefined): number | undefined => {
  if (text === undefined) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : undefined;
};

const locationPath = (text: string | undefined): LocationPath | undefined => {
  if (text === undefined) return undefined;
  const path = text.split('/').slice(1).map(Number);
  const last = path[path.length - 1];
  return last !== undefined && path.every(Number.isSafeInteger) ? { path, id: last } : undefined;
};

const single = (pattern: RegExp) => (path: string): number | undefined => id(pattern.exec(path)?.[1]);

/** Route patterns relative to the prefix (Ibexa's REST routes), one per kind. */
const ROUTES: { readonly [K in HrefKind]: RouteParser<K> } = {
  contentType: single(/^\/content\/types\/(\d+)$/),
  location: (path) => locationPath(/^\/content\/locations((?:\/\d+)+)$/.exec(path)?.[1]),
  section: single(/^\/content\/sections\/(\d+)$/),
  user: single(/^\/user\/users\/(\d+)$/),
  content: single(/^\/content\/objects\/(\d+)$/),
  contentTypeGroup: single(/^\/content\/typegroups\/(\d+)$/),
  userGroup: (path) => locationPath(/^\/user\/groups((?:\/\d+)+)$/.exec(path)?.[1]),
  role: single(/^\/user\/roles\/(\d+)$/),
  objectState: (path) => {
    const match = /^\/content\/objectstategroups\/(\d+)\/objectstates\/(\d+)$/.exec(path);
    const groupId = id(match?.[1]);
    const stateId = id(match?.[2]);
    return groupId === undefined || stateId === undefined ? undefined : { groupId, stateId };
  },
  trash: (path) => (path === '/content/trash' ? true : undefined),
};

const LABELS: { readonly [K in HrefKind]: string } = {
  contentType: 'content type', location: 'location', section: 'section', user: 'user', content: 'content',
  contentTypeGroup: 'content type group', userGroup: 'user group', role: 'role', objectState: 'object state',
  trash: 'trash',
};

/**
 * The route part of an href below `prefix`: absolute URLs (`http://host/api/…`) contribute their
 * path; query and fragment are dropped. `undefined` when the href is not under the prefix.
 */
const routePath = (href: string, prefix: string): string | undefined => {
  let path = href.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    if (!URL.canParse(path)) return undefined;
    path = new URL(path).pathname;
  }
  path = path.replace(/[?#].*$/s, '');
  const base = prefix.replace(/\/+$/, '');
  return path.startsWith(`${base}/`) ? path.slice(base.length) : undefined;
};

/**
 * Resolves a reference href (`{"_href": "/api/ibexa/v2/content/types/1"}`) by matching it against
 * the route of `kind` below the REST prefix, as Ibexa does. `prefix` is the full prefix, including
 * any subfolder the app is mounted under (`/cms/api/ibexa/v2`); absolute URLs are accepted.
 * Returns the id (most kinds), the location path (`location`, `userGroup`), both ids
 * (`objectState`) or `true` (`trash`).
 *
 * @throws InvalidHrefError (406) `Invalid href '<href>': expected a <kind> reference` when the href
 *   is outside the prefix, matches another route, or has a non-numeric id (Ibexa REST
 *   InvalidArgumentException, which Ibexa maps to 406)
 */
export function parseHref<K extends HrefKind>(href: string, prefix: string, kind: K): HrefTargets[K] {
  const path = routePath(href, prefix);
  const parse: RouteParser<K> = ROUTES[kind];
  const target = path === undefined ? undefined : parse(path);
  if (target === undefined) {
    const label = LABELS[kind];
    throw new InvalidHrefError(`Invalid href '${href}': expected ${/^[aeiou]/.test(label) ? 'an' : 'a'} ${label} reference`);
  }
  return target;
}

/** Target of a `Destination` header (COPY/MOVE/SWAP, a prefixed href): a location, the trash, or a user group. */
export type Destination =
  | ({ readonly kind: 'location' } & LocationPath)
  | { readonly kind: 'trash' }
  | ({ readonly kind: 'userGroup' } & LocationPath);

/**
 * Parses a `Destination` header of COPY/MOVE/SWAP (`/api/ibexa/v2/content/locations/1/43`,
 * `/api/ibexa/v2/content/trash`, `/api/ibexa/v2/user/groups/1/5/12`); callers decide which kinds
 * they accept.
 *
 * @throws BadRequestError `Missing Destination header.` when absent or blank;
 *   `<header> is not an acceptable destination` when it matches none of the three routes (Ibexa's wording)
 */
export function parseDestination(header: string | undefined, prefix: string): Destination {
  if (header === undefined || header.trim() === '') throw new BadRequestError('Missing Destination header.');
  const path = routePath(header, prefix);
  if (path !== undefined) {
    const location = ROUTES.location(path);
    if (location !== undefined) return { kind: 'location', ...location };
    if (ROUTES.trash(path) === true) return { kind: 'trash' };
    const group = ROUTES.userGroup(path);
    if (group !== undefined) return { kind: 'userGroup', ...group };
  }
  throw new BadRequestError(`${header} is not an acceptable destination`);
}

/**
 * Parses the location path string of the 5.x `*Input` destination payloads (`"/1/2/56"`, regex
 * `^(/\d+)+$`, as Ibexa validates them).
 *
 * @param inputName the payload name for the message (`CopyLocationInput`)
 * @throws BadRequestError `Input data validation failed for <inputName>` on any other string
 */
export function parseLocationPathString(value: string, inputName: string): LocationPath {
  const parsed = /^(?:\/\d+)+$/.test(value) ? locationPath(value) : undefined;
  if (parsed === undefined) throw new BadRequestError(`Input data validation failed for ${inputName}`);
  return parsed;
}
