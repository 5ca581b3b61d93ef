import fc from 'fast-check';
import type { Criterion, FieldOperator, RangeOperator } from '../../domain/criteria/criterion.js';
import { FIELD_OPERATORS, RANGE_OPERATORS } from '../../domain/criteria/criterion.js';
import type { LanguageFilter } from '../../domain/criteria/query.js';
import type { SortClause } from '../../domain/criteria/sort-clause.js';
import { createDefaultFieldTypeRegistry } from '../../field-types/registry.js';
import { fieldTargetTypes } from '../../services/search/field-target.js';
import type { StoredContentType } from '../../spi/content-type-handler.js';
import type { PersistenceHandler } from '../../spi/persistence-handler.js';
import type { ResolvedQuery } from '../../spi/search-handler.js';
import { createInMemoryPersistence } from '../in-memory/index.js';
import type { PersistenceUnderTest } from './fixtures.js';
import { indexSeededContent, searchSeed } from './search-fixtures.js';
import { buildRandomContentSet, DATES, EMAILS, FLOATS, MIME_TYPES, randomContentSet, type RandomFacts, VOCABULARY } from './search-random-data.js';
import type { TestRunner } from '../test-runner.js';

/** Seed of the generated content set and queries; fast-check prints it (and the counterexample) on failure. */
export const SEARCH_CONTRACT_SEED = 20240611;
/** Generated queries per search kind (content, location). */
export const SEARCH_CONTRACT_RUNS = 150;

const subset = <T>(values: readonly T[], max = 3): fc.Arbitrary<T[]> => fc.subarray([...values], { minLength: 0, maxLength: Math.min(max, values.length) });
const seconds = DATES.map((date) => Math.floor(date.getTime() / 1000));
const fieldValue = fc.oneof(
  fc.constantFrom<string | number | boolean>(...VOCABULARY, ...EMAILS, 'red', 'gr*', '*a*', 'Z*', '7', '-1.5', 'true'),
  fc.integer({ min: -6, max: 21 }),
  fc.constantFrom(...FLOATS, ...seconds),
  fc.boolean(),
);
const FIELD_TARGETS = ['title', 'name', 'count', 'rating', 'event_at', 'tags', 'flag', 'choice', 'email', 'body', 'image', 'secret'] as const;

/** A Field criterion with values matching its operator's arity (as the search service guarantees). */
const fieldCriterion = fc
  .record({ target: fc.constantFrom(...FIELD_TARGETS), operator: fc.constantFrom<FieldOperator>(...FIELD_OPERATORS), values: fc.array(fieldValue, { minLength: 2, maxLength: 3 }) })
  .map(({ target, operator, values }): Criterion => ({ type: 'Field', target, operator, values: operator === 'IN' ? values : operator === 'BETWEEN' ? values.slice(0, 2) : values.slice(0, 1) }));

const range = <T extends 'LocationDepth' | 'LocationPriority'>(type: T, values: fc.Arbitrary<number>) =>
  fc.record({ operator: fc.constantFrom<RangeOperator>(...RANGE_OPERATORS), values: fc.array(values, { minLength: 2, maxLength: 3 }) }).map(
    ({ operator, values: list }): Criterion => ({ type, operator, values: operator === 'IN' ? list : operator === 'BETWEEN' ? list.slice(0, 2) : list.slice(0, 1) }),
  );

