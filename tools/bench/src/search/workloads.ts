import { type BenchFacts, VOCABULARY } from './bench-data.js';
import { BENCH_TYPE } from './bench-type.js';

/** A search workload: a name and the ViewInput bodies it rotates through (one per request, round-robin). */
export interface Workload {
  readonly name: string;
  readonly bodies: readonly string[];
}

/** Variants per workload (different folders, subtrees, ranges), so that no single page stays cached. */
const VARIANTS = 16;

const view = (kind: 'ContentQuery' | 'LocationQuery', query: Record<string, unknown>): string =>
  JSON.stringify({ ViewInput: { identifier: 'bench', [kind]: query } });

const pick = <T>(list: readonly T[], index: number): T => {
  const value = list[index % list.length];
  if (value === undefined) throw new Error('bench: empty list');
  return value;
};

/** The word the full-text workload searches for (a frequent vocabulary word: in several percent of the items). */
export const FULL_TEXT_WORD = VOCABULARY[7] ?? 'word';

/** Content type + parent location, newest first, 25 per page (the filtered query of the 10k / 100k comparison). */
export function typeAndParent(facts: BenchFacts): Workload {
  return {
    name: 'type + parent, by date (25)',
    bodies: Array.from({ length: VARIANTS }, (_, index) =>
      view('ContentQuery', {
        Filter: { ContentTypeIdentifierCriterion: BENCH_TYPE, ParentLocationIdCriterion: pick(facts.folderLocationIds, index * 17) },
        SortClauses: { DatePublished: 'descending' },
        limit: 25,
        offset: 0,
      }),
    ),
  };
}

/** The five search workloads over the seeded content. */
export function searchWorkloads(facts: BenchFacts): Workload[] {
  const variants = <T>(build: (index: number) => T): T[] => Array.from({ length: VARIANTS }, (_, index) => build(index));
  return [
    typeAndParent(facts),
    {
      name: 'subtree + field range (25)',
      bodies: variants((index) =>
        view('ContentQuery', {
          Filter: { SubtreeCriterion: pick(facts.sectionPaths, index), Field: { name: 'rating', operator: 'BETWEEN', value: [index * 50, index * 50 + 99] } },
          limit: 25,
          offset: 0,
        }),
      ),
    },
    {
      name: `full text "${FULL_TEXT_WORD}" (25)`,
      bodies: variants((index) => view('ContentQuery', { Query: { FullTextCriterion: FULL_TEXT_WORD }, limit: 25, offset: (index % 4) * 25 })),
    },
    {
      name: '3-level AND/OR/NOT (25)',
      bodies: variants((index) =>
        view('ContentQuery', {
          Filter: {
            AND: {
              OR: { Field: [{ name: 'rating', operator: 'LT', value: 100 }, { name: 'rating', operator: 'GTE', value: 900 }] },
              NOT: { Field: { name: 'tags', operator: 'EQ', value: pick(['news', 'sport', 'tech', 'food'], index) } },
              AND: { SubtreeCriterion: pick(facts.sectionPaths, index), ContentTypeIdentifierCriterion: BENCH_TYPE },
            },
          },
          SortClauses: { ContentName: 'ascending' },
          limit: 25,
          offset: 0,
        }),
      ),
    },
    {
      name: 'location subtree, offset 5000 (25)',
      bodies: variants((index) =>
        view('LocationQuery', { Filter: { SubtreeCriterion: pick(facts.sectionPaths, index) }, SortClauses: { LocationPath: 'ascending' }, limit: 25, offset: 5000 }),
      ),
    },
  ];
}
