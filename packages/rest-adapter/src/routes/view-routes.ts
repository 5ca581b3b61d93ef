import type { Content, ContentType, Location, Relation, SearchResult } from '@contentrepo/core';
import type { RestContext, RestHandler, RestResult } from '../http/rest-context.js';
import { BadRequestError, NotImplementedRestError } from '../http/rest-errors.js';
import { unknownContentTypeMessage } from '../http/media-types.js';
import type { RouteDefinition } from '../http/route-table.js';
import type { CriterionLookups } from '../input/parsers/view-criterion-parser.js';
import { parseViewInput, VIEW_INPUT_VERSIONS, type ViewInputVersion, type ViewRequest } from '../input/parsers/view-input-parser.js';
import type { ObjectNode } from '../output/node.js';
import { contentNode } from '../output/visitors/content-visitor.js';
import { locationNode } from '../output/visitors/location-visitor.js';
import { type ViewResultView, viewHref, viewNode } from '../output/visitors/view-visitor.js';
import { contentTypesOf, resource } from './route-support.js';

const isVersion = (version: string): version is ViewInputVersion => VIEW_INPUT_VERSIONS.some((known) => known === version);

/** Location lookups of the criterion parsers, through the acting user's LocationService (404 / 401). */
const lookupsOf = (context: RestContext): CriterionLookups => ({
  userId: context.userId,
  loadLocation: (id) => context.repository.locationService.loadLocation(id),
  loadLocationByRemoteId: (remoteId) => context.repository.locationService.loadLocationByRemoteId(remoteId),
});

/** Relations of each content's current version, by content id (one batched load for the page). */
async function relationsOf(context: RestContext, contents: readonly Content[]): Promise<ReadonlyMap<number, readonly Relation[]>> {
  const lists = await context.repository.contentService.loadRelationsList(contents.map((content) => content.versionInfo));
  return new Map(contents.map((content, index) => [content.contentInfo.id, lists[index] ?? []]));
}

/** The content type of `content` from {@link contentTypesOf}'s map. @throws Error when absent (a bug). */
function typeOf(types: ReadonlyMap<number, ContentType>, content: Content): ContentType {
  const type = types.get(content.contentInfo.contentTypeId);
  if (!type) throw new Error(`Content type ${content.contentInfo.contentTypeId} of content ${content.contentInfo.id} was not loaded`);
  return type;
}

type Hits = Pick<ViewResultView, 'count' | 'time' | 'timedOut' | 'maxScore' | 'hits'>;

const hitsOf = <T>(result: SearchResult<T>, nodes: readonly ObjectNode[]): Hits => ({
  count: result.totalCount,
  time: result.time,
  timedOut: result.timedOut,
  maxScore: result.maxScore,
  hits: result.hits.flatMap((hit, index) => {
    const node = nodes[index];
    return node ? [{ score: hit.score, index: hit.index, node }] : [];
  }),
});

/**
 * Content hits (content search): `Content` with the current version embedded, and its main location when readable — the
 * main locations and the relations of the page loaded in one batch each.
 */
async function contentHits(context: RestContext, view: ViewRequest): Promise<Hits> {
  const { searchService, locationService } = context.repository;
  const result = await searchService.findContent(view.query, view.languageFilter);
  const contents = result.hits.map((hit) => hit.value);
  const mainIds = contents.flatMap((content) => (content.contentInfo.mainLocationId === null ? [] : [content.contentInfo.mainLocationId]));
  const [relations, mains, types] = await Promise.all([relationsOf(context, contents), locationService.loadLocationList(mainIds), contentTypesOf(context, contents)]);
  const mainById = new Map(mains.map((location) => [location.id, location]));
  const nodes = contents.map((content) =>
    contentNode(
      {
        contentInfo: content.contentInfo,
        mainLocation: content.contentInfo.mainLocationId === null ? null : (mainById.get(content.contentInfo.mainLocationId) ?? null),
        currentVersion: { content, relations: relations.get(content.contentInfo.id) ?? [], contentType: typeOf(types, content) },
      },
      context.visit,
    ),
  );
  return hitsOf(result, nodes);
}

/**
 * Location hits (location search): `Location` (no `explicitlyHidden`) embedding its Content with the current
 * version (fields in the view's languages); the contents, their relations and the child counts of the page are
 * loaded in one batch each.
 */
async function locationHits(context: RestContext, view: ViewRequest): Promise<Hits> {
  const { searchService, contentService } = context.repository;
  const result = await searchService.findLocations(view.query, view.languageFilter);
  const locations: Location[] = result.hits.map((hit) => hit.value);
  const [contents, childCounts] = await Promise.all([
    contentService.loadContentListByContentInfo(
      locations.map((location) => location.contentInfo),
      view.languageFilter,
    ),
    searchService.countLocationChildren(locations.map((location) => location.id)),
  ]);
  const contentById = new Map(contents.map((content) => [content.contentInfo.id, content]));
  const [relations, types] = await Promise.all([relationsOf(context, contents), contentTypesOf(context, contents)]);
  const nodes = locations.map((location) => {
    const content = contentById.get(location.contentId);
    return locationNode(
      {
        location,
        childCount: childCounts.get(location.id) ?? 0,
        inSearchHit: true,
        ...(content ? { currentVersion: { content, relations: relations.get(location.contentId) ?? [], contentType: typeOf(types, content) } } : {}),
      },
      context.visit,
    );
  });
  return hitsOf(result, nodes);
}

/** Parses the ViewInput and runs the search. */
async function runView(context: RestContext): Promise<{ readonly view: ViewRequest; readonly root: ObjectNode }> {
  const { type, data } = await context.input(['ViewInput']);
  if (!isVersion(type.version)) throw new BadRequestError(unknownContentTypeMessage(type.media, type.version));
  const view = await parseViewInput(data, type.version, lookupsOf(context));
  const hits = view.target === 'content' ? await contentHits(context, view) : await locationHits(context, view);
  return { view, root: viewNode({ identifier: view.identifier, ...hits }, context.visit) };
}

/** POST /views → 200 View with `Location: /views/<identifier>`. */
const createView: RestHandler = async (context): Promise<RestResult> => {
  const { view, root } = await runView(context);
  return resource(root, { location: viewHref(context.visit, view.identifier) });
};

/**
 * POST /content/views (deprecated, ≤ 4.6): the same View, with status 301 and `Location: <prefix>/views`, as
 * Ibexa's internal forward to `POST /views` answers.
 */
const legacyCreateView: RestHandler = async (context): Promise<RestResult> => {
  const { root } = await runView(context);
  return resource(root, { status: 301, location: context.hrefs.path('/views') });
};

/** GET /views… → 501: views are not stored, only run by POST. */
const viewsNotStored: RestHandler = async () => {
  throw new NotImplementedRestError('Stored views are not supported: run a search with POST /views');
};

/** Search routes (`/views…`, `/content/views`). */
export const viewRoutes: readonly RouteDefinition<RestHandler>[] = [
  { path: '/views', methods: [['POST', createView], ['GET', viewsNotStored]] },
  { path: '/views/{viewId:viewId}', methods: [['GET', viewsNotStored]] },
  { path: '/views/{viewId:viewId}/results', methods: [['GET', viewsNotStored]] },
  { path: '/content/views', methods: [['POST', legacyCreateView]] },
];
