import type { RestContext, RestHandler } from '../http/rest-context.js';
import { ForbiddenError, RestNotFoundError } from '../http/rest-errors.js';
import type { RouteDefinition } from '../http/route-table.js';
import { forbidOn } from '../error-response.js';
import {
  parseContentObjectStates,
  parseObjectStateCreate,
  parseObjectStateGroupCreate,
  parseObjectStateGroupUpdate,
  parseObjectStateUpdate,
} from '../input/parsers/management-parser.js';
import {
  contentObjectStatesNode,
  objectStateGroupListNode,
  objectStateGroupNode,
  objectStateHref,
  objectStateListNode,
  objectStateNode,
} from '../output/visitors/object-state-visitor.js';
import { intParam, resource } from './route-support.js';

const groupId = (context: RestContext): number => intParam(context, 'groupId');
const stateId = (context: RestContext): number => intParam(context, 'stateId');

/** The state of the path, 404 when it is not one of the path's group. */
async function stateOfPath(context: RestContext): ReturnType<RestContext['repository']['objectStateService']['loadObjectState']> {
  const state = await context.repository.objectStateService.loadObjectState(stateId(context));
  if (state.groupId !== groupId(context)) throw new RestNotFoundError(`Could not find 'ObjectState' with identifier '${stateId(context)}' in group ${groupId(context)}`);
  return state;
}

const groupResult = (context: RestContext, group: Parameters<typeof objectStateGroupNode>[0], status = 200) =>
  resource(objectStateGroupNode(group, context.visit), {
    acceptPatch: 'ObjectStateGroupUpdate',
    ...(status === 201 ? { status, location: context.hrefs.path(`/content/objectstategroups/${group.id}`) } : {}),
  });

const stateResult = (context: RestContext, state: Parameters<typeof objectStateNode>[0], status = 200) =>
  resource(objectStateNode(state, context.visit), {
    acceptPatch: 'ObjectStateUpdate',
    ...(status === 201 ? { status, location: objectStateHref(context.visit, state.groupId, state.id) } : {}),
  });

/** GET /content/objectstategroups → ObjectStateGroupList. */
const loadGroups: RestHandler = async (context) =>
  resource(objectStateGroupListNode(await context.repository.objectStateService.loadObjectStateGroups(), context.visit));

/** POST /content/objectstategroups: 201; rule violations (duplicate identifier, …) are 403, as in Ibexa. */
const createGroup: RestHandler = async (context) => {
  const { data } = await context.input(['ObjectStateGroupCreate']);
  const struct = parseObjectStateGroupCreate(data);
  const group = await forbidOn(['InvalidArgument'], () => context.repository.objectStateService.createObjectStateGroup(struct));
  return groupResult(context, group, 201);
};

const loadGroup: RestHandler = async (context) => groupResult(context, await context.repository.objectStateService.loadObjectStateGroup(groupId(context)));

const updateGroup: RestHandler = async (context) => {
  const { data } = await context.input(['ObjectStateGroupUpdate']);
  const struct = parseObjectStateGroupUpdate(data);
  return groupResult(context, await forbidOn(['InvalidArgument'], () => context.repository.objectStateService.updateObjectStateGroup(groupId(context), struct)));
};

const deleteGroup: RestHandler = async (context) => {
  await context.repository.objectStateService.deleteObjectStateGroup(groupId(context));
  return { kind: 'empty', status: 204 };
};

/** GET …/objectstates → ObjectStateList. */
const loadStates: RestHandler = async (context) =>
  resource(objectStateListNode(groupId(context), await context.repository.objectStateService.loadObjectStates(groupId(context)), context.visit));

/** POST …/objectstates: 201; rule violations are 403. */
const createState: RestHandler = async (context) => {
  const { data } = await context.input(['ObjectStateCreate']);
  const struct = parseObjectStateCreate(data);
  const state = await forbidOn(['InvalidArgument'], () => context.repository.objectStateService.createObjectState(groupId(context), struct));
  return stateResult(context, state, 201);
};

const loadState: RestHandler = async (context) => stateResult(context, await stateOfPath(context));

const updateState: RestHandler = async (context) => {
  const { data } = await context.input(['ObjectStateUpdate']);
  const struct = parseObjectStateUpdate(data);
  const state = await stateOfPath(context);
  return stateResult(context, await forbidOn(['InvalidArgument'], () => context.repository.objectStateService.updateObjectState(state.id, struct)));
};

const deleteState: RestHandler = async (context) => {
  const state = await stateOfPath(context);
  await context.repository.objectStateService.deleteObjectState(state.id);
  return { kind: 'empty', status: 204 };
};

/** GET /content/objects/{id}/objectstates: the content's state in every group with states. */
const loadContentStates: RestHandler = async (context) => {
  const { contentService, objectStateService } = context.repository;
  const contentId = intParam(context, 'contentId');
  await contentService.loadContentInfo(contentId);
  const states: { groupId: number; stateId: number }[] = [];
  for (const group of await objectStateService.loadObjectStateGroups()) {
    if ((await objectStateService.loadObjectStates(group.id)).length === 0) continue;
    states.push({ groupId: group.id, stateId: (await objectStateService.getContentState(contentId, group.id)).id });
  }
  return resource(contentObjectStatesNode(states, context.visit), { acceptPatch: 'ContentObjectStates' });
};

/**
 * PATCH /content/objects/{id}/objectstates: 200 with the states just set (as Ibexa's code does; its docs say 204);
 * two states of one group are a 403.
 */
const setContentStates: RestHandler = async (context) => {
  const { data } = await context.input(['ContentObjectStates']);
  const states = parseContentObjectStates(data, context.hrefs.prefix);
  const groups = new Set<number>();
  for (const state of states) {
    if (groups.has(state.groupId)) throw new ForbiddenError(`Multiple Object states provided for group with ID ${state.groupId}`);
    groups.add(state.groupId);
  }
  const contentId = intParam(context, 'contentId');
  await context.repository.contentService.loadContentInfo(contentId);
  await context.repository.objectStateService.setContentStates(contentId, states);
  return resource(contentObjectStatesNode(states, context.visit), { acceptPatch: 'ContentObjectStates' });
};

/** Object state routes (`/content/objectstategroups…`, `/content/objects/{id}/objectstates`). */
export const objectStateRoutes: readonly RouteDefinition<RestHandler>[] = [
  { path: '/content/objects/{contentId:id}/objectstates', methods: [['GET', loadContentStates], ['PATCH', setContentStates]] },
  { path: '/content/objectstategroups', methods: [['GET', loadGroups], ['POST', createGroup]] },
  { path: '/content/objectstategroups/{groupId:id}', methods: [['GET', loadGroup], ['PATCH', updateGroup], ['DELETE', deleteGroup]] },
  { path: '/content/objectstategroups/{groupId:id}/objectstates', methods: [['GET', loadStates], ['POST', createState]] },
  {
    path: '/content/objectstategroups/{groupId:id}/objectstates/{stateId:id}',
    methods: [['GET', loadState], ['PATCH', updateState], ['DELETE', deleteState]],
  },
];
