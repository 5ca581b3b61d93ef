import type { UserGroup } from '@contentrepo/core';
import { forbidOn } from '../error-response.js';
import type { AggregateOf, RestContext, RestHandler, RestResult, RestRoute } from '../http/rest-context.js';
import { BadRequestError } from '../http/rest-errors.js';
import { contentCacheTags, locationCacheTags } from '../http/http-cache-headers.js';
import { parseDestination, parseLocationPathString } from '../input/href.js';
import { destinationOf } from '../input/parsers/content-parser.js';
import { parseUserCreate, parseUserGroupCreate, parseUserGroupUpdate } from '../input/parsers/user-parser.js';
import { userGroupListNode, userGroupNode, userGroupRefListNode } from '../output/visitors/user-group-visitor.js';
import { userListNode, userNode, userRefListNode } from '../output/visitors/user-visitor.js';
import { intQuery, locationIdParam, resource, tagged, wantsVariant } from './route-support.js';
import { forbidMissingTarget, groupFromPath, groupRef, groupView, paging, ROOT_USER_GROUP_LOCATION_ID, userView } from './user-route-support.js';

/** A UserGroupRefList, or a UserGroupList when Accept names it (Ibexa's resource variants). */
async function groupList(context: RestContext, groups: readonly UserGroup[]): Promise<RestResult> {
  const href = context.hrefs.path(context.path);
  if (wantsVariant(context, 'UserGroupList')) {
    const views = [];
    for (const group of groups) views.push(await groupView(context, group));
    return resource(userGroupListNode(views, href, context.visit));
  }
  const refs = [];
  for (const group of groups) refs.push(await groupRef(context, group));
  return resource(userGroupRefListNode(refs, href, context.visit));
}

/** The aggregate of `/user/groups/{path}`: the group's content item (the content of the path's location). */
const groupAggregate: AggregateOf = async (context) => ({
  kind: 'content',
  id: (await context.repository.locationService.loadLocation(locationIdParam(context, 'groupPath'))).contentId,
});

/**
 * The UserGroup resource of content `groupId` (Accept-Patch UserGroupUpdate), 201 + Location when just created;
 * loaded afresh and tagged with the revision of the group's content item.
 */
function groupResult(context: RestContext, groupId: number, created = false): Promise<RestResult> {
  return tagged(context, { kind: 'content', id: groupId }, async () => {
    const view = await groupView(context, await context.repository.userService.loadUserGroup(groupId));
    const href = context.hrefs.userGroup(view.mainLocation.pathString);
    return resource(userGroupNode(view, context.visit), {
      acceptPatch: 'UserGroupUpdate',
      cacheTags: contentCacheTags(view.group.contentInfo, view.mainLocation),
      ...(created ? { status: 201, location: href } : {}),
    });
  });
}

/** GET /user/groups?id=|roleId=|remoteId= → UserGroupRefList/UserGroupList; no filter: empty list (as in Ibexa). */
const loadGroups: RestHandler = async (context) => {
  const { userService, roleService } = context.repository;
  const id = context.query.get('id');
  const roleId = context.query.get('roleId');
  const remoteId = context.query.get('remoteId');
  let groups: UserGroup[] = [];
  if (id !== null) {
    if (!/^\d+$/.test(id)) throw new BadRequestError(`Invalid value '${id}' for the 'id' parameter`);
    groups = [await userService.loadUserGroup(Number(id))];
  } else if (roleId !== null) {
    const match = /(?:^|\/user\/roles\/)(\d+)\/?$/.exec(roleId);
    if (!match?.[1]) throw new BadRequestError(`Invalid value '${roleId}' for the 'roleId' parameter`);
    const assignments = await roleService.getRoleAssignments(Number(match[1]));
    for (const groupId of new Set(assignments.filter((a) => a.subjectKind === 'group').map((a) => a.subjectId))) {
      groups.push(await userService.loadUserGroup(groupId));
    }
  } else if (remoteId !== null) {
    groups = [await userService.loadUserGroupByRemoteId(remoteId)];
  }
  return groupList(context, groups);
};

/** GET /user/groups/root → 301 to the root user group. */
const redirectRoot: RestHandler = async (context) => {
  const location = await context.repository.locationService.loadLocation(ROOT_USER_GROUP_LOCATION_ID);
  return { kind: 'redirect', status: 301, location: context.hrefs.userGroup(location.pathString) };
};

/** POST /user/groups/subgroups (UserGroupCreate) → 201 top-level group below the root group. */
const createTopLevelGroup: RestHandler = async (context) => {
  const { data } = await context.input(['UserGroupCreate']);
  const struct = parseUserGroupCreate(data, context.hrefs.prefix);
  const root = await context.repository.locationService.loadLocation(ROOT_USER_GROUP_LOCATION_ID);
  const created = await context.repository.userService.createUserGroup(struct, root.contentId);
  return groupResult(context, created.contentInfo.id, true);
};

/** GET /user/groups/{path} → UserGroup with its ETag (If-None-Match → 304). */
const loadGroup: RestHandler = async (context) => groupResult(context, (await groupAggregate(context)).id);

/** PATCH /user/groups/{path} (UserGroupUpdate) → 200 UserGroup with its new ETag; If-Match guards it. */
const updateGroup: RestHandler = async (context) => {
  const { data } = await context.input(['UserGroupUpdate']);
  const struct = parseUserGroupUpdate(data, context.hrefs.prefix);
  const { group } = await groupFromPath(context);
  await context.repository.userService.updateUserGroup(group.contentInfo.id, struct);
  return groupResult(context, group.contentInfo.id);
};

