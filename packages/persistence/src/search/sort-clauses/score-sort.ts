import { sortClauseHandler } from '../sort-clause-handler.js';

/** Score: this engine does not score (every hit scores alike, as in core's evaluator), so it orders nothing. */
export const scoreSort = sortClauseHandler('Score', () => []);
