import type { Location, Session, User } from '@contentrepo/core';
import { list, obj, ref, val, type ObjectNode } from '../node.js';
import { atom, versionNode, type EmbeddedVersion } from './content-visitor.js';
import type { VisitContext } from './visit-context.js';

/** `User` element with its current version embedded. */
export function userNode(user: User, mainLocation: Location | null, version: EmbeddedVersion, context: VisitContext): ObjectNode {
  const info = user.contentInfo;
  const { hrefs } = context;
  return obj('User', 'User', { href: hrefs.user(info.id), id: info.id, remoteId: info.remoteId }, [
    ref('ContentType', 'ContentType', hrefs.contentType(info.contentTypeId)),
    val('name', info.name),
    ref('Versions', 'VersionList', hrefs.contentVersions(info.id)),
    ref('Section', 'Section', hrefs.section(info.sectionId)),
    mainLocation ? ref('MainLocation', 'Location', hrefs.location(mainLocation.pathString)) : undefined,
    ref('Locations', 'LocationList', hrefs.contentLocations(info.id)),
    ref('Groups', 'UserGroupRefList', hrefs.userGroups(info.id)),
    ref('Owner', 'User', hrefs.user(info.ownerId)),
    info.publishedDate ? val('publishDate', atom(info.publishedDate)) : undefined,
    val('lastModificationDate', atom(info.modificationDate)),
    val('mainLanguageCode', info.mainLanguageCode),
    val('alwaysAvailable', info.alwaysAvailable),
    versionNode(version, context),
    val('login', user.login),
    val('email', user.email),
    val('enabled', user.enabled),
    ref('UserGroups', 'UserGroupList', hrefs.userGroups(info.id)),
    ref('Roles', 'RoleAssignmentList', hrefs.userRoles(info.id)),
  ]);
}

/** `Session` element (the login response, `POST /user/sessions`). */
export function sessionNode(session: Session, cookieName: string, context: VisitContext): ObjectNode {
  return obj('Session', 'Session', { href: context.hrefs.session(session.id) }, [
    val('name', cookieName),
    val('identifier', session.id),
    val('csrfToken', session.csrfToken),
    ref('User', 'User', context.hrefs.user(session.userId)),
  ]);
}

/** What a full `User` element shows: the user, its readable main location and its current version. */
export interface UserView {
  readonly user: User;
  readonly mainLocation: Location | null;
  readonly version: EmbeddedVersion;
}

/** `UserRefList`: `@href` and a `User` ref per user. */
export function userRefListNode(users: readonly User[], href: string, context: VisitContext): ObjectNode {
  return obj('UserRefList', 'UserRefList', { href }, [
    list('User', users.map((user) => ref('User', 'User', context.hrefs.user(user.contentInfo.id)))),
  ]);
}

/** `UserList`: `@href` and the full users. */
export function userListNode(views: readonly UserView[], href: string, context: VisitContext): ObjectNode {
  return obj('UserList', 'UserList', { href }, [
    list('User', views.map((view) => userNode(view.user, view.mainLocation, view.version, context))),
  ]);
}
