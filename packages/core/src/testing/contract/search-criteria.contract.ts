import type { Criterion, FieldOperator } from '../../domain/criteria/criterion.js';
import type { LanguageFilter } from '../../domain/criteria/query.js';
import type { PersistenceUnderTest } from './fixtures.js';
import { type ScenarioKey, searchScenarioStore, seconds } from './search-scenario.js';
import type { TestRunner } from '../test-runner.js';

type Case = readonly [name: string, criterion: Criterion, expected: readonly ScenarioKey[], languageFilter?: LanguageFilter];

/**
 * Hand-written cases for every criterion the SearchHandler receives (Legacy semantics; the
 * service resolves ContentTypeIdentifier before): content searches restricted to the scenario's subtree, with
 * the expected items spelled out (see search-scenario.ts).
 */
export function searchCriteriaContract(runner: TestRunner, create: () => Promise<PersistenceUnderTest>): void {
  const { describe, expect, it } = runner;
  describe('SearchHandler criteria', () => {
    const scenario = searchScenarioStore(runner, create);
    const id = (key: ScenarioKey): number => scenario().items[key].contentId;
    const location = (key: ScenarioKey, index = 0): number => scenario().items[key].locationIds[index] ?? -1;
    const path = (key: ScenarioKey): string => scenario().items[key].pathStrings[0] ?? '';

    const contentIds = async (criterion: Criterion, languageFilter: LanguageFilter = {}, scoped = true): Promise<readonly number[]> => {
      const scope: Criterion = { type: 'Subtree', values: [path('root')] };
      const result = await scenario().persistence.searchHandler.findContent({
        criterion: scoped ? { type: 'LogicalAnd', criteria: [scope, criterion] } : criterion,
        sortClauses: [{ type: 'ContentId', direction: 'ascending' }],
        offset: 0,
        limit: 100,
        languageFilter,
      });
      expect(result.totalCount).toBe(result.ids.length);
      return result.ids;
    };
    const expectHits = async ([name, criterion, expected, languageFilter]: Case): Promise<void> => {
      const hits = await contentIds(criterion, languageFilter);
      expect({ name, hits }).toEqual({ name, hits: expected.map(id).sort((a, b) => a - b) });
    };
    const all: readonly ScenarioKey[] = ['root', 'alpha', 'beta', 'gamma', 'delta', 'epsilon'];
    const field = (target: string, operator: FieldOperator, ...values: (string | number | boolean)[]): Criterion => ({
      type: 'Field', target, operator, values,
    });

    it('matches content, type, section and tree criteria', async () => {
      const cases: Case[] = [
        ['ContentId', { type: 'ContentId', values: [id('alpha'), id('beta'), 99999] }, ['alpha', 'beta']],
        ['ContentRemoteId', { type: 'ContentRemoteId', values: ['search-gamma'] }, ['gamma']],
        ['ContentRemoteId, case-insensitive', { type: 'ContentRemoteId', values: ['SEARCH-Gamma', 'search-nope'] }, ['gamma']],
        ['ContentRemoteId of none', { type: 'ContentRemoteId', values: [] }, []],
        ['ContentTypeId', { type: 'ContentTypeId', values: [20] }, ['alpha', 'beta', 'epsilon']],
        ['ContentTypeGroupId', { type: 'ContentTypeGroupId', values: [1] }, all],
        ['SectionId', { type: 'SectionId', values: [3] }, ['beta']],
        ['SectionIdentifier', { type: 'SectionIdentifier', values: ['media', 'nope'] }, ['beta']],
        ['LocationId', { type: 'LocationId', values: [location('gamma', 1)] }, ['gamma']],
        ['LocationRemoteId', { type: 'LocationRemoteId', values: ['search-gamma-1'] }, ['gamma']],
        ['LocationRemoteId, case-insensitive', { type: 'LocationRemoteId', values: ['Search-GAMMA-1'] }, ['gamma']],
        ['ParentLocationId', { type: 'ParentLocationId', values: [location('root')] }, ['alpha', 'beta', 'gamma', 'delta']],
        ['ParentLocationId of a second location', { type: 'ParentLocationId', values: [location('alpha')] }, ['gamma']],
        ['Subtree includes its root', { type: 'Subtree', values: [path('delta')] }, ['delta', 'epsilon']],
        ['Ancestor', { type: 'Ancestor', values: [scenario().items.epsilon.pathStrings[0] ?? ''] }, ['root', 'delta', 'epsilon']],
        ['Visibility VISIBLE', { type: 'Visibility', value: 'VISIBLE' }, ['root', 'alpha', 'gamma', 'delta', 'epsilon']],
        ['Visibility HIDDEN', { type: 'Visibility', value: 'HIDDEN' }, ['beta']],
        ['IsContainer', { type: 'IsContainer', value: false }, ['gamma']],
        ['ObjectStateId', { type: 'ObjectStateId', values: [2] }, ['beta']],
        ['ObjectStateIdentifier in group', { type: 'ObjectStateIdentifier', values: ['locked'], groupIdentifier: 'ez_lock' }, ['beta']],
        ['ObjectStateIdentifier other group', { type: 'ObjectStateIdentifier', values: ['locked'], groupIdentifier: 'other' }, []],
        ['ObjectStateIdentifier any group', { type: 'ObjectStateIdentifier', values: ['not_locked'], groupIdentifier: null }, ['root', 'alpha', 'gamma', 'delta', 'epsilon']],
        ['MatchAll', { type: 'MatchAll' }, all],
        ['MatchNone', { type: 'MatchNone' }, []],
        ['AND with NOT', { type: 'LogicalAnd', criteria: [{ type: 'ContentTypeId', values: [20] }, { type: 'LogicalNot', criterion: { type: 'SectionId', values: [3] } }] }, ['alpha', 'epsilon']],
        ['OR', { type: 'LogicalOr', criteria: [{ type: 'ContentId', values: [id('alpha')] }, { type: 'ParentLocationId', values: [location('delta')] }] }, ['alpha', 'epsilon']],
        ['empty OR', { type: 'LogicalOr', criteria: [] }, []],
        ['NOT of a location criterion: no location matches', { type: 'LogicalNot', criterion: { type: 'ParentLocationId', values: [location('root')] } }, ['root', 'epsilon']],
      ];
      for (const testCase of cases) await expectHits(testCase);
    });

    it('matches languages, dates, users and names', async () => {
      const cases: Case[] = [
        ['LanguageCode', { type: 'LanguageCode', values: ['pol-PL'], matchAlwaysAvailable: false }, ['alpha', 'gamma']],
        ['LanguageCode always available', { type: 'LanguageCode', values: ['pol-PL'], matchAlwaysAvailable: true }, ['root', 'alpha', 'gamma', 'delta', 'epsilon']],
        ['DateMetadata modified GT', { type: 'DateMetadata', target: 'modified', operator: 'GT', values: [seconds('2024-01-15T00:00:00Z')] }, ['alpha']],
        ['DateMetadata created LT', { type: 'DateMetadata', target: 'created', operator: 'LT', values: [seconds('2024-01-01T00:00:00Z')] }, ['beta']],
        ['DateMetadata published BETWEEN', { type: 'DateMetadata', target: 'published', operator: 'BETWEEN', values: [seconds('2023-01-01T00:00:00Z'), seconds('2023-06-01T00:00:00Z')] }, ['beta']],
        ['DateMetadata published IN', { type: 'DateMetadata', target: 'published', operator: 'IN', values: [1, seconds('2024-01-01T00:00:00Z')] }, ['root', 'alpha', 'gamma', 'delta', 'epsilon']],
        ['DateMetadata modified LTE', { type: 'DateMetadata', target: 'modified', operator: 'LTE', values: [seconds('2023-06-01T00:00:00Z')] }, ['beta']],
        ['UserMetadata owner', { type: 'UserMetadata', target: 'owner', values: [id('searcher')] }, ['beta']],
        ['UserMetadata modifier', { type: 'UserMetadata', target: 'modifier', values: [10] }, ['beta', 'delta']],
        ['UserMetadata group', { type: 'UserMetadata', target: 'group', values: [13] }, ['beta']],
        ['ContentName of a translation', { type: 'ContentName', value: 'alfa*' }, ['alpha']],
        ['ContentName of the current version', { type: 'ContentName', value: 'DELTA RENAMED' }, ['delta']],
        ['ContentName of an archived version', { type: 'ContentName', value: 'delta folder' }, []],
        ['ContentName suffix', { type: 'ContentName', value: '*promień' }, ['gamma']],
      ];
      for (const testCase of cases) await expectHits(testCase);
      const users = async (criterion: Criterion) => contentIds(criterion, {}, false);
      expect(await users({ type: 'IsUserBased', value: true })).toEqual([10, 14, id('searcher')]);
      expect(await users({ type: 'IsUserEnabled', value: false })).toEqual([id('searcher')]);
      expect(await users({ type: 'UserId', values: [14, id('searcher'), id('alpha')] })).toEqual([14, id('searcher')]);
      expect(await users({ type: 'UserLogin', values: ['SEARCH*'] })).toEqual([id('searcher')]);
      expect(await users({ type: 'UserLogin', values: ['admin', 'anonymous'] })).toEqual([10, 14]);
      expect(await users({ type: 'UserEmail', values: ['searcher@example.com'] })).toEqual([id('searcher')]);
      expect(await users({ type: 'ContentTypeGroupId', values: [2] })).toEqual([4, 10, 11, 12, 13, 14, 42, id('searcher')]);
    });

    it('matches Field criteria per field type family and language', async () => {
      const cases: Case[] = [
        ['text EQ lower-cased', field('title', 'EQ', 'ALPHA centauri'), ['alpha']],
        ['text EQ in a translation', field('title', 'EQ', 'Alfa Centauri'), [], {}],
        ['text EQ with languages', field('title', 'EQ', 'Alfa Centauri'), ['alpha'], { languages: ['pol-PL'] }],
        ['text LIKE', field('title', 'LIKE', '*centauri'), ['alpha']],
        ['text CONTAINS', field('title', 'CONTAINS', 'prom'), ['gamma']],
        ['text GTE across types', field('title', 'GTE', 'gamma'), ['gamma', 'epsilon']],
        ['folder name of the current version', field('name', 'EQ', 'delta renamed'), ['delta']],
        ['folder name of an archived version', field('name', 'EQ', 'delta folder'), []],
        ['integer GT spans a string field', field('count', 'GT', 6), ['beta', 'gamma']],
        ['integer GT with languages', field('count', 'GT', 6), ['alpha', 'gamma'], { languages: ['pol-PL'] }],
        ['integer IN', field('count', 'IN', '0', 12), ['beta', 'epsilon']],
        ['integer BETWEEN', field('count', 'BETWEEN', 1, 12), ['alpha', 'beta']],
        ['float LT', field('rating', 'LT', 0), ['beta']],
        ['float BETWEEN', field('rating', 'BETWEEN', 0, '2'), ['alpha', 'epsilon']],
        ['datetime GTE', field('event_at', 'GTE', 1650000000), ['alpha']],
        ['keyword EQ any element', field('tags', 'EQ', 'BLUE'), ['alpha']],
        ['keyword IN', field('tags', 'IN', 'green', 'x'), ['beta']],
        ['keyword LIKE', field('tags', 'LIKE', 'gr*'), ['beta']],
        ['keyword CONTAINS is element equality', field('tags', 'CONTAINS', 're'), []],
        ['boolean EQ', field('flag', 'EQ', true), ['alpha']],
        ['boolean EQ "false"', field('flag', 'EQ', 'false'), ['beta', 'epsilon']],
        ['selection EQ', field('choice', 'EQ', 2), ['beta']],
        ['selection IN', field('choice', 'IN', 1, 3), ['alpha']],
        ['email CONTAINS is equality', field('email', 'CONTAINS', 'example'), []],
        ['email LIKE', field('email', 'LIKE', '*@example.com'), ['alpha']],
        ['email EQ', field('email', 'EQ', 'BOB@TEST.ORG'), ['beta']],
        ['rich text CONTAINS', field('body', 'CONTAINS', 'dog'), ['beta']],
        ['IsFieldEmpty true', { type: 'IsFieldEmpty', target: 'email', value: true }, ['epsilon']],
        ['IsFieldEmpty false', { type: 'IsFieldEmpty', target: 'tags', value: false }, ['alpha', 'beta']],
      ];
      for (const testCase of cases) await expectHits(testCase);
    });

    it('matches full text with tokens, wildcards and languages', async () => {
      const cases: Case[] = [
        ['a word', { type: 'FullText', value: 'quick' }, ['alpha']],
        ['any word of several', { type: 'FullText', value: 'QUICK dog' }, ['alpha', 'beta']],
        ['prefix', { type: 'FullText', value: 'qui*' }, ['alpha']],
        ['infix', { type: 'FullText', value: '*ump*' }, ['alpha']],
        ['suffix', { type: 'FullText', value: '*eeps' }, ['beta']],
        ['diacritics', { type: 'FullText', value: 'MYŚLENIE' }, ['gamma']],
        ['image file names', { type: 'FullText', value: 'epsilon' }, ['epsilon']],
        ['not a non-searchable field', { type: 'FullText', value: 'treasure' }, []],
        ['always-available main language', { type: 'FullText', value: 'myslenie' }, ['gamma'], { languages: ['eng-GB'] }],
        ['filter languages only', { type: 'FullText', value: 'myslenie' }, [], { languages: ['eng-GB'], useAlwaysAvailable: false }],
        ['nothing', { type: 'FullText', value: '' }, []],
      ];
      for (const testCase of cases) await expectHits(testCase);
    });

    it('matches image criteria on the stored image data', async () => {
      const cases: Case[] = [
        ['MIME type', { type: 'ImageMimeType', fieldDefIdentifier: 'image', values: ['image/jpeg'] }, ['epsilon']],
        ['file size from', { type: 'ImageFileSize', fieldDefIdentifier: 'image', min: 1, max: null }, ['alpha']],
        ['file size to', { type: 'ImageFileSize', fieldDefIdentifier: 'image', min: 0, max: 0.5 }, ['epsilon']],
        ['width', { type: 'ImageDimensions', fieldDefIdentifier: 'image', width: { min: 500, max: null }, height: null }, ['alpha']],
        ['height', { type: 'ImageDimensions', fieldDefIdentifier: 'image', width: null, height: { min: 0, max: 450 } }, ['epsilon']],
        ['orientation', { type: 'ImageOrientation', fieldDefIdentifier: 'image', values: ['portrait', 'square'] }, ['epsilon']],
      ];
      for (const testCase of cases) await expectHits(testCase);
    });
  });
}
