import { contentTypeStatusCode } from '../../db/codes.js';
import { TABLES } from '../../schema/index.js';
import { criterionHandler } from '../criterion-handler.js';
import { c } from '../search-aliases.js';

const DEFINED = contentTypeStatusCode('DEFINED');

/** The type's group links (`tgl`) and the published types (`ict`). */
const tgl = TABLES.contentTypeGroupLink.$as('tgl');
const ict = TABLES.contentType.$as('ict');

/** ContentTypeGroupId: the item's (published) content type is linked to one of the groups. */
export const contentTypeGroupIdCriterion = criterionHandler('ContentTypeGroupId', (criterion, ctx) => (query) => {
  query.whereIn(
    c.contentTypeId,
    ctx.kx(`${tgl}`).select(tgl.contentTypeId).where(tgl.contentTypeStatus, DEFINED).whereIn(tgl.groupId, [...criterion.values]),
  );
});

/** IsContainer: the item's (published) content type is (or is not) a container. */
export const isContainerCriterion = criterionHandler('IsContainer', (criterion, ctx) => (query) => {
  query.whereIn(c.contentTypeId, ctx.kx(`${ict}`).select(ict.id).where(ict.status, DEFINED).where(ict.isContainer, criterion.value));
});

/**
 * ContentTypeIdentifier: the item's (published) content type has one of the identifiers. The search service
 * resolves this criterion to ContentTypeId before an engine runs; the handler serves direct SPI callers.
 */
export const contentTypeIdentifierCriterion = criterionHandler('ContentTypeIdentifier', (criterion, ctx) => (query) => {
  query.whereIn(c.contentTypeId, ctx.kx(`${ict}`).select(ict.id).where(ict.status, DEFINED).whereIn(ict.identifier, [...criterion.values]));
});