/** Random criterion trees over the facts (location-only criteria only in location searches). */
function criterionArbitrary(facts: RandomFacts, location: boolean): fc.Arbitrary<Criterion> {
  const leaves: fc.Arbitrary<Criterion>[] = [
    fc.constant<Criterion>({ type: 'MatchAll' }),
    subset(facts.contentIds).map((values): Criterion => ({ type: 'ContentId', values })),
    subset(facts.remoteIds).map((values): Criterion => ({ type: 'ContentRemoteId', values })),
    subset([1, 4, 20, 21]).map((values): Criterion => ({ type: 'ContentTypeId', values })),
    subset([1, 2, 3]).map((values): Criterion => ({ type: 'ContentTypeGroupId', values })),
    subset([1, 2, 3]).map((values): Criterion => ({ type: 'SectionId', values })),
    subset(['standard', 'users', 'media']).map((values): Criterion => ({ type: 'SectionIdentifier', values })),
    subset(facts.locationIds).map((values): Criterion => ({ type: 'LocationId', values })),
    subset(facts.locationRemoteIds).map((values): Criterion => ({ type: 'LocationRemoteId', values })),
    subset([2, 43, ...facts.locationIds]).map((values): Criterion => ({ type: 'ParentLocationId', values })),
    subset(facts.pathStrings).map((values): Criterion => ({ type: 'Subtree', values })),
    subset(facts.pathStrings, 1).map((values): Criterion => ({ type: 'Ancestor', values })),
    fc.constantFrom('VISIBLE', 'HIDDEN' as const).map((value): Criterion => ({ type: 'Visibility', value })),
    fc.record({ values: subset(['eng-GB', 'pol-PL']), matchAlwaysAvailable: fc.boolean() }).map((value): Criterion => ({ type: 'LanguageCode', ...value })),
    fc.oneof(fc.constantFrom(...VOCABULARY), fc.constantFrom('gre*', '*ue', '*a*', 'apple zebra', 'x_y', 'img', 'Lodz', '')).map((value): Criterion => ({ type: 'FullText', value })),
    fc
      .record({ target: fc.constantFrom('modified', 'created', 'published' as const), operator: fc.constantFrom<RangeOperator>(...RANGE_OPERATORS), values: fc.array(fc.constantFrom(...seconds), { minLength: 2, maxLength: 3 }) })
      .map(({ target, operator, values }): Criterion => ({ type: 'DateMetadata', target, operator, values: operator === 'IN' ? values : operator === 'BETWEEN' ? values.slice(0, 2) : values.slice(0, 1) })),
    fc.record({ target: fc.constantFrom('owner', 'group', 'modifier' as const), values: subset([...facts.userIds, 4, 12, 13]) }).map((value): Criterion => ({ type: 'UserMetadata', ...value })),
    fieldCriterion,
    fc.record({ target: fc.constantFrom(...FIELD_TARGETS), value: fc.boolean() }).map((value): Criterion => ({ type: 'IsFieldEmpty', ...value })),
    fc.boolean().map((value): Criterion => ({ type: 'IsContainer', value })),
    fc.boolean().map((value): Criterion => ({ type: 'IsUserBased', value })),
    fc.boolean().map((value): Criterion => ({ type: 'IsUserEnabled', value })),
    subset(facts.userIds).map((values): Criterion => ({ type: 'UserId', values })),
    subset(['admin', 'EDIT*', '*x*', 'writer1', 'anonymous']).map((values): Criterion => ({ type: 'UserLogin', values })),
    subset(['*@example.com', 'ADMIN@link.invalid', 'guest_x*']).map((values): Criterion => ({ type: 'UserEmail', values })),
    subset([1, 2]).map((values): Criterion => ({ type: 'ObjectStateId', values })),
    fc.record({ values: subset(['locked', 'not_locked']), groupIdentifier: fc.constantFrom(null, 'ez_lock', 'other') }).map((value): Criterion => ({ type: 'ObjectStateIdentifier', ...value })),
    fc.constantFrom('alpha*', '*E*', 'red', 'Zulu blue', '*ł*', 'a%', 'x_y*').map((value): Criterion => ({ type: 'ContentName', value })),
    subset(MIME_TYPES).map((values): Criterion => ({ type: 'ImageMimeType', fieldDefIdentifier: 'image', values })),
    fc.record({ min: fc.constantFrom(0, 0.5, 1), max: fc.constantFrom(null, 0.5, 3) }).map((value): Criterion => ({ type: 'ImageFileSize', fieldDefIdentifier: 'image', ...value })),
    fc.record({ width: fc.option(fc.record({ min: fc.constantFrom(0, 200), max: fc.constantFrom(null, 300) }), { nil: null }), height: fc.option(fc.record({ min: fc.constantFrom(0, 200), max: fc.constantFrom(null, 400) }), { nil: null }) })
      .map((value): Criterion => ({ type: 'ImageDimensions', fieldDefIdentifier: 'image', ...value })),
    subset(['landscape', 'portrait', 'square'] as const).map((values): Criterion => ({ type: 'ImageOrientation', fieldDefIdentifier: 'image', values })),
  ];
  if (location) {
    leaves.push(
      range('LocationDepth', fc.integer({ min: 1, max: 5 })),
      range('LocationPriority', fc.integer({ min: -3, max: 3 })),
      fc.boolean().map((value): Criterion => ({ type: 'IsMainLocation', value })),
      fc.boolean().map((value): Criterion => ({ type: 'IsBookmarked', userId: 14, value })),
    );
  }
  const leaf = fc.oneof(...leaves);
  return fc.letrec<{ node: Criterion }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('node'), { maxLength: 3 }).map((criteria): Criterion => ({ type: 'LogicalAnd', criteria })),
      fc.array(tie('node'), { maxLength: 3 }).map((criteria): Criterion => ({ type: 'LogicalOr', criteria })),
      tie('node').map((criterion): Criterion => ({ type: 'LogicalNot', criterion })),
    ),
  })).node;
}

