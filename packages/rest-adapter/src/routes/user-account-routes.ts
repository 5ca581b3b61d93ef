import { isRepositoryError, type ContentInfo, type LockTarget, type User, type VersionInfo } from '@contentrepo/core';
import { forbidOn } from '../error-response.js';
import type { RestContext, RestHandler, RestResult, RestRoute } from '../http/rest-context.js';
import { BadRequestError, RestNotFoundError } from '../http/rest-errors.js';
import { contentCacheTags } from '../http/http-cache-headers.js';
import { parseUserUpdate } from '../input/parsers/user-parser.js';
import { hash, list, obj, ref, type ObjectNode } from '../output/node.js';
import { versionInfoHash } from '../output/visitors/content-visitor.js';
import { userGroupRefListNode } from '../output/visitors/user-group-visitor.js';
import { userHrefs } from '../output/visitors/user-hrefs.js';
import { userListNode, userNode, userRefListNode } from '../output/visitors/user-visitor.js';
import { intParam, resource, tagged, wantsVariant } from './route-support.js';
import { forbidMissingTarget, groupRef, paging, userView } from './user-route-support.js';

const userId = (context: RestContext): number => intParam(context, 'userId');

/** The aggregate of `/user/users/{id}…`: the user's content item (a user id is a content id). */
export const userAggregate = (context: RestContext): LockTarget => ({ kind: 'content', id: userId(context) });

/** A User element, loaded afresh and tagged with the revision of the user's content item. */
export const userResult = (context: RestContext, id: number): Promise<RestResult> =>
  tagged(context, { kind: 'content', id }, async () => {
    const view = await userView(context, await context.repository.userService.loadUser(id));
    return resource(userNode(view.user, view.mainLocation, view.version, context.visit), {
      acceptPatch: 'UserUpdate',
      cacheTags: contentCacheTags(view.user.contentInfo, view.mainLocation),
    });
  });

/** A role id from `?roleId=` given as a role href (as Ibexa expects it) or as a plain id. */
function roleIdOf(value: string): number {
  const match = /(?:^|\/user\/roles\/)(\d+)\/?$/.exec(value);
  if (!match?.[1]) throw new BadRequestError(`Invalid value '${value}' for the 'roleId' parameter: expected a role href`);
  return Number(match[1]);
}

/**
 * The users a `/user/users` filter selects: `roleId` (users the role is assigned to
 * directly), `remoteId`, `login` or `email`, the first present in that order. An unreadable or unknown match is
 * an empty result, as in Ibexa's controller; no filter is an empty result too.
 */
async function filteredUsers(context: RestContext): Promise<readonly User[]> {
  const { userService, roleService, contentService } = context.repository;
  const query = context.query;
  try {
    const roleId = query.get('roleId');
    if (roleId !== null) {
      const assignments = await roleService.getRoleAssignments(roleIdOf(roleId));
      const ids = [...new Set(assignments.filter((a) => a.subjectKind === 'user').map((a) => a.subjectId))];
      const users: User[] = [];
      for (const id of ids) users.push(await userService.loadUser(id));
      return users;
    }
    const remoteId = query.get('remoteId');
    if (remoteId !== null) return [await userService.loadUser((await contentService.loadContentInfoByRemoteId(remoteId)).id)];
    const login = query.get('login');
    if (login !== null) return [await userService.loadUserByLogin(login)];
    const email = query.get('email');
    if (email !== null) return await userService.loadUsersByEmail(email);
    return [];
  } catch (error) {
    if (isRepositoryError(error) && (error.code === 'NotFound' || error.code === 'Unauthorized')) return [];
    throw error;
  }
}

const noUsers = (): RestNotFoundError => new RestNotFoundError('Could not find Users with the given filter');

/** GET /user/users?roleId|remoteId|login|email → UserRefList or UserList (Accept); 404 when none (an Ibexa quirk). */
const loadUsers: RestHandler = async (context) => {
  const users = await filteredUsers(context);
  if (users.length === 0) throw noUsers();
  const href = userHrefs(context.hrefs).users();
  if (!wantsVariant(context, 'UserList')) return resource(userRefListNode(users, href, context.visit));
  const views = [];
  for (const user of users) views.push(await userView(context, user));
  return resource(userListNode(views, href, context.visit));
};

/** HEAD /user/users (same filters): 200 when a user matches, else 404 (Ibexa's "verify users"). */
const verifyUsers: RestHandler = async (context) => {
  if ((await filteredUsers(context)).length === 0) throw noUsers();
  return { kind: 'empty', status: 200 };
};

