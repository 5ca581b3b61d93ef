import { TABLES } from '../../schema/index.js';
import { criterionHandler } from '../criterion-handler.js';
import { c } from '../search-aliases.js';

/** The item's current version (`mv`); the owner's locations (`ol`) and the groups' locations (`gl`). */
const mv = TABLES.contentVersion.$as('mv');
const ol = TABLES.location.$as('ol');
const gl = TABLES.location.$as('gl');

/**
 * UserMetadata (as in Legacy):
 * - owner: `c.owner_id IN`;
 * - modifier: the creator of the current (published) version is one of the values;
 * - group: the owner has a location strictly below a location of one of the given content items (user groups),
 *   the virtual root excluded — a path-string range join on the location index.
 */
export const userMetadataCriterion = criterionHandler('UserMetadata', (criterion, ctx) => {
  const values = [...criterion.values];
  switch (criterion.target) {
    case 'owner':
      return (query) => {
        query.whereIn(c.ownerId, values);
      };
    case 'modifier':
      return (query) => {
        query.whereExists(
          ctx
            .kx(`${mv}`)
            .select(ctx.kx.raw('1'))
            .whereRaw(`${mv.contentId} = ${c.id} AND ${mv.versionNo} = ${c.currentVersionNo}`)
            .whereIn(mv.creatorId, values),
        );
      };
    case 'group':
      return (query) => {
        query.whereIn(
          c.ownerId,
          ctx
            .kx(`${ol}`)
            .join(`${gl}`, (join) =>
              join
                .on(ol.pathString, '>', gl.pathString)
                .andOn(ol.pathString, '<', ctx.kx.raw(`substr(${gl.pathString}, 1, length(${gl.pathString}) - 1) || '0'`)),
            )
            .select(ol.contentId)
            .where(gl.depth, '>', 0)
            .whereIn(gl.contentId, values),
        );
      };
  }
});
