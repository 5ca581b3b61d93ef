import type { RegisteredCriterionHandler } from '../criterion-handler.js';
import { ancestorCriterion } from './ancestor.js';
import { contentIdCriterion, contentRemoteIdCriterion, contentTypeIdCriterion, sectionIdCriterion } from './content-columns.js';
import { contentNameCriterion } from './content-name.js';
import { contentTypeGroupIdCriterion, contentTypeIdentifierCriterion, isContainerCriterion } from './content-type.js';
import { dateMetadataCriterion } from './date-metadata.js';
import { fieldCriterion } from './field.js';
import { fullTextCriterion } from './full-text.js';
import { imageDimensionsCriterion, imageFileSizeCriterion, imageMimeTypeCriterion, imageOrientationCriterion } from './image.js';
import { isBookmarkedCriterion } from './is-bookmarked.js';
import { isFieldEmptyCriterion } from './is-field-empty.js';
import { isMainLocationCriterion } from './is-main-location.js';
import { languageCodeCriterion } from './language-code.js';
import { locationDepthCriterion } from './location-depth.js';
import { locationIdCriterion } from './location-id.js';
import { locationPriorityCriterion } from './location-priority.js';
import { locationRemoteIdCriterion } from './location-remote-id.js';
import { logicalAndCriterion } from './logical-and.js';
import { logicalNotCriterion } from './logical-not.js';
import { logicalOrCriterion } from './logical-or.js';
import { matchAllCriterion, matchNoneCriterion } from './match-all.js';
import { objectStateIdCriterion } from './object-state-id.js';
import { objectStateIdentifierCriterion } from './object-state-identifier.js';
import { parentLocationIdCriterion } from './parent-location-id.js';
import { sectionIdentifierCriterion } from './section-identifier.js';
import { subtreeCriterion } from './subtree.js';
import {
  isUserBasedCriterion,
  isUserEnabledCriterion,
  userEmailCriterion,
  userIdCriterion,
  userLoginCriterion,
} from './user-account.js';
import { userMetadataCriterion } from './user-metadata.js';
import { visibilityCriterion } from './visibility.js';

/**
 * Every criterion the SQL engine translates, one handler per criterion (search-auth-errors-data.md A.5–A.9).
 * Adding a criterion is adding one file and one line here; criteria without a handler fail with
 * NotImplementedError ("No visitor available for: …", as Legacy reports them).
 */
export const CRITERION_HANDLERS: readonly RegisteredCriterionHandler[] = [
  logicalAndCriterion,
  logicalOrCriterion,
  logicalNotCriterion,
  matchAllCriterion,
  matchNoneCriterion,
  contentIdCriterion,
  contentRemoteIdCriterion,
  contentTypeIdCriterion,
  sectionIdCriterion,
  locationIdCriterion,
  locationRemoteIdCriterion,
  parentLocationIdCriterion,
  subtreeCriterion,
  visibilityCriterion,
  userMetadataCriterion,
  objectStateIdCriterion,
  languageCodeCriterion,
  isMainLocationCriterion,
  locationDepthCriterion,
  locationPriorityCriterion,
  ancestorCriterion,
  contentTypeIdentifierCriterion,
  contentTypeGroupIdCriterion,
  isContainerCriterion,
  sectionIdentifierCriterion,
  dateMetadataCriterion,
  contentNameCriterion,
  fieldCriterion,
  isFieldEmptyCriterion,
  fullTextCriterion,
  isUserBasedCriterion,
  isUserEnabledCriterion,
  userIdCriterion,
  userLoginCriterion,
  userEmailCriterion,
  objectStateIdentifierCriterion,
  isBookmarkedCriterion,
  imageMimeTypeCriterion,
  imageFileSizeCriterion,
  imageDimensionsCriterion,
  imageOrientationCriterion,
];