/** DELETE /user/groups/{path} → 204; a group with users is 403; If-Match guards it. */
const deleteGroup: RestHandler = async (context) => {
  const { group } = await groupFromPath(context);
  await forbidOn(['BadState'], () => context.repository.userService.deleteUserGroup(group.contentInfo.id));
  return { kind: 'empty', status: 204 };
};

/** Moves the group of the path below the group at `targetLocationId`: 201 + its new Location. */
async function moveGroup(context: RestContext, targetLocationId: number): Promise<RestResult> {
  const { group, mainLocation } = await groupFromPath(context);
  const { userService, locationService } = context.repository;
  const target = await forbidMissingTarget(async () => userService.loadUserGroup((await locationService.loadLocation(targetLocationId)).contentId));
  await forbidMissingTarget(() => userService.moveUserGroup(group.contentInfo.id, target.contentInfo.id));
  const moved = await locationService.loadLocation(mainLocation.id);
  return { kind: 'empty', status: 201, location: context.hrefs.userGroup(moved.pathString) };
}

/** MOVE + `Destination: /api/ibexa/v2/user/groups/<path>`. */
const moveByHeader: RestHandler = async (context) => {
  const header = context.header('destination');
  const destination = parseDestination(header, context.hrefs.prefix);
  if (destination.kind !== 'userGroup') throw new BadRequestError(`${header ?? ''} is not an acceptable destination`);
  return moveGroup(context, destination.id);
};

/** 5.x POST + `MoveUserGroupInput` `{destination: "/1/5/12"}`. */
const moveByInput: RestHandler = async (context) => {
  const { data } = await context.input(['MoveUserGroupInput']);
  return moveGroup(context, parseLocationPathString(destinationOf(data, 'MoveUserGroupInput'), 'MoveUserGroupInput').id);
};

/** GET /user/groups/{path}/subgroups → UserGroupRefList/UserGroupList. */
const loadSubgroups: RestHandler = async (context) => {
  const { group } = await groupFromPath(context);
  const { offset, limit } = paging(context);
  return groupList(context, await context.repository.userService.loadSubUserGroups(group.contentInfo.id, offset, limit));
};

/** POST /user/groups/{path}/subgroups (UserGroupCreate) → 201 UserGroup. */
const createSubgroup: RestHandler = async (context) => {
  const { data } = await context.input(['UserGroupCreate']);
  const struct = parseUserGroupCreate(data, context.hrefs.prefix);
  const { group } = await groupFromPath(context);
  const created = await context.repository.userService.createUserGroup(struct, group.contentInfo.id);
  return groupResult(context, created.contentInfo.id, true);
};

/** GET /user/groups/{path}/users → UserRefList/UserList. */
const loadUsersOfGroup: RestHandler = async (context) => {
  const { group, mainLocation } = await groupFromPath(context);
  const users = await context.repository.userService.loadUsersOfUserGroup(group.contentInfo.id, intQuery(context, 'offset', 0), intQuery(context, 'limit', 25));
  const href = context.hrefs.path(context.path);
  // Tagged by the group's location, as Ibexa tags a group's user list.
  const cacheTags = locationCacheTags(mainLocation);
  if (!wantsVariant(context, 'UserList')) return resource(userRefListNode(users, href, context.visit), { cacheTags });
  const views = [];
  for (const user of users) views.push(await userView(context, user));
  return resource(userListNode(views, href, context.visit), { cacheTags });
};

/** POST /user/groups/{path}/users (UserCreate) → 201 User; login or e-mail taken: 403. */
const createUser: RestHandler = async (context) => {
  const { data } = await context.input(['UserCreate']);
  const struct = parseUserCreate(data, context.hrefs.prefix);
  const { group } = await groupFromPath(context);
  const user = await forbidOn(['InvalidArgument'], () => context.repository.userService.createUser(struct, [group.contentInfo.id]));
  const view = await userView(context, user);
  return resource(userNode(view.user, view.mainLocation, view.version, context.visit), {
    status: 201,
    location: context.hrefs.user(user.contentInfo.id),
    acceptPatch: 'UserUpdate',
  });
};

/** User groups (`/user/groups…`; the role assignment routes are in role-assignment-routes.ts). */
export const userGroupRoutes: readonly RestRoute[] = [
  { path: '/user/groups', methods: [['GET', loadGroups]] },
  { path: '/user/groups/root', methods: [['GET', redirectRoot]] },
  { path: '/user/groups/subgroups', methods: [['POST', createTopLevelGroup]] },
  {
    path: '/user/groups/{groupPath:groupPath}',
    methods: [['GET', loadGroup], ['PATCH', updateGroup], ['DELETE', deleteGroup], ['MOVE', moveByHeader]],
    postByInputType: { MoveUserGroupInput: moveByInput },
    aggregate: groupAggregate,
  },
  { path: '/user/groups/{groupPath:groupPath}/subgroups', methods: [['GET', loadSubgroups], ['POST', createSubgroup]] },
  { path: '/user/groups/{groupPath:groupPath}/users', methods: [['GET', loadUsersOfGroup], ['POST', createUser]] },
];
