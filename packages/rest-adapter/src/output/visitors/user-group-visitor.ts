import type { Location, UserGroup } from '@contentrepo/core';
import { hash, list, obj, ref, val, type ObjectNode } from '../node.js';
import { atom, versionNode, type EmbeddedVersion } from './content-visitor.js';
import { userHrefs } from './user-hrefs.js';
import type { VisitContext } from './visit-context.js';

/** A group with the main location its hrefs are built from. */
export interface GroupRef {
  readonly group: UserGroup;
  readonly mainLocation: Location;
}

/** What a full `UserGroup` element shows: the group, its main location and its current version. */
export interface GroupView extends GroupRef {
  readonly version: EmbeddedVersion;
}

/** The path string of a location's parent (`/1/5/12/` → `/1/5/`). */
const parentPath = (pathString: string): string => `${pathString.split('/').slice(0, -2).join('/')}/`;

/**
 * `UserGroup`: `@href` `/user/groups/{mainLocationPath}`, `@id`, `@remoteId`, the content
 * metadata, the embedded current version, then `ParentUserGroup` (left out for a top-level group, whose parent is
 * the virtual root), `Subgroups`, `Users` and `Roles`.
 */
export function userGroupNode(view: GroupView, context: VisitContext): ObjectNode {
  const { group, mainLocation } = view;
  const info = group.contentInfo;
  const { hrefs } = context;
  const paths = userHrefs(hrefs);
  const path = mainLocation.pathString;
  return obj('UserGroup', 'UserGroup', { href: hrefs.userGroup(path), id: info.id, remoteId: info.remoteId }, [
    ref('ContentType', 'ContentType', hrefs.contentType(info.contentTypeId)),
    val('name', info.name),
    ref('Versions', 'VersionList', hrefs.contentVersions(info.id)),
    ref('Section', 'Section', hrefs.section(info.sectionId)),
    ref('MainLocation', 'Location', hrefs.location(path)),
    ref('Locations', 'LocationList', hrefs.contentLocations(info.id)),
    ref('Owner', 'User', hrefs.user(info.ownerId)),
    info.publishedDate ? val('publishDate', atom(info.publishedDate)) : undefined,
    val('lastModificationDate', atom(info.modificationDate)),
    val('mainLanguageCode', info.mainLanguageCode),
    val('alwaysAvailable', info.alwaysAvailable),
    versionNode(view.version, context),
    mainLocation.depth > 1 ? ref('ParentUserGroup', 'UserGroup', hrefs.userGroup(parentPath(path))) : undefined,
    ref('Subgroups', 'UserGroupList', paths.groupSubgroups(path)),
    ref('Users', 'UserList', paths.groupUsers(path)),
    ref('Roles', 'RoleAssignmentList', paths.groupRoles(path)),
  ]);
}

/**
 * `UserGroupRefList`: `UserGroup` refs; listed for a user (`userId`) with more than one group,
 * each carries an `unassign` link `{@href, @method: DELETE}`.
 */
export function userGroupRefListNode(groups: readonly GroupRef[], href: string, context: VisitContext, userId?: number): ObjectNode {
  const paths = userHrefs(context.hrefs);
  return obj('UserGroupRefList', 'UserGroupRefList', { href }, [
    list(
      'UserGroup',
      groups.map(({ mainLocation }) =>
        obj('UserGroup', 'UserGroup', { href: context.hrefs.userGroup(mainLocation.pathString) }, [
          userId !== undefined && groups.length > 1 ? hash('unassign', [], { href: paths.unassign(userId, mainLocation.id), method: 'DELETE' }) : undefined,
        ]),
      ),
    ),
  ]);
}

/** `UserGroupList`: the full groups. */
export function userGroupListNode(views: readonly GroupView[], href: string, context: VisitContext): ObjectNode {
  return obj('UserGroupList', 'UserGroupList', { href }, [list('UserGroup', views.map((view) => userGroupNode(view, context)))]);
}
