import type { RestContext, RestHandler, RestResult } from '../http/rest-context.js';
import { BadRequestError } from '../http/rest-errors.js';
import type { RouteDefinition } from '../http/route-table.js';
import { forbidOn } from '../error-response.js';
import { parseDestination } from '../input/href.js';
import { parseRestoreTrashItemInput } from '../input/parsers/management-parser.js';
import { trashItemNode, trashNode } from '../output/visitors/trash-visitor.js';
import { intParam, intQuery, locationIdParam, resource } from './route-support.js';

const trashItemId = (context: RestContext): number => intParam(context, 'trashItemId');

/** GET /content/trash?offset=&limit= → Trash with full items; all items by default. */
const loadTrash: RestHandler = async (context) => {
  const offset = Math.max(0, intQuery(context, 'offset', 0));
  const limit = intQuery(context, 'limit', -1);
  const { items } = await context.repository.trashService.findTrashItems(offset, limit);
  return resource(trashNode(items, context.hrefs.path('/content/trash'), context.visit));
};

/** DELETE /content/trash → 204 (empties the trash). */
const emptyTrash: RestHandler = async (context) => {
  await context.repository.trashService.emptyTrash();
  return { kind: 'empty', status: 204 };
};

/** GET /content/trash/{id} → TrashItem. */
const loadTrashItem: RestHandler = async (context) =>
  resource(trashItemNode(await context.repository.trashService.loadTrashItem(trashItemId(context)), context.visit));

/** DELETE /content/trash/{id} → 204. */
const deleteTrashItem: RestHandler = async (context) => {
  await context.repository.trashService.deleteTrashItem(trashItemId(context));
  return { kind: 'empty', status: 204 };
};

/**
 * Restores an item: 201 + `Location` of the restored location. An unknown item is a 404; an original
 * parent (or destination) that no longer exists is a 403, as Ibexa's trash restore converts that NotFound.
 */
const restore = async (context: RestContext, destinationId: number | undefined): Promise<RestResult> => {
  const { trashService } = context.repository;
  const id = trashItemId(context);
  await trashService.loadTrashItem(id);
  const location = await forbidOn(['NotFound'], () => trashService.recover(id, destinationId));
  return { kind: 'empty', status: 201, location: context.hrefs.location(location.pathString) };
};

/** MOVE /content/trash/{id} with an optional `Destination: <location href>`. */
const restoreByHeader: RestHandler = async (context) => {
  const header = context.header('destination');
  if (header === undefined || header.trim() === '') return restore(context, undefined);
  const destination = parseDestination(header, context.hrefs.prefix);
  if (destination.kind !== 'location') throw new BadRequestError(`${header} is not an acceptable destination`);
  return restore(context, destination.id);
};

/** POST /content/trash/{id} + `RestoreTrashItemInput` `{}` or `{destination}` (5.x). */
const restoreByInput: RestHandler = async (context) => {
  const { data } = await context.input(['RestoreTrashItemInput']);
  return restore(context, parseRestoreTrashItemInput(data));
};

/**
 * Sends a location to the trash (MOVE to `/content/trash`, or 5.x `TrashLocationInput`): 201 +
 * `Location: /content/trash/{id}`, or 204 when the content keeps another location (no trash item).
 */
export const trashLocation: RestHandler = async (context) => {
  const item = await context.repository.trashService.trash(locationIdParam(context));
  return item === null ? { kind: 'empty', status: 204 } : { kind: 'empty', status: 201, location: context.hrefs.path(`/content/trash/${item.id}`) };
};

/** Trash routes (`/content/trash…`). */
export const trashRoutes: readonly RouteDefinition<RestHandler>[] = [
  { path: '/content/trash', methods: [['GET', loadTrash], ['DELETE', emptyTrash]] },
  {
    path: '/content/trash/{trashItemId:id}',
    methods: [['GET', loadTrashItem], ['DELETE', deleteTrashItem], ['MOVE', restoreByHeader]],
    postByInputType: { RestoreTrashItemInput: restoreByInput },
  },
];
