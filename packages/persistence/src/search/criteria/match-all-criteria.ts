import { alwaysFalse, alwaysTrue, criterionHandler } from '../criterion-handler.js';

/** MatchAll: every published item (or location). */
export const matchAllCriterion = criterionHandler('MatchAll', () => alwaysTrue);

/** MatchNone: nothing. */
export const matchNoneCriterion = criterionHandler('MatchNone', () => alwaysFalse);
