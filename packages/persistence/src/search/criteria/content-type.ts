import { contentTypeStatusCode } from '../../db/codes.js';
import { criterionHandler } from '../criterion-handler.js';

const DEFINED = contentTypeStatusCode('DEFINED');

/** ContentTypeGroupId: the item's (published) content type is linked to one of the groups (A.5). */
export const contentTypeGroupIdCriterion = criterionHandler('ContentTypeGroupId', (criterion, ctx) => (query) => {
  query.whereIn(
    'c.content_type_id',
    ctx.kx('content_type_group_link as tgl').select('tgl.content_type_id').where('tgl.content_type_status', DEFINED).whereIn('tgl.group_id', [...criterion.values]),
  );
});

/** IsContainer: the item's (published) content type is (or is not) a container (A.5). */
export const isContainerCriterion = criterionHandler('IsContainer', (criterion, ctx) => (query) => {
  query.whereIn('c.content_type_id', ctx.kx('content_type as ict').select('ict.id').where('ict.status', DEFINED).where('ict.is_container', criterion.value));
});

/**
 * ContentTypeIdentifier: the item's (published) content type has one of the identifiers. The search service
 * resolves this criterion to ContentTypeId before an engine runs; the handler serves direct SPI callers.
 */
export const contentTypeIdentifierCriterion = criterionHandler('ContentTypeIdentifier', (criterion, ctx) => (query) => {
  query.whereIn('c.content_type_id', ctx.kx('content_type as ict').select('ict.id').where('ict.status', DEFINED).whereIn('ict.identifier', [...criterion.values]));
});
