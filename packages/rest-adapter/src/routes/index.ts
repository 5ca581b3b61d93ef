import type { RestRoute } from '../http/rest-context.js';
import { bookmarkRoutes } from './bookmark-routes.js';
import { contentManagementRoutes } from './content-management-routes.js';
import { contentTypeRoutes } from './content-type-routes.js';
import { contentRoutes } from './content-routes.js';
import { locationRoutes } from './location-routes.js';
import { objectStateRoutes } from './object-state-routes.js';
import { referenceDataRoutes } from './reference-data-routes.js';
import { roleAssignmentRoutes } from './role-assignment-routes.js';
import { roleRoutes } from './role-routes.js';
import { rootRoutes } from './root-routes.js';
import { serviceRoutes } from './service-routes.js';
import { trashRoutes } from './trash-routes.js';
import { urlRoutes } from './url-routes.js';
import { userAccountRoutes } from './user-account-routes.js';
import { userGroupRoutes } from './user-group-routes.js';
import { userRoutes } from './user-routes.js';
import { viewRoutes } from './view-routes.js';
import { webhookRoutes } from './webhook-routes.js';

/** The whole REST route table, grouped by resource (Ibexa's REST routes). */
export const restRoutes: readonly RestRoute[] = [
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
  ...webhookRoutes,
];
