import type { URLAlias } from '@contentrepo/core';
import type { RestContext, RestHandler, RestRoute } from '../http/rest-context.js';
import { RestNotFoundError } from '../http/rest-errors.js';
import { locationCacheTags } from '../http/http-cache-headers.js';
import { forbidOn } from '../error-response.js';
import { parseUrlAliasCreate, parseUrlWildcardCreate } from '../input/parsers/management-parser.js';
import { urlAliasHref, urlAliasNode, urlAliasRefListNode, urlWildcardHref, urlWildcardListNode, urlWildcardNode } from '../output/visitors/url-visitor.js';
import { intParam, locationIdParam, readableLocation, resource, tagged } from './route-support.js';

/** An alias element with its location's path (a LOCATION alias's `location` ref names the location path). */
async function aliasResult(context: RestContext, alias: URLAlias, status = 200) {
  const location = alias.type === 'LOCATION' ? await readableLocation(context, alias.destination) : null;
  return resource(urlAliasNode(alias, location?.pathString ?? null, context.visit), {
    ...(status === 201 ? { status, location: urlAliasHref(context.visit, alias.id) } : {}),
  });
}

/**
 * GET /content/locations/{path}/urlaliases?custom=: the location's custom aliases by default;
 * only the literal `custom=false` lists the generated ones.
 */
const loadLocationAliases: RestHandler = async (context) => {
  const location = await context.repository.locationService.loadLocation(locationIdParam(context));
  const custom = context.query.get('custom') !== 'false';
  const aliases = await context.repository.urlAliasService.listLocationAliases(location.id, custom);
  return resource(urlAliasRefListNode(aliases, context.hrefs.locationUrlAliases(location.pathString), context.visit), {
    cacheTags: locationCacheTags(location),
  });
};

/** GET /content/urlaliases: the global aliases. */
const loadGlobalAliases: RestHandler = async (context) =>
  resource(urlAliasRefListNode(await context.repository.urlAliasService.listGlobalAliases(), context.hrefs.path('/content/urlaliases'), context.visit));

/** POST /content/urlaliases: 201; a taken path (InvalidArgument) is a 403, as Ibexa's controller converts it. */
const createAlias: RestHandler = async (context) => {
  const { data } = await context.input(['UrlAliasCreate']);
  const input = parseUrlAliasCreate(data, context.hrefs.prefix);
  const { urlAliasService } = context.repository;
  const alias = await forbidOn(['InvalidArgument'], () =>
    input.type === 'LOCATION'
      ? urlAliasService.createUrlAlias(input.locationId, input.path, input.languageCode, input.forward, input.alwaysAvailable)
      : urlAliasService.createGlobalUrlAlias(input.resource, input.path, input.languageCode, input.forward, input.alwaysAvailable),
  );
  return aliasResult(context, alias, 201);
};

const aliasId = (context: RestContext): string => context.params['urlAliasId'] ?? '';

const loadAlias: RestHandler = async (context) => aliasResult(context, await context.repository.urlAliasService.load(aliasId(context)));

/** DELETE /content/urlaliases/{id}: custom and global aliases only. */
const deleteAlias: RestHandler = async (context) => {
  const { urlAliasService } = context.repository;
  await urlAliasService.load(aliasId(context));
  await urlAliasService.removeAliases([aliasId(context)]);
  return { kind: 'empty', status: 204 };
};

/** GET /content/urlwildcards → UrlWildcardList. */
const loadWildcards: RestHandler = async (context) => resource(urlWildcardListNode(await context.repository.urlWildcardService.loadAll(), context.visit));

/** POST /content/urlwildcards: 201; an existing pattern (InvalidArgument) is a 403. */
const createWildcard: RestHandler = async (context) => {
  const { data } = await context.input(['UrlWildcardCreate']);
  const input = parseUrlWildcardCreate(data);
  const wildcard = await forbidOn(['InvalidArgument'], () => context.repository.urlWildcardService.create(input.sourceUrl, input.destinationUrl, input.forward));
  return resource(urlWildcardNode(wildcard, context.visit), { status: 201, location: urlWildcardHref(context.visit, wildcard.id) });
};

const wildcardId = (context: RestContext): number => intParam(context, 'wildcardId');

/** GET /content/urlwildcards/{id} → UrlWildcard with its ETag. */
const loadWildcard: RestHandler = (context) =>
  tagged(context, { kind: 'urlWildcard', id: wildcardId(context) }, async () =>
    resource(urlWildcardNode(await context.repository.urlWildcardService.load(wildcardId(context)), context.visit)),
  );

/** DELETE /content/urlwildcards/{id} → 204; If-Match guards it. */
const deleteWildcard: RestHandler = async (context) => {
  await context.repository.urlWildcardService.remove(wildcardId(context));
  return { kind: 'empty', status: 204 };
};

/** `GET /content/locations?urlAlias=`: the location an alias path leads to. */
export async function locationIdOfAlias(context: RestContext, path: string): Promise<number> {
  const alias = await context.repository.urlAliasService.lookup(path);
  if (alias.type !== 'LOCATION') throw new RestNotFoundError(`URL alias '${path}' does not lead to a location`);
  return alias.destination;
}

/** URL alias and wildcard routes (`/content/urlaliases…`, `/content/urlwildcards…`, location aliases). */
export const urlRoutes: readonly RestRoute[] = [
  { path: '/content/locations/{locationPath:locationPath}/urlaliases', methods: [['GET', loadLocationAliases]] },
  { path: '/content/urlaliases', methods: [['GET', loadGlobalAliases], ['POST', createAlias]] },
  { path: '/content/urlaliases/{urlAliasId:urlAliasId}', methods: [['GET', loadAlias], ['DELETE', deleteAlias]] },
  { path: '/content/urlwildcards', methods: [['GET', loadWildcards], ['POST', createWildcard]] },
  {
    path: '/content/urlwildcards/{wildcardId:id}',
    methods: [['GET', loadWildcard], ['DELETE', deleteWildcard]],
    aggregate: (context) => ({ kind: 'urlWildcard', id: wildcardId(context) }),
  },
];
