import type { Knex } from '@mikro-orm/knex';
import { binaryOrder } from '../../db/collation.js';
import { contentTypeStatusCode } from '../../db/codes.js';
import type { Dialect } from '../../db/dialect.js';
import { PreparedQuery } from '../../db/prepared-query.js';
import { contentInfoSelect } from '../../mappers/content-info.js';
import { versionSelect } from '../../mappers/version-info.js';

/**
 * The content handler's queries, as knex builders. Fixed-shape single-item reads are {@link PreparedQuery}s
 * (compiled once); batch reads take their id lists and are compiled per call.
 */

/** Prefix of the version columns in content ⋈ version rows. */
export const VERSION_PREFIX = 'v_';

const DEFINED = contentTypeStatusCode('DEFINED');

/** ContentInfo by id (arg 0). */
export const CONTENT_INFO_BY_ID = new PreparedQuery((kx, p) =>
  kx('content as c').select(contentInfoSelect('c')).where('c.id', p(0)),
);

/** ContentInfo by remoteId (arg 0). */
export const CONTENT_INFO_BY_REMOTE_ID = new PreparedQuery((kx, p) =>
  kx('content as c').select(contentInfoSelect('c')).where('c.remote_id', p(0)),
);

/** Content ⋈ one version (args: content id, version number). */
export const HEAD_OF_VERSION = new PreparedQuery((kx, p) =>
  kx('content as c')
    .join('content_version as v', (join) => join.on('v.content_id', 'c.id').andOn('v.version_no', p(1)))
    .select([...contentInfoSelect('c'), ...versionSelect('v', VERSION_PREFIX)])
    .where('c.id', p(0)),
);

/** Content ⋈ its current version (arg: content id). */
export const HEAD_OF_CURRENT = new PreparedQuery((kx, p) => currentHeads(kx).where('c.id', p(0)));

/** Content ⋈ current version of several items. */
export function currentHeadsOf(kx: Knex, contentIds: readonly number[]): Knex.QueryBuilder {
  return currentHeads(kx).whereIn('c.id', [...contentIds]);
}

function currentHeads(kx: Knex): Knex.QueryBuilder {
  return kx('content as c')
    .join('content_version as v', (join) => join.on('v.content_id', 'c.id').andOn('v.version_no', 'c.current_version_no'))
    .select([...contentInfoSelect('c'), ...versionSelect('v', VERSION_PREFIX)]);
}

/** Versions of an item by number (arg: content id). */
export const VERSIONS_OF_CONTENT = new PreparedQuery((kx, p) =>
  kx('content_version as v').select(versionSelect('v')).where('v.content_id', p(0)).orderBy('v.version_no'),
);

/** One version (args: content id, version number). */
export const VERSION = new PreparedQuery((kx, p) =>
  kx('content_version as v').select(versionSelect('v')).where('v.content_id', p(0)).where('v.version_no', p(1)),
);

/** Names of every version of an item (arg: content id). */
export const NAMES_OF_CONTENT = new PreparedQuery((kx, p) => kx('content_name').select('*').where('content_id', p(0)));

/** Names of one version (args: content id, version number). */
export const NAMES_OF_VERSION = new PreparedQuery((kx, p) =>
  kx('content_name').select('*').where('content_id', p(0)).where('version_no', p(1)),
);

/** Fields of one version in every language (args: content id, version number). */
export const FIELDS_OF_VERSION = new PreparedQuery((kx, p, dialect) =>
  fieldsOf(kx, dialect, [{ contentId: p(0), versionNo: p(1) }]),
);

/** Names of several versions. */
export function namesOfVersions(
  kx: Knex,
  versions: readonly { readonly contentId: number; readonly versionNo: number }[],
): Knex.QueryBuilder {
  return kx('content_name')
    .select('*')
    .where((where) => {
      for (const version of versions) {
        where.orWhere((one) => one.where('content_id', version.contentId).andWhere('version_no', version.versionNo));
      }
    });
}

/**
 * Fields of several versions, ordered by field definition position (of the published definition; 0 when it is
 * gone), then field definition id, then language code (byte order), as core's reference handler orders them.
 */
export function fieldsOf(
  kx: Knex,
  dialect: Dialect,
  versions: readonly { readonly contentId: number | Knex.Raw; readonly versionNo: number | Knex.Raw }[],
): Knex.QueryBuilder {
  return kx('content_field as f')
    .leftJoin('field_definition as d', (join) => join.on('d.id', 'f.field_definition_id').andOnVal('d.status', DEFINED))
    .select('f.*')
    .where((where) => {
      for (const version of versions) {
        where.orWhere((one) => one.where('f.content_id', version.contentId).andWhere('f.version_no', version.versionNo));
      }
    })
    .orderByRaw(
      `f.content_id, f.version_no, COALESCE(d.position, 0), f.field_definition_id, ${binaryOrder(dialect, 'f.language_code')}`,
    );
}

