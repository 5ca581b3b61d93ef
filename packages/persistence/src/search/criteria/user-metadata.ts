import { criterionHandler } from '../criterion-handler.js';

/**
 * UserMetadata (search-auth-errors-data.md A.5):
 * - owner: `c.owner_id IN`;
 * - modifier: the creator of the current (published) version is one of the values;
 * - group: the owner has a location strictly below a location of one of the given content items (user groups),
 *   the virtual root excluded — a path-string range join on the location index.
 */
export const userMetadataCriterion = criterionHandler('UserMetadata', (criterion, ctx) => {
  const values = [...criterion.values];
  switch (criterion.target) {
    case 'owner':
      return (query) => query.whereIn('c.owner_id', values);
    case 'modifier':
      return (query) =>
        query.whereExists(
          ctx
            .kx('content_version as mv')
            .select(ctx.kx.raw('1'))
            .whereRaw('mv.content_id = c.id AND mv.version_no = c.current_version_no')
            .whereIn('mv.creator_id', values),
        );
    case 'group':
      return (query) =>
        query.whereIn(
          'c.owner_id',
          ctx
            .kx('location as ol')
            .join('location as gl', (join) =>
              join
                .on('ol.path_string', '>', 'gl.path_string')
                .andOn('ol.path_string', '<', ctx.kx.raw("substr(gl.path_string, 1, length(gl.path_string) - 1) || '0'")),
            )
            .select('ol.content_id')
            .where('gl.depth', '>', 0)
            .whereIn('gl.content_id', values),
        );
  }
});
