import type { RegisteredCriterionHandler } from '../criterion-handler.js';
import { ancestorCriterion } from './ancestor-criterion.js';
import { contentIdCriterion, contentRemoteIdCriterion, contentTypeIdCriterion, sectionIdCriterion } from './content-column-criteria.js';
import { contentNameCriterion } from './content-name-criterion.js';
import { contentTypeGroupIdCriterion, contentTypeIdentifierCriterion, isContainerCriterion } from './content-type-criteria.js';
import { dateMetadataCriterion } from './date-metadata-criterion.js';
import { fieldCriterion } from './field-criterion.js';
import { fullTextCriterion } from './full-text-criterion.js';
import { imageDimensionsCriterion, imageFileSizeCriterion, imageMimeTypeCriterion, imageOrientationCriterion } from './image-criteria.js';
import { isBookmarkedCriterion } from './is-bookmarked-criterion.js';
import { isFieldEmptyCriterion } from './is-field-empty-criterion.js';
import { isMainLocationCriterion } from './is-main-location-criterion.js';
import { languageCodeCriterion } from './language-code-criterion.js';
import { locationDepthCriterion } from './location-depth-criterion.js';
import { locationIdCriterion } from './location-id-criterion.js';
import { locationPriorityCriterion } from './location-priority-criterion.js';
import { locationRemoteIdCriterion } from './location-remote-id-criterion.js';
import { logicalAndCriterion } from './logical-and-criterion.js';
import { logicalNotCriterion } from './logical-not-criterion.js';
import { logicalOrCriterion } from './logical-or-criterion.js';
import { matchAllCriterion, matchNoneCriterion } from './match-all-criteria.js';
import { objectStateIdCriterion } from './object-state-id-criterion.js';
import { objectStateIdentifierCriterion } from './object-state-identifier-criterion.js';
import { parentLocationIdCriterion } from './parent-location-id-criterion.js';
import { sectionIdentifierCriterion } from './section-identifier-criterion.js';
import { subtreeCriterion } from './subtree-criterion.js';
import {
  isUserBasedCriterion,
  isUserEnabledCriterion,
  userEmailCriterion,
  userIdCriterion,
  userLoginCriterion,
} from './user-account-criteria.js';
import { userMetadataCriterion } from './user-metadata-criterion.js';
import { visibilityCriterion } from './visibility-criterion.js';

/**
 * Every criterion the SQL engine translates, one handler per criterion, with the Legacy engine's semantics.
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
