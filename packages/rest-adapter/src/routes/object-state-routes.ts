import type { LockTarget } from '@contentrepo/core';
import type { RestContext, RestHandler, RestResult, RestRoute } from '../http/rest-context.js';
import { ForbiddenError, RestNotFoundError } from '../http/rest-errors.js';
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
import { contentAggregate, intParam, resource, tagged } from './route-support.js';

const groupId = (context: RestContext): number => intParam(context, 'groupId');
const stateId = (context: RestContext): number => intParam(context, 'stateId');

/** The state of the path, 404 when it is not one of the path's group. */
async function stateOfPath(context: RestContext): ReturnType<RestContext['repository']['objectStateService']['loadObjectState']> {
  const state = await context.repository.objectStateService.loadObjectState(stateId(context));
  if (state.groupId !== groupId(context)) throw new RestNotFoundError(`Could not find 'ObjectState' with identifier '${stateId(context)}' in group ${groupId(context)}`);
  return state;
}

/** The aggregate of `/content/objectstategroups/{groupId}…`: the group with its states. */
const groupAggregate = (context: RestContext): LockTarget => ({ kind: 'objectStateGroup', id: groupId(context) });

/** An ObjectStateGroup element, loaded afresh and tagged with the group's revision. */
const groupResult = (context: RestContext, id: number, status = 200): Promise<RestResult> =>
  tagged(context, { kind: 'objectStateGroup', id }, async () =>
    resource(objectStateGroupNode(await context.repository.objectStateService.loadObjectStateGroup(id), context.visit), {
      acceptPatch: 'ObjectStateGroupUpdate',
      ...(status === 201 ? { status, location: context.hrefs.path(`/content/objectstategroups/${id}`) } : {}),
    }),
  );

/** An ObjectState element (`load` gives it), tagged with its group's revision (read before `load` runs). */
const stateResult = (context: RestContext, group: number, load: () => Promise<Parameters<typeof objectStateNode>[0]>, status = 200): Promise<RestResult> =>
  tagged(context, { kind: 'objectStateGroup', id: group }, async () => {
    const state = await load();
    return resource(objectStateNode(state, context.visit), {
      acceptPatch: 'ObjectStateUpdate',
      ...(status === 201 ? { status, location: objectStateHref(context.visit, state.groupId, state.id) } : {}),
    });
  });

/** GET /content/objectstategroups → ObjectStateGroupList. */
const loadGroups: RestHandler = async (context) =>
  resource(objectStateGroupListNode(await context.repository.objectStateService.loadObjectStateGroups(), context.visit));

/** POST /content/objectstategroups: 201; rule violations (duplicate identifier, …) are 403, as in Ibexa. */
const createGroup: RestHandler = async (context) => {
  const { data } = await context.input(['ObjectStateGroupCreate']);
  const struct = parseObjectStateGroupCreate(data);
  const group = await forbidOn(['InvalidArgument'], () => context.repository.objectStateService.createObjectStateGroup(struct));
  return groupResult(context, group.id, 201);
};

/** GET /content/objectstategroups/{id} → ObjectStateGroup with its ETag (If-None-Match → 304). */
const loadGroup: RestHandler = (context) => groupResult(context, groupId(context));

/** PATCH /content/objectstategroups/{id} → 200 ObjectStateGroup with its new ETag; If-Match guards it. */
const updateGroup: RestHandler = async (context) => {
  const { data } = await context.input(['ObjectStateGroupUpdate']);
  const struct = parseObjectStateGroupUpdate(data);
  await forbidOn(['InvalidArgument'], () => context.repository.objectStateService.updateObjectStateGroup(groupId(context), struct));
  return groupResult(context, groupId(context));
};

/** DELETE /content/objectstategroups/{id} → 204; If-Match guards it. */
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
  return stateResult(context, groupId(context), () => context.repository.objectStateService.loadObjectState(state.id), 201);
};

/** GET …/objectstates/{id} → ObjectState with its group's ETag (If-None-Match → 304). */
const loadState: RestHandler = (context) => stateResult(context, groupId(context), () => stateOfPath(context));

/** PATCH …/objectstates/{id} → 200 ObjectState with its group's new ETag; If-Match (the group's tag) guards it. */
const updateState: RestHandler = async (context) => {
  const { data } = await context.input(['ObjectStateUpdate']);
  const struct = parseObjectStateUpdate(data);
  const state = await stateOfPath(context);
  await forbidOn(['InvalidArgument'], () => context.repository.objectStateService.updateObjectState(state.id, struct));
  return loadState(context);
};

/** DELETE …/objectstates/{id} → 204; If-Match (the group's tag) guards it. */
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

/**
 * Object state routes (`/content/objectstategroups…`, `/content/objects/{id}/objectstates`). A group and its states
 * share one aggregate (and ETag revision); an item's states are guarded by the item's ETag.
 */
export const objectStateRoutes: readonly RestRoute[] = [
  {
    path: '/content/objects/{contentId:id}/objectstates',
    methods: [['GET', loadContentStates], ['PATCH', setContentStates]],
    aggregate: contentAggregate,
  },
  { path: '/content/objectstategroups', methods: [['GET', loadGroups], ['POST', createGroup]] },
  {
    path: '/content/objectstategroups/{groupId:id}',
    methods: [['GET', loadGroup], ['PATCH', updateGroup], ['DELETE', deleteGroup]],
    aggregate: groupAggregate,
  },
  { path: '/content/objectstategroups/{groupId:id}/objectstates', methods: [['GET', loadStates], ['POST', createState]], aggregate: groupAggregate },
  {
    path: '/content/objectstategroups/{groupId:id}/objectstates/{stateId:id}',
    methods: [['GET', loadState], ['PATCH', updateState], ['DELETE', deleteState]],
    aggregate: groupAggregate,
  },
];
