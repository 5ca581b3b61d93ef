import { whereRemoteIdIn } from '../../db/remote-id-sql.js';
import { criterionHandler } from '../criterion-handler.js';
import { c } from '../search-aliases.js';

/**
 * Criteria on columns of the content item (Legacy: `c.id IN`, `c.remote_id IN`, `c.content_type_id IN`,
 * `c.section_id IN`; remote ids case-insensitively, as on Ibexa's MySQL). An empty value list matches nothing.
 */
export const contentIdCriterion = criterionHandler('ContentId', (criterion) => (query) => {
  query.whereIn(c.id, [...criterion.values]);
});

/** ContentRemoteId: `lower(c.remote_id) IN (…)` of the values' `remoteIdKey` (the unique index's expression). */
export const contentRemoteIdCriterion = criterionHandler('ContentRemoteId', (criterion) => (query) => {
  whereRemoteIdIn(query, c.remoteId, criterion.values);
});

/** ContentTypeId: `c.content_type_id IN (…)`. */
export const contentTypeIdCriterion = criterionHandler('ContentTypeId', (criterion) => (query) => {
  query.whereIn(c.contentTypeId, [...criterion.values]);
});

/** SectionId: `c.section_id IN (…)`. */
export const sectionIdCriterion = criterionHandler('SectionId', (criterion) => (query) => {
  query.whereIn(c.sectionId, [...criterion.values]);
});
