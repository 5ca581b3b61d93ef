import { obj, type ObjectNode } from '../node.js';
import type { VisitContext } from './visit-context.js';

/** Root links in Ibexa's default order (`GET /`): element, media-type name ('' = none), href after the prefix. */
const ROOT_LINKS: readonly (readonly [string, string, string])[] = [
  ['content', '', '/content/objects'],
  ['contentByRemoteId', '', '/content/objects{?remoteId}'],
  ['contentTypes', 'ContentTypeInfoList', '/content/types'],
  ['contentTypeByIdentifier', '', '/content/types{?identifier}'],
  ['contentTypeGroups', 'ContentTypeGroupList', '/content/typegroups'],
  ['contentTypeGroupByIdentifier', '', '/content/typegroups{?identifier}'],
  ['users', 'UserRefList', '/user/users'],
  ['usersByRoleId', 'UserRefList', '/user/users{?roleId}'],
  ['usersByRemoteId', 'UserRefList', '/user/users{?remoteId}'],
  ['usersByEmail', 'UserRefList', '/user/users{?email}'],
  ['usersByLogin', 'UserRefList', '/user/users{?login}'],
  ['roles', 'RoleList', '/user/roles'],
  ['rootLocation', 'Location', '/content/locations/1/2'],
  ['rootUserGroup', 'UserGroup', '/user/groups/1/5'],
  ['rootMediaFolder', 'Location', '/content/locations/1/43'],
  ['locationByRemoteId', '', '/content/locations{?remoteId}'],
  ['locationByPath', '', '/content/locations{?locationPath}'],
  ['trash', 'Trash', '/content/trash'],
  ['sections', 'SectionList', '/content/sections'],
  ['views', 'RefList', '/views'],
  ['objectStateGroups', 'ObjectStateGroupList', '/content/objectstategroups'],
  ['objectStates', 'ObjectStateList', '/content/objectstategroups/{objectStateGroupId}/objectstates'],
  ['globalUrlAliases', 'UrlAliasRefList', '/content/urlaliases'],
  ['urlWildcards', 'UrlWildcardList', '/content/urlwildcards'],
  ['createSession', 'UserSession', '/user/sessions'],
  ['refreshSession', 'UserSession', '/user/sessions/{sessionId}/refresh'],
  ['createToken', 'JWT', '/user/token/jwt'],
];

/** The `Root` resource (`GET /`) with its full link list. */
export function rootNode(context: VisitContext): ObjectNode {
  return obj(
    'Root',
    'Root',
    {},
    ROOT_LINKS.map(([name, mediaType, path]) => obj(name, mediaType, { href: context.hrefs.path(path) }, [])),
  );
}
