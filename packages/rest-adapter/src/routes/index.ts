import type { RestHandler } from '../http/context.js';
import type { RouteDefinition } from '../http/route-table.js';
import { bookmarkRoutes } from './bookmarks.js';
import { contentManagementRoutes } from './content-management.js';
import { contentTypeRoutes } from './content-types.js';
import { contentRoutes } from './content.js';
import { locationRoutes } from './locations.js';
import { objectStateRoutes } from './object-states.js';
import { referenceDataRoutes } from './reference-data.js';
import { roleAssignmentRoutes } from './role-assignments.js';
import { roleRoutes } from './roles.js';
import { rootRoutes } from './root.js';
import { serviceRoutes } from './services.js';
import { trashRoutes } from './trash.js';
import { urlRoutes } from './url-aliases.js';
import { userAccountRoutes } from './user-accounts.js';
import { userGroupRoutes } from './user-groups.js';
import { userRoutes } from './users.js';
import { viewRoutes } from './views.js';

/** The whole REST route table, grouped by resource (rest.md §3). */
export const restRoutes: readonly RouteDefinition<RestHandler>[] = [
  ...rootRoutes,
  ...viewRoutes,
  ...contentRoutes,
  ...locationRoutes,
  ...contentTypeRoutes,
  ...referenceDataRoutes,
  ...userRoutes,
  ...userAccountRoutes,
  ...userGroupRoutes,
  ...roleAssignmentRoutes,
  ...roleRoutes,
  ...contentManagementRoutes,
  ...objectStateRoutes,
  ...trashRoutes,
  ...urlRoutes,
  ...bookmarkRoutes,
  ...serviceRoutes,
];
