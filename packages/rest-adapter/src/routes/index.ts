import type { RestHandler } from '../http/context.js';
import type { RouteDefinition } from '../http/route-table.js';
import { contentTypeRoutes } from './content-types.js';
import { contentRoutes } from './content.js';
import { locationRoutes } from './locations.js';
import { pendingRoutes } from './pending.js';
import { referenceDataRoutes } from './reference-data.js';
import { rootRoutes } from './root.js';
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
  ...pendingRoutes,
];
