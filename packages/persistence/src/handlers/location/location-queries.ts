import type { Knex } from '@mikro-orm/knex';
import { PreparedQuery } from '../../db/prepared-query.js';
import { locationWithContentSelect } from '../../mappers/location.js';

/** Locations (`l`) left-joined with their content (`c`): one query gives Location + ContentInfo. */
export function locationsWithContent(kx: Knex): Knex.QueryBuilder {
  return kx('location as l').leftJoin('content as c', 'c.id', 'l.content_id').select(locationWithContentSelect());
}

/** A location with its content by id (arg 0). */
export const LOCATION_BY_ID = new PreparedQuery((kx, p) => locationsWithContent(kx).where('l.id', p(0)));

/** A location with its content by remoteId (arg 0). */
export const LOCATION_BY_REMOTE_ID = new PreparedQuery((kx, p) => locationsWithContent(kx).where('l.remote_id', p(0)));

/** The locations of a content item by id, the virtual root excluded (arg 0: content id). */
export const LOCATIONS_OF_CONTENT = new PreparedQuery((kx, p) =>
  locationsWithContent(kx).where('l.content_id', p(0)).where('l.depth', '>', 0).orderBy('l.id'),
);
