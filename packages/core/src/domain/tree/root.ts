import type { ContentInfo } from '../../api/values/content.js';

/** Id of the virtual root location (`/1/`), its own parent, as in Ibexa. */
export const ROOT_LOCATION_ID = 1;

/**
 * The ContentInfo of the virtual root location's content 0, which has no row: Ibexa's kernel synthesises it as
 * "Top Level Nodes". Every persistence returns this for location 1.
 */
export const ROOT_CONTENT_INFO: ContentInfo = {
  id: 0,
  contentTypeId: 1,
  name: 'Top Level Nodes',
  sectionId: 1,
  currentVersionNo: 1,
  ownerId: 14,
  modificationDate: new Date(0),
  publishedDate: new Date(0),
  alwaysAvailable: true,
  remoteId: 'IBEXA_ROOT_385b2cd4737a459c999ba4b7595a0016',
  mainLanguageCode: 'eng-GB',
  mainLocationId: 1,
  status: 'PUBLISHED',
  isHidden: false,
};
