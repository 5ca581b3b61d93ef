import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Criterion, PersistenceHandler, ResolvedQuery, SortClause } from '@contentrepo/core';
import { createInMemoryPersistence } from '@contentrepo/core/testing';
import fc from 'fast-check';
import { describeDialect } from '../test-support/dialect-suite.js';
import { buildSearchScenario, type ScenarioFacts } from '../test-support/search-reference-scenario.js';
import { buildSmallSeed } from '../test-support/small-seed.js';
import { testDialects, type TestStore } from '../test-support/test-stores.js';

/**
 * Differential test: random queries over a varied tree must give exactly the answers of core's reference
 * evaluator (the in-memory SearchHandler) — same ids in the same order, same total count — on every dialect.
 */
const subset = <T>(values: readonly T[]): fc.Arbitrary<T[]> => fc.subarray([...values], { minLength: 0, maxLength: Math.min(3, values.length) });
const rangeOperator = fc.constantFrom('EQ', 'IN', 'GT', 'GTE', 'LT', 'LTE', 'BETWEEN' as const);

function criterionArbitrary(facts: ScenarioFacts): fc.Arbitrary<Criterion> {
  const leaf: fc.Arbitrary<Criterion> = fc.oneof(
    fc.constant<Criterion>({ type: 'MatchAll' }),
    fc.constant<Criterion>({ type: 'MatchNone' }),
    subset(facts.contentIds).map((values): Criterion => ({ type: 'ContentId', values })),
    subset(facts.remoteIds).map((values): Criterion => ({ type: 'ContentRemoteId', values })),
    subset([1, 3, 4, 99]).map((values): Criterion => ({ type: 'ContentTypeId', values })),
    subset([1, 2, 3]).map((values): Criterion => ({ type: 'SectionId', values })),
    subset(facts.locationIds).map((values): Criterion => ({ type: 'LocationId', values })),
    subset(facts.locationRemoteIds).map((values): Criterion => ({ type: 'LocationRemoteId', values })),
    subset(facts.locationIds).map((values): Criterion => ({ type: 'ParentLocationId', values })),
    subset(facts.pathStrings).map((values): Criterion => ({ type: 'Subtree', values })),
    fc.constantFrom('VISIBLE', 'HIDDEN' as const).map((value): Criterion => ({ type: 'Visibility', value })),
    fc
      .record({ target: fc.constantFrom('owner', 'group', 'modifier' as const), values: subset(facts.userIds) })
      .map((value): Criterion => ({ type: 'UserMetadata', ...value })),
    subset([1, 2]).map((values): Criterion => ({ type: 'ObjectStateId', values })),
    fc
      .record({ values: subset(['eng-GB', 'ger-DE', 'pol-PL']), matchAlwaysAvailable: fc.boolean() })
      .map((value): Criterion => ({ type: 'LanguageCode', ...value })),
    fc.boolean().map((value): Criterion => ({ type: 'IsMainLocation', value })),
    fc
      .record({ operator: rangeOperator, values: fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 3 }) })
      .map((value): Criterion => ({ type: 'LocationDepth', ...value })),
    fc
      .record({ operator: rangeOperator, values: fc.array(fc.integer({ min: -3, max: 3 }), { maxLength: 3 }) })
      .map((value): Criterion => ({ type: 'LocationPriority', ...value })),
  );
  const tree = fc.letrec<{ node: Criterion }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('node'), { maxLength: 3 }).map((criteria): Criterion => ({ type: 'LogicalAnd', criteria })),
      fc.array(tie('node'), { maxLength: 3 }).map((criteria): Criterion => ({ type: 'LogicalOr', criteria })),
      tie('node').map((criterion): Criterion => ({ type: 'LogicalNot', criterion })),
    ),
  }));
  return tree.node;
}

const sortClauseArbitrary: fc.Arbitrary<SortClause[]> = fc.array(
  fc
    .record({
      type: fc.constantFrom(
        'ContentId', 'ContentName', 'DateModified', 'DatePublished', 'SectionIdentifier', 'SectionName',
        'ContentTypeIdentifier', 'ContentTypeName', 'LocationDepth', 'LocationPath', 'LocationPriority', 'LocationId' as const,
      ),
      direction: fc.constantFrom('ascending', 'descending' as const),
    })
    .map((clause): SortClause => clause),
  { maxLength: 3 },
);

for (const dialect of testDialects()) {
  describeDialect(dialect, "SqlSearchHandler agrees with core's reference evaluator", () => {
    let store: TestStore | undefined;
    let reference: PersistenceHandler | undefined;
    let facts: ScenarioFacts | undefined;

    beforeAll(async () => {
      store = await dialect.create();
      await store.seedImporter.import(buildSmallSeed());
      const memory = createInMemoryPersistence();
      await memory.seedImporter.import(buildSmallSeed());
      reference = memory.persistence;
      facts = await buildSearchScenario(store.persistence);
      expect(await buildSearchScenario(reference)).toEqual(facts);
    });
    afterAll(async () => {
      await store?.close();
    });

    const run = async (target: 'findContent' | 'findLocations', query: ResolvedQuery): Promise<void> => {
      if (!store || !reference) throw new Error('not set up');
      const expected = await reference.searchHandler[target](query);
      const actual = await store.persistence.searchHandler[target](query);
      expect(actual).toEqual(expected);
    };

    for (const target of ['findContent', 'findLocations'] as const) {
      it(`${target}: same hits, order and total for random criteria, sort clauses and pages`, async () => {
        if (!facts) throw new Error('not set up');
        await fc.assert(
          fc.asyncProperty(
            criterionArbitrary(facts),
            sortClauseArbitrary,
            fc.integer({ min: 0, max: 6 }),
            fc.integer({ min: 0, max: 12 }),
            async (criterion, sortClauses, offset, limit) => {
              await run(target, { criterion, sortClauses, offset, limit, languageFilter: {} });
            },
          ),
          { numRuns: 250 },
        );
      });
    }
  });
}