/** PATCH /user/users/{id} (UserUpdate) → 200 User with its new ETag; If-Match guards it. */
export const updateUser: RestHandler = async (context) => {
  const { data } = await context.input(['UserUpdate']);
  await context.repository.userService.updateUser(userId(context), parseUserUpdate(data, context.hrefs.prefix));
  return userResult(context, userId(context));
};

/** DELETE /user/users/{id} → 204; deleting yourself is 403; If-Match guards it. */
export const deleteUser: RestHandler = async (context) => {
  await forbidOn(['BadState'], () => context.repository.userService.deleteUser(userId(context)));
  return { kind: 'empty', status: 204 };
};

/** The groups of a user as a UserGroupRefList with `unassign` links. */
async function groupsOfUser(context: RestContext, id: number, options = paging(context)) {
  const groups = await context.repository.userService.loadUserGroupsOfUser(id, options.offset, options.limit);
  const refs = [];
  for (const group of groups) refs.push(await groupRef(context, group));
  return resource(userGroupRefListNode(refs, context.hrefs.userGroups(id), context.visit, id));
}

const loadGroupsOfUser: RestHandler = (context) => groupsOfUser(context, userId(context));

/**
 * POST /user/users/{id}/groups?group=<UserGroup href> → 200 UserGroupRefList. Only the last path segment
 * of `group` is used; a missing group and a missing permission are 403; already assigned is 406.
 */
const assignToGroup: RestHandler = async (context) => {
  const id = userId(context);
  const group = context.query.get('group');
  const locationId = group?.replace(/\/+$/, '').split('/').pop();
  if (!locationId || !/^\d+$/.test(locationId)) throw new BadRequestError("The 'group' query parameter must be a user group href");
  const { userService, locationService } = context.repository;
  await userService.loadUser(id);
  const target = await forbidMissingTarget(async () => userService.loadUserGroup((await locationService.loadLocation(Number(locationId))).contentId));
  await forbidOn(['Unauthorized'], () => userService.assignUserToUserGroup(id, target.contentInfo.id));
  return groupsOfUser(context, id, { offset: 0, limit: -1 });
};

/** DELETE /user/users/{id}/groups/{groupLocationId} → 200 UserGroupRefList; last group or not in it: 403. */
const unassignFromGroup: RestHandler = async (context) => {
  const id = userId(context);
  const { userService, locationService } = context.repository;
  await userService.loadUser(id);
  const location = await locationService.loadLocation(intParam(context, 'groupId'));
  const group = await userService.loadUserGroup(location.contentId);
  await forbidOn(['InvalidArgument', 'BadState'], () => userService.unAssignUserFromUserGroup(id, group.contentInfo.id));
  return groupsOfUser(context, id, { offset: 0, limit: -1 });
};

/** `VersionList` of drafts of several items: one `VersionItem` (Version ref + VersionInfo) per draft. */
function draftListNode(context: RestContext, drafts: readonly VersionInfo[], infos: ReadonlyMap<number, ContentInfo>, href: string): ObjectNode {
  return obj('VersionList', 'VersionList', { href }, [
    list(
      'VersionItem',
      drafts.map((draft) => {
        const info = infos.get(draft.contentId);
        return info
          ? hash('VersionItem', [ref('Version', 'Version', context.hrefs.version(draft.contentId, draft.versionNo)), versionInfoHash(draft, info, context.visit)])
          : undefined;
      }),
    ),
  ]);
}

/** GET /user/users/{id}/drafts → VersionList of the drafts the user created. */
const loadUserDrafts: RestHandler = async (context) => {
  const id = userId(context);
  await context.repository.userService.loadUser(id);
  const drafts = await context.repository.contentService.loadContentDrafts(id);
  const infos = await context.repository.contentService.loadContentInfoList([...new Set(drafts.map((draft) => draft.contentId))]);
  return resource(draftListNode(context, drafts, infos, userHrefs(context.hrefs).userDrafts(id)));
};

/**
 * User accounts besides `/user/users/{id}` GET (filters, groups and drafts of a user); the user's ETag guards
 * assignments to groups (`If-Match`).
 */
export const userAccountRoutes: readonly RestRoute[] = [
  { path: '/user/users', methods: [['HEAD', verifyUsers], ['GET', loadUsers]] },
  { path: '/user/users/{userId:id}/groups', methods: [['GET', loadGroupsOfUser], ['POST', assignToGroup]], aggregate: userAggregate },
  { path: '/user/users/{userId:id}/groups/{groupId:id}', methods: [['DELETE', unassignFromGroup]], aggregate: userAggregate },
  { path: '/user/users/{userId:id}/drafts', methods: [['GET', loadUserDrafts]] },
];
