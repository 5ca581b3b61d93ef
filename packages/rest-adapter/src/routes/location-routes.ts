import { UnauthorizedError, type Location } from '@contentrepo/core';
import type { AggregateOf, RestContext, RestHandler, RestResult, RestRoute } from '../http/rest-context.js';
import { BadRequestError, RestNotFoundError } from '../http/rest-errors.js';
import { locationCacheTags } from '../http/http-cache-headers.js';
import { forbidOn } from '../error-response.js';
import { parseDestination, parseLocationPathString, type Destination } from '../input/href.js';
import { destinationOf, parseLocationCreate, parseLocationUpdate } from '../input/parsers/content-parser.js';
import { reader } from '../input/reader.js';
import { locationListNode, locationNode } from '../output/visitors/location-visitor.js';
import { afterFirstWrite, intParam, intQuery, locationIdParam, resource, tagged } from './route-support.js';
import { trashLocation } from './trash-routes.js';
import { locationIdOfAlias } from './url-routes.js';

/** The aggregate of `/content/locations/{path}`: the location (the path's last id). */
const locationAggregate: AggregateOf = (context) => ({ kind: 'location', id: locationIdParam(context) });

/**
 * A Location resource with its child count, loaded afresh and tagged with the location's revision. `check` may
 * refuse the loaded location (GET's path check).
 */
function locationResult(
  context: RestContext,
  id: number,
  options: { status?: number; location?: (location: Location) => string; check?: (location: Location) => void } = {},
): Promise<RestResult> {
  return tagged(context, { kind: 'location', id }, async () => {
    const location = await context.repository.locationService.loadLocation(id);
    options.check?.(location);
    const childCount = await context.repository.locationService.getLocationChildCount(location.id);
    return resource(locationNode({ location, childCount }, context.visit), {
      acceptPatch: 'LocationUpdate',
      cacheTags: locationCacheTags(location),
      ...(options.status === undefined ? {} : { status: options.status }),
      ...(options.location === undefined ? {} : { location: options.location(location) }),
    });
  });
}

/** POST /content/objects/{id}/locations (LocationCreate) → 201; rule violations are 403. */
export const createLocationForContent: RestHandler = async (context) => {
  const { data } = await context.input(['LocationCreate']);
  const struct = parseLocationCreate(reader(data, 'LocationCreate'), context.hrefs.prefix);
  const location = await forbidOn(['InvalidArgument', 'BadState'], () =>
    context.repository.locationService.createLocation(intParam(context, 'contentId'), struct),
  );
  return locationResult(context, location.id, { status: 201, location: (created) => context.hrefs.location(created.pathString) });
};

/** GET /content/locations?id=|remoteId=|urlAlias= → 307. */
const redirectLocation: RestHandler = async (context) => {
  const { locationService } = context.repository;
  const id = context.query.get('id');
  const remoteId = context.query.get('remoteId');
  let location: Location;
  if (id !== null && /^\d+$/.test(id)) location = await locationService.loadLocation(Number(id));
  else if (remoteId) location = await locationService.loadLocationByRemoteId(remoteId);
  else if (context.query.get('urlAlias')) location = await locationService.loadLocation(await locationIdOfAlias(context, context.query.get('urlAlias') ?? ''));
  else throw new BadRequestError("At least one of 'id', 'remoteId' or 'urlAlias' query parameters is required");
  return { kind: 'redirect', status: 307, location: context.hrefs.location(location.pathString) };
};

/**
 * GET /content/locations/{path} → Location with its ETag (If-None-Match → 304): 404 when the path is not the
 * location's pathString (Ibexa checks it on GET only).
 */
const loadLocation: RestHandler = (context) =>
  locationResult(context, locationIdParam(context), {
    check: (location) => {
      if (location.pathString !== `/${context.params['locationPath'] ?? ''}/`) {
        throw new RestNotFoundError(`Could not find 'Location' with identifier '${context.params['locationPath'] ?? ''}'`);
      }
    },
  });

/**
 * PATCH /content/locations/{path} (LocationUpdate) → 200 Location with its new ETag: `hidden` hides or reveals.
 * `content/hide` is checked before anything is written, so that a refused request changes nothing; the update
 * (which may refuse a taken remoteId, or a stale If-Match) runs first, the hide or reveal after it.
 */
