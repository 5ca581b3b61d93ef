import { op, type OperationCatalogue } from './operation-notes.js';

const USER = '/user/users/{userId:id}';
const GROUP = '/user/groups/{groupPath:groupPath}';
const ROLE = '/user/roles/{roleId:id}';
const STATE_GROUP = '/content/objectstategroups/{groupId:id}';
const PAGE = { query: ['offset', 'limit'] } as const;

/** Notes of the user, group, role, session, section, language, object state and service operations (see operation-notes.ts). */
export const USER_OPERATIONS: OperationCatalogue = {
  // Sessions and the current user.
  'POST /user/sessions': op('Log in: open a session (cookie) and get its CSRF token', '201 Session; 200 Session; 409', {
    input: ['SessionInput'],
    description: 'Answers 200 when the cookie sent already holds a session of this user, 409 when it holds another user’s. Failed logins are throttled (429 with `Retry-After`).',
  }),
  'GET /user/sessions/current': op('The current session (404 without one)', '200 Session; 404'),
  'DELETE /user/sessions/{sessionId:sessionId}': op('Log out: close the session', '204; 404'),
  'POST /user/sessions/{sessionId:sessionId}/refresh': op('Refresh a session (deprecated)', '200 Session; 404'),
  'GET /user/current': op('The current user (a redirect; 401 for the anonymous user)', '307'),
  // Users.
  'GET /user/users': op('Find users by role, remote id, login or e-mail (404 when none)', '200 UserRefList|UserList', { query: ['roleId', 'remoteId', 'login', 'email'] }),
  'HEAD /user/users': op('Whether a user matches the filter (404 when none)', '200', { query: ['roleId', 'remoteId', 'login', 'email'] }),
  [`GET ${USER}`]: op('Load a user', '200 User; 304', { headers: ['If-None-Match'] }),
  [`PATCH ${USER}`]: op('Update a user', '200 User; 412', { input: ['UserUpdate'], headers: ['If-Match'] }),
  [`DELETE ${USER}`]: op('Delete a user', '204'),
  [`GET ${USER}/groups`]: op('List the groups of a user', '200 UserGroupRefList', PAGE),
  [`POST ${USER}/groups`]: op('Assign a user to a group', '200 UserGroupRefList', { query: ['group'] }),
  [`DELETE ${USER}/groups/{groupId:id}`]: op('Unassign a user from a group', '200 UserGroupRefList'),
  [`GET ${USER}/drafts`]: op('List the drafts of a user', '200 VersionList'),
  [`GET ${USER}/roles`]: op('List the role assignments of a user', '200 RoleAssignmentList'),
  [`POST ${USER}/roles`]: op('Assign a role to a user', '200 RoleAssignmentList', { input: ['RoleAssignInput'] }),
  [`GET ${USER}/roles/{roleId:id}`]: op('Load a role assignment of a user', '200 RoleAssignment'),
  [`DELETE ${USER}/roles/{roleId:id}`]: op('Unassign a role from a user', '200 RoleAssignmentList'),
  // User groups.
  'GET /user/groups': op('Find user groups by id, role or remote id', '200 UserGroupRefList|UserGroupList', { query: ['id', 'roleId', 'remoteId'] }),
  'GET /user/groups/root': op('The root user group (a redirect)', '301'),
  'POST /user/groups/subgroups': op('Create a top-level user group', '201 UserGroup', { input: ['UserGroupCreate'] }),
  [`GET ${GROUP}`]: op('Load a user group', '200 UserGroup; 304', { headers: ['If-None-Match'] }),
  [`PATCH ${GROUP}`]: op('Update a user group', '200 UserGroup; 412', { input: ['UserGroupUpdate'], headers: ['If-Match'] }),
  [`DELETE ${GROUP}`]: op('Delete a user group with its subtree', '204'),
  [`MOVE ${GROUP}`]: op('Move a user group below another one', '201', { headers: ['Destination'] }),
  [`POST ${GROUP} MoveUserGroupInput`]: op('Move a user group below another one', '201', { input: ['MoveUserGroupInput'] }),
  [`GET ${GROUP}/subgroups`]: op('List the subgroups of a user group', '200 UserGroupRefList|UserGroupList', PAGE),
  [`POST ${GROUP}/subgroups`]: op('Create a subgroup', '201 UserGroup', { input: ['UserGroupCreate'] }),
  [`GET ${GROUP}/users`]: op('List the users of a group', '200 UserRefList|UserList', PAGE),
  [`POST ${GROUP}/users`]: op('Create a user in a group', '201 User', { input: ['UserCreate'] }),
  [`GET ${GROUP}/roles`]: op('List the role assignments of a group', '200 RoleAssignmentList'),
  [`POST ${GROUP}/roles`]: op('Assign a role to a group', '200 RoleAssignmentList', { input: ['RoleAssignInput'] }),
  [`GET ${GROUP}/roles/{roleId:id}`]: op('Load a role assignment of a group', '200 RoleAssignment'),
  [`DELETE ${GROUP}/roles/{roleId:id}`]: op('Unassign a role from a group', '200 RoleAssignmentList'),
  // Roles and policies.
  'GET /user/roles': op('List roles (or find one by identifier)', '200 RoleList', { query: ['identifier', 'offset', 'limit'] }),
  'POST /user/roles': op('Create a role (published, or a draft with `publish=false`)', '201 Role|RoleDraft', { input: ['RoleInput'], query: ['publish'] }),
  [`GET ${ROLE}`]: op('Load a role', '200 Role; 304', { headers: ['If-None-Match'] }),
  [`POST ${ROLE}`]: op('Create a draft of a role', '201 RoleDraft', { input: ['RoleInput'] }),
  [`PATCH ${ROLE}`]: op('Update a role', '200 Role; 412', { input: ['RoleInput'], headers: ['If-Match'] }),
  [`DELETE ${ROLE}`]: op('Delete a role', '204'),
  [`GET ${ROLE}/draft`]: op('Load the draft of a role', '200 RoleDraft'),
  [`PATCH ${ROLE}/draft`]: op('Update the draft of a role', '200 RoleDraft', { input: ['RoleInput'] }),
  [`PUBLISH ${ROLE}/draft`]: op('Publish the draft of a role', '204'),
  [`POST ${ROLE}/draft PublishRoleInput`]: op('Publish the draft of a role', '204', { input: ['PublishRoleInput'] }),
  [`DELETE ${ROLE}/draft`]: op('Delete the draft of a role', '204'),
  [`GET ${ROLE}/policies`]: op('List the policies of a role', '200 PolicyList'),
  [`POST ${ROLE}/policies`]: op('Add a policy to a role', '201 Policy|PolicyDraft', { input: ['PolicyCreate'] }),
  [`DELETE ${ROLE}/policies`]: op('Delete every policy of a role', '204'),
  [`GET ${ROLE}/policies/{policyId:id}`]: op('Load a policy', '200 Policy|PolicyDraft'),
  [`PATCH ${ROLE}/policies/{policyId:id}`]: op('Update a policy’s limitations', '200 Policy|PolicyDraft', { input: ['PolicyUpdate'] }),
  [`DELETE ${ROLE}/policies/{policyId:id}`]: op('Delete a policy', '204'),
  'GET /user/policies': op('List the policies of a user', '200 PolicyList', { query: ['userId'] }),
  // Sections and languages.
  'GET /content/sections': op('List sections (or find one by identifier)', '200 SectionList', { query: ['identifier'] }),
  'POST /content/sections': op('Create a section', '201 Section', { input: ['SectionInput'] }),
  'GET /content/sections/{sectionId:id}': op('Load a section', '200 Section; 304', { headers: ['If-None-Match'] }),
  'PATCH /content/sections/{sectionId:id}': op('Update a section', '200 Section; 412', { input: ['SectionInput'], headers: ['If-Match'] }),
  'DELETE /content/sections/{sectionId:id}': op('Delete a section no content is in', '204'),
  'GET /languages': op('List languages', '200 LanguageList'),
  'POST /languages': op('Add a language', '201 Language', { input: ['LanguageCreate'] }),
  'GET /languages/{languageCode:languageCode}': op('Load a language', '200 Language'),
  'PATCH /languages/{languageCode:languageCode}': op('Update a language (name, enabled)', '200 Language', { input: ['LanguageUpdate'] }),
  'DELETE /languages/{languageCode:languageCode}': op('Delete an unused language', '204'),
  // Object states.
  'GET /content/objectstategroups': op('List object state groups', '200 ObjectStateGroupList'),
  'POST /content/objectstategroups': op('Create an object state group', '201 ObjectStateGroup', { input: ['ObjectStateGroupCreate'] }),
  [`GET ${STATE_GROUP}`]: op('Load an object state group', '200 ObjectStateGroup; 304'),
  [`PATCH ${STATE_GROUP}`]: op('Update an object state group', '200 ObjectStateGroup; 412', { input: ['ObjectStateGroupUpdate'], headers: ['If-Match'] }),
  [`DELETE ${STATE_GROUP}`]: op('Delete an object state group', '204'),
  [`GET ${STATE_GROUP}/objectstates`]: op('List the states of a group', '200 ObjectStateList'),
  [`POST ${STATE_GROUP}/objectstates`]: op('Create an object state', '201 ObjectState', { input: ['ObjectStateCreate'] }),
  [`GET ${STATE_GROUP}/objectstates/{stateId:id}`]: op('Load an object state', '200 ObjectState; 304'),
  [`PATCH ${STATE_GROUP}/objectstates/{stateId:id}`]: op('Update an object state', '200 ObjectState; 412', { input: ['ObjectStateUpdate'], headers: ['If-Match'] }),
  [`DELETE ${STATE_GROUP}/objectstates/{stateId:id}`]: op('Delete an object state', '204'),
  // Services.
  'GET /services/countries': op('List countries (ISO 3166 codes and calling codes)', '200 CountryList'),
};