const SIMPLE_CLAUSES = ['ContentId', 'ContentName', 'DateModified', 'DatePublished', 'SectionIdentifier', 'SectionName', 'ContentTypeIdentifier', 'ContentTypeName', 'Score'] as const;
const LOCATION_CLAUSES = ['LocationDepth', 'LocationPath', 'LocationPriority', 'LocationId'] as const;
const direction = fc.constantFrom('ascending', 'descending' as const);

function sortClausesArbitrary(location: boolean): fc.Arbitrary<SortClause[]> {
  const simple = fc.record({ type: fc.constantFrom(...SIMPLE_CLAUSES, ...(location ? LOCATION_CLAUSES : [])), direction }).map((clause): SortClause => clause);
  const field = fc
    .record({ target: fc.constantFrom('search_item/count', 'search_item/rating', 'search_item/title', 'search_item/tags', 'search_item/flag', 'search_note/count', 'folder/name'), direction })
    .map(({ target, direction: dir }): SortClause => {
      const [contentTypeIdentifier = '', fieldDefinitionIdentifier = ''] = target.split('/');
      return { type: 'Field', contentTypeIdentifier, fieldDefinitionIdentifier, direction: dir };
    });
  return fc.array(fc.oneof(simple, field), { maxLength: 3 });
}

const languageFilterArbitrary: fc.Arbitrary<LanguageFilter> = fc.constantFrom<LanguageFilter>(
  {}, {}, { languages: ['eng-GB'] }, { languages: ['pol-PL', 'eng-GB'] }, { languages: ['pol-PL'], useAlwaysAvailable: false },
);

/**
 * Generated cases: a random content set is built through the SPI in the store
 * under test and in core's in-memory reference; random criterion trees, sort clauses, language filters, offsets
 * and limits must give identical results on both — same ids in the same order, same total (the tie-break fixes
 * the order of every query). Half of the queries carry the field types of their Field targets, as the search
 * service resolves them (`fieldTargetTypes`), which engines may use to search fewer families.
 */
export function searchGeneratedContract(runner: TestRunner, create: () => Promise<PersistenceUnderTest>): void {
  const { afterAll, beforeAll, describe, expect, it } = runner;
  describe(`SearchHandler agrees with the reference evaluator on generated queries (seed ${SEARCH_CONTRACT_SEED})`, () => {
    let store: PersistenceUnderTest | undefined;
    let reference: PersistenceHandler | undefined;
    let facts: RandomFacts | undefined;
    let contentTypes: readonly StoredContentType[] = [];

    beforeAll(async () => {
      const [set] = fc.sample(randomContentSet, { seed: SEARCH_CONTRACT_SEED, numRuns: 1 });
      if (!set) throw new Error('no content set generated');
      const build = async (persistence: PersistenceHandler, importer: PersistenceUnderTest['seedImporter']): Promise<RandomFacts> => {
        const seed = searchSeed();
        await importer.import(seed);
        await indexSeededContent(persistence, seed);
        return buildRandomContentSet(persistence, set);
      };
      store = await create();
      facts = await build(store.persistence, store.seedImporter);
      const memory = createInMemoryPersistence();
      reference = memory.persistence;
      expect(await build(memory.persistence, memory.seedImporter)).toEqual(facts);
      contentTypes = await store.persistence.contentTypeHandler.loadContentTypes();
    });
    afterAll(async () => {
      await store?.close();
    });

    for (const target of ['findContent', 'findLocations'] as const) {
      it(`${target}: same hits, order and total`, async () => {
        if (!store || !reference || !facts) throw new Error('not set up');
        const underTest = store.persistence;
        const oracle = reference;
        const location = target === 'findLocations';
        const fieldTypes = createDefaultFieldTypeRegistry();
        const query = fc
          .record({
            criterion: criterionArbitrary(facts, location),
            sortClauses: sortClausesArbitrary(location),
            offset: fc.integer({ min: 0, max: 8 }),
            limit: fc.constantFrom(0, 1, 3, 10, 100),
            languageFilter: languageFilterArbitrary,
            withTargetTypes: fc.boolean(),
          })
          .map(({ withTargetTypes, ...rest }): ResolvedQuery => (withTargetTypes ? { ...rest, fieldTargetTypes: fieldTargetTypes(rest.criterion, contentTypes, fieldTypes) } : rest));
        await fc.assert(
          fc.asyncProperty(query, async (resolved: ResolvedQuery) => {
            const expected = await oracle.searchHandler[target](resolved);
            const actual = await underTest.searchHandler[target](resolved);
            expect(actual).toEqual(expected);
          }),
          { seed: SEARCH_CONTRACT_SEED, numRuns: SEARCH_CONTRACT_RUNS },
        );
      });
    }
  });
}
