import type { RegisteredCriterionHandler } from '../criterion-handler.js';
import { contentIdCriterion, contentRemoteIdCriterion, contentTypeIdCriterion, sectionIdCriterion } from './content-columns.js';
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
import { parentLocationIdCriterion } from './parent-location-id.js';
import { subtreeCriterion } from './subtree.js';
import { userMetadataCriterion } from './user-metadata.js';
import { visibilityCriterion } from './visibility.js';

/**
 * Every criterion the SQL engine translates, one handler per criterion. Adding a criterion is adding one file
 * and one line here; criteria without a handler fail with NotImplementedError ("No visitor available for: …",
 * as Legacy reports them).
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
];
