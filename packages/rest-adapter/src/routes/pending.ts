import { COUNTRIES } from '@contentrepo/core';
import type { RestHandler } from '../http/context.js';
import { NotImplementedRestError } from '../http/errors.js';
import type { RouteDefinition } from '../http/route-table.js';
import { list, obj, val } from '../output/node.js';
import { resource } from './support.js';

/**
 * A route of rest.md §3 that this server declares (so OPTIONS lists exactly the methods of §7.2) but does not
 * serve yet: 501 with an ErrorMessage naming it.
 */
export const notYetImplemented =
  (what: string): RestHandler =>
  async () => {
    throw new NotImplementedRestError(`${what} is not implemented yet`);
  };

const pending = notYetImplemented;

/** GET /services/countries → CountryList (rest.md §3.4 X1, §5.19). */
const countries: RestHandler = async () =>
  resource(
    obj('CountryList', 'CountryList', {}, [
      list(
        'Country',
        COUNTRIES.map((country) =>
          obj('Country', 'Country', { id: country.alpha2 }, [
            val('name', country.name),
            val('Alpha2', country.alpha2),
            val('Alpha3', country.alpha3),
            val('IDC', country.idc),
          ]),
        ),
      ),
    ]),
  );

/** Management routes of rest.md §3.3–§3.5 declared with their exact methods (served by later issues). */
export const pendingRoutes: readonly RouteDefinition<RestHandler>[] = [
  { path: '/services/countries', methods: [['GET', countries]] },
  { path: '/content/objects/{contentId:id}/translations/{languageCode:languageCode}', methods: [['DELETE', pending('Deleting a translation')]] },
  {
    path: '/content/objects/{contentId:id}/versions/{versionNo:id}/translations/{languageCode:languageCode}',
    methods: [['DELETE', pending('Deleting a translation from a draft')]],
  },
  { path: '/content/objects/{contentId:id}/objectstates', methods: [['GET', pending('Object states of content')], ['PATCH', pending('Setting object states')]] },
  { path: '/content/objectstategroups', methods: [['GET', pending('Object state groups')], ['POST', pending('Creating object state groups')]] },
  {
    path: '/content/objectstategroups/{groupId:id}',
    methods: [['GET', pending('Object state groups')], ['PATCH', pending('Updating object state groups')], ['DELETE', pending('Deleting object state groups')]],
  },
  {
    path: '/content/objectstategroups/{groupId:id}/objectstates',
    methods: [['GET', pending('Object states')], ['POST', pending('Creating object states')]],
  },
  {
    path: '/content/objectstategroups/{groupId:id}/objectstates/{stateId:id}',
    methods: [['GET', pending('Object states')], ['PATCH', pending('Updating object states')], ['DELETE', pending('Deleting object states')]],
  },
  { path: '/content/locations/{locationPath:locationPath}/urlaliases', methods: [['GET', pending('URL aliases of a location')]] },
  { path: '/content/trash', methods: [['GET', pending('The trash')], ['DELETE', pending('Emptying the trash')]] },
  { path: '/content/trash/{trashItemId:id}', methods: [['GET', pending('Trash items')], ['DELETE', pending('Deleting trash items')], ['MOVE', pending('Restoring trash items')]] },
  { path: '/content/urlwildcards', methods: [['GET', pending('URL wildcards')], ['POST', pending('Creating URL wildcards')]] },
  { path: '/content/urlwildcards/{wildcardId:id}', methods: [['GET', pending('URL wildcards')], ['DELETE', pending('Deleting URL wildcards')]] },
  { path: '/content/urlaliases', methods: [['GET', pending('URL aliases')], ['POST', pending('Creating URL aliases')]] },
  { path: '/content/urlaliases/{urlAliasId:urlAliasId}', methods: [['GET', pending('URL aliases')], ['DELETE', pending('Deleting URL aliases')]] },
  {
    path: '/content/types/{contentTypeId:id}/draft',
    methods: [['DELETE', pending('Content type drafts')], ['GET', pending('Content type drafts')], ['PATCH', pending('Content type drafts')], ['PUBLISH', pending('Publishing content type drafts')]],
  },
  {
    path: '/content/types/{contentTypeId:id}/draft/fieldDefinitions',
    methods: [['GET', pending('Content type drafts')], ['POST', pending('Adding field definitions')]],
  },
  {
    path: '/content/types/{contentTypeId:id}/draft/fieldDefinitions/{fieldDefinitionId:id}',
    methods: [['GET', pending('Content type drafts')], ['PATCH', pending('Updating field definitions')], ['DELETE', pending('Deleting field definitions')]],
  },
  { path: '/content/types/{contentTypeId:id}/groups/{groupId:id}', methods: [['DELETE', pending('Unlinking content type groups')]] },
  { path: '/user/policies', methods: [['GET', pending('Policies of a user')]] },
  { path: '/user/roles', methods: [['GET', pending('Roles')], ['POST', pending('Creating roles')]] },
  {
    path: '/user/roles/{roleId:id}',
    methods: [['POST', pending('Role drafts')], ['GET', pending('Roles')], ['PATCH', pending('Updating roles')], ['DELETE', pending('Deleting roles')]],
  },
  {
    path: '/user/roles/{roleId:id}/draft',
    methods: [['GET', pending('Role drafts')], ['PATCH', pending('Role drafts')], ['PUBLISH', pending('Publishing role drafts')], ['DELETE', pending('Role drafts')]],
  },
  {
    path: '/user/roles/{roleId:id}/policies',
    methods: [['GET', pending('Policies')], ['POST', pending('Adding policies')], ['DELETE', pending('Deleting policies')]],
  },
  {
    path: '/user/roles/{roleId:id}/policies/{policyId:id}',
    methods: [['GET', pending('Policies')], ['PATCH', pending('Updating policies')], ['DELETE', pending('Deleting policies')]],
  },
  { path: '/user/users', methods: [['HEAD', pending('Verifying users')], ['GET', pending('Listing users')]] },
  { path: '/user/users/{userId:id}/groups', methods: [['GET', pending('Groups of a user')], ['POST', pending('Assigning a user to a group')]] },
  { path: '/user/users/{userId:id}/groups/{groupId:id}', methods: [['DELETE', pending('Unassigning a user from a group')]] },
  { path: '/user/users/{userId:id}/drafts', methods: [['GET', pending('Drafts of a user')]] },
  { path: '/user/users/{userId:id}/roles', methods: [['GET', pending('Role assignments of a user')], ['POST', pending('Assigning roles')]] },
  { path: '/user/users/{userId:id}/roles/{roleId:id}', methods: [['GET', pending('Role assignments')], ['DELETE', pending('Unassigning roles')]] },
  { path: '/user/groups', methods: [['GET', pending('User groups')]] },
  { path: '/user/groups/root', methods: [['GET', pending('The root user group')]] },
  { path: '/user/groups/subgroups', methods: [['POST', pending('Creating user groups')]] },
  {
    path: '/user/groups/{groupPath:groupPath}',
    methods: [['GET', pending('User groups')], ['PATCH', pending('Updating user groups')], ['DELETE', pending('Deleting user groups')], ['MOVE', pending('Moving user groups')]],
  },
  { path: '/user/groups/{groupPath:groupPath}/subgroups', methods: [['GET', pending('Subgroups')], ['POST', pending('Creating subgroups')]] },
  { path: '/user/groups/{groupPath:groupPath}/users', methods: [['GET', pending('Users of a group')], ['POST', pending('Creating users')]] },
  { path: '/user/groups/{groupPath:groupPath}/roles', methods: [['GET', pending('Role assignments of a group')], ['POST', pending('Assigning roles')]] },
  { path: '/user/groups/{groupPath:groupPath}/roles/{roleId:id}', methods: [['GET', pending('Role assignments')], ['DELETE', pending('Unassigning roles')]] },
];