const updateLocation: RestHandler = async (context) => {
  const { data } = await context.input(['LocationUpdate']);
  const { struct, hidden } = parseLocationUpdate(data);
  const { locationService, permissionResolver } = context.repository;
  const id = locationIdParam(context);
  const location = await locationService.loadLocation(id);
  const target = { kind: 'content', contentInfo: location.contentInfo, locationIds: [id] } as const;
  if (hidden !== undefined && !(await permissionResolver.canUser('content', 'hide', target))) {
    throw new UnauthorizedError('content', 'hide', { locationId: id });
  }
  await locationService.updateLocation(id, struct);
  if (hidden === true) await afterFirstWrite(context).locationService.hideLocation(id);
  if (hidden === false) await afterFirstWrite(context).locationService.unhideLocation(id);
  return locationResult(context, id);
};

/** DELETE /content/locations/{path} → 204 (the subtree is removed); If-Match guards it. */
const deleteLocation: RestHandler = async (context) => {
  await context.repository.locationService.deleteLocation(locationIdParam(context));
  return { kind: 'empty', status: 204 };
};

function locationDestination(destination: Destination, header: string): number {
  if (destination.kind !== 'location') throw new BadRequestError(`${header} is not an acceptable destination`);
  return destination.id;
}

const copy = async (context: RestContext, targetId: number): Promise<RestResult> => {
  const copied = await context.repository.locationService.copySubtree(locationIdParam(context), targetId);
  return { kind: 'empty', status: 201, location: context.hrefs.location(copied.pathString) };
};

const move = async (context: RestContext, targetId: number): Promise<RestResult> => {
  const moved = await context.repository.locationService.moveSubtree(locationIdParam(context), targetId);
  return { kind: 'empty', status: 201, location: context.hrefs.location(moved.pathString) };
};

const swap = async (context: RestContext, otherId: number): Promise<RestResult> => {
  await context.repository.locationService.swapLocation(locationIdParam(context), otherId);
  return { kind: 'empty', status: 204 };
};

/** Runs a tree verb (COPY, MOVE, SWAP) with the `Destination` header; MOVE to `/content/trash` trashes. */
const byHeader =
  (verb: (context: RestContext, targetId: number) => Promise<RestResult>, allowTrash = false): RestHandler =>
  async (context) => {
    const header = context.header('destination') ?? '';
    const destination = parseDestination(header, context.hrefs.prefix);
    if (destination.kind === 'trash') {
      if (!allowTrash) throw new BadRequestError(`${header} is not an acceptable destination`);
      return trashLocation(context);
    }
    return verb(context, locationDestination(destination, header));
  };

/**
 * Runs a tree verb with a 5.x `*Input` payload `{destination: "/1/2"}` (`CopyLocationInput`, `MoveLocationInput`,
 * `SwapLocationInput`).
 */
const byInput =
  (name: string, verb: (context: RestContext, targetId: number) => Promise<RestResult>): RestHandler =>
  async (context) => {
    const { data } = await context.input([name]);
    return verb(context, parseLocationPathString(destinationOf(data, name), name).id);
  };

/** GET …/children?offset=0&limit=10: defaults 0/10, a negative limit means 25. */
const loadChildren: RestHandler = async (context) => {
  const offset = Math.max(0, intQuery(context, 'offset', 0));
  const limitParameter = intQuery(context, 'limit', 10);
  const limit = limitParameter < 0 ? 25 : limitParameter;
  const parentId = locationIdParam(context);
  const children = await context.repository.locationService.loadLocationChildren(parentId, offset, limit);
  const parent = await context.repository.locationService.loadLocation(parentId);
  // Tagged by the parent location, as Ibexa tags a children list: a child's publication purges `l<parentId>`.
  return resource(locationListNode(children.locations, context.hrefs.locationChildren(parent.pathString), context.visit), {
    cacheTags: locationCacheTags(parent),
  });
};


/** Location routes (`/content/locations…`); the location's ETag guards its writes and tree verbs (`If-Match`). */
export const locationRoutes: readonly RestRoute[] = [
  { path: '/content/locations', methods: [['GET', redirectLocation]] },
  {
    path: '/content/locations/{locationPath:locationPath}',
    methods: [
      ['GET', loadLocation],
      ['PATCH', updateLocation],
      ['DELETE', deleteLocation],
      ['COPY', byHeader(copy)],
      ['MOVE', byHeader(move, true)],
      ['SWAP', byHeader(swap)],
    ],
    postByInputType: {
      CopyLocationInput: byInput('CopyLocationInput', copy),
      MoveLocationInput: byInput('MoveLocationInput', move),
      SwapLocationInput: byInput('SwapLocationInput', swap),
      TrashLocationInput: trashLocation,
    },
    inputTypeVerbs: { TrashLocationInput: ['TRASH'] },
    aggregate: locationAggregate,
  },
  { path: '/content/locations/{locationPath:locationPath}/children', methods: [['GET', loadChildren]] },
];
