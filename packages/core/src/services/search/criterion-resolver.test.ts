import { describe, expect, it } from '@jest/globals';
import { buildCleanInstallSeed } from '../../clean-install/build-seed.js';
import type { Criterion } from '../../domain/criteria/criterion.js';
import type { SortClause } from '../../domain/criteria/sort-clause.js';
import { createDefaultFieldTypeRegistry } from '../../field-types/registry.js';
import type { StoredContentType } from '../../spi/content-type-handler.js';
import { checkOperatorArity, resolveCriterion, type ResolutionSources } from './criterion-resolver.js';
import { fieldTargetTypes, resolveFieldCriterionTarget, resolveFieldSortTarget } from './field-target.js';
import { resolveSortClauses } from './sort-clause-resolver.js';

const fieldTypes = createDefaultFieldTypeRegistry();
const clean = buildCleanInstallSeed({ fieldTypes, adminPasswordHash: 'x' }).contentTypes;
/** The clean-install types plus one whose only `link` field is an ezurl (no index data). */
const withUrl: StoredContentType[] = [
  ...clean,
  {
    ...(clean[0] ?? (() => { throw new Error('no types'); })()),
    id: 90,
    identifier: 'link',
    fieldDefinitions: [{ ...(clean[0]?.fieldDefinitions[0] ?? (() => { throw new Error('no fields'); })()), id: 900, identifier: 'link', fieldTypeIdentifier: 'ezurl' }],
  },
];
/** The warnings resolution logged, in order. */
const warnings: { readonly details: Readonly<Record<string, unknown>>; readonly message: string }[] = [];
const sources: ResolutionSources = {
  contentTypes: async () => withUrl,
  languageCodes: async () => ['eng-GB', 'pol-PL'],
  fieldTypes,
  logger: { warn: (details, message) => warnings.push({ details, message }) },
};

const resolve = (criterion: Criterion, target: 'content' | 'location' = 'content'): Promise<Criterion> => resolveCriterion(criterion, target, sources);

describe('Field target resolution', () => {
  it('finds the searchable definitions of a name across content types', () => {
    expect(resolveFieldCriterionTarget('name', clean, fieldTypes).map((target) => target.contentTypeIdentifier)).toEqual([
      'folder', 'user_group', 'image', 'file',
    ]);
  });

  it('refuses unknown or non-searchable targets with 406 and index-less types with 501', () => {
    expect(() => resolveFieldCriterionTarget('nope', clean, fieldTypes)).toThrow("No searchable Fields found for the provided Criterion target 'nope'.");
    expect(() => resolveFieldCriterionTarget('enable_comments', clean, fieldTypes)).toThrow(expect.objectContaining({ code: 'InvalidArgument' }));
    expect(() => resolveFieldCriterionTarget('link', withUrl, fieldTypes)).toThrow(
      expect.objectContaining({ code: 'NotImplemented', message: 'The following Field Types are not searchable in the Legacy search engine: ezurl' }),
    );
  });

  it('lists the field types each Field / IsFieldEmpty target can have in the index by family, anywhere in the tree', () => {
    const criterion: Criterion = {
      type: 'LogicalAnd',
      criteria: [
        { type: 'Field', target: 'name', operator: 'EQ', values: ['x'] },
        { type: 'LogicalNot', criterion: { type: 'LogicalOr', criteria: [{ type: 'IsFieldEmpty', target: 'description', value: true }] } },
        { type: 'Field', target: 'link', operator: 'EQ', values: ['x'] },
        { type: 'ContentName', value: 'x' },
      ],
    };
    const [first] = withUrl;
    const definition = first?.fieldDefinitions[0];
    if (!first || !definition) throw new Error('no types');
    /** One more type whose `description` is an integer. */
    const mixed: StoredContentType[] = [
      ...withUrl,
      { ...first, id: 91, identifier: 'rated', fieldDefinitions: [{ ...definition, id: 910, identifier: 'description', fieldTypeIdentifier: 'ezinteger' }] },
    ];
    // ezurl has no index data: nothing of `link` can be in the index.
    expect(Object.fromEntries(fieldTargetTypes(criterion, mixed, fieldTypes))).toEqual({
      name: { text: ['ezstring'] },
      description: { integer: ['ezinteger'], text: ['ezrichtext', 'ezstring'] },
    });
  });

  it('resolves a sort target within its content type only', () => {
    expect(resolveFieldSortTarget('article', 'title', clean, fieldTypes).fieldDefinitionId).toBe(1);
    expect(() => resolveFieldSortTarget('folder', 'title', clean, fieldTypes)).toThrow(expect.objectContaining({ code: 'InvalidArgument' }));
    expect(() => resolveFieldSortTarget('nope', 'name', clean, fieldTypes)).toThrow(expect.objectContaining({ code: 'InvalidArgument' }));
  });
});

describe('criterion resolution', () => {
  it('resolves content type identifiers to ids inside logical operators', async () => {
    const criterion: Criterion = { type: 'LogicalNot', criterion: { type: 'LogicalOr', criteria: [{ type: 'ContentTypeIdentifier', values: ['article', 'folder'] }] } };
    expect(await resolve(criterion)).toEqual({ type: 'LogicalNot', criterion: { type: 'LogicalOr', criteria: [{ type: 'ContentTypeId', values: [2, 1] }] } });
  });

  it('skips unknown content type identifiers with one warning, and matches nothing when none is known', async () => {
    warnings.length = 0;
    expect(await resolve({ type: 'ContentTypeIdentifier', values: ['news'] })).toEqual({ type: 'MatchNone' });
    expect(await resolve({ type: 'ContentTypeIdentifier', values: ['article', 'news', 'blog'] })).toEqual({ type: 'ContentTypeId', values: [2] });
    expect(await resolve({ type: 'LogicalNot', criterion: { type: 'ContentTypeIdentifier', values: ['news'] } })).toEqual({
      type: 'LogicalNot', criterion: { type: 'MatchNone' },
    });
    expect(warnings.map((warning) => warning.message)).toEqual([
      'Invalid content type identifiers provided for ContentTypeIdentifier criterion: news',
      'Invalid content type identifiers provided for ContentTypeIdentifier criterion: news, blog',
      'Invalid content type identifiers provided for ContentTypeIdentifier criterion: news',
    ]);
    expect(warnings[1]?.details).toEqual({ criterion: 'ContentTypeIdentifier', identifiers: ['news', 'blog'] });
    warnings.length = 0;
    expect(await resolve({ type: 'ContentTypeIdentifier', values: ['folder'] })).toEqual({ type: 'ContentTypeId', values: [1] });
    expect(warnings).toEqual([]);
  });

  it('passes section and object state identifiers through: unknown ones match nothing, as Legacy joins them', async () => {
    const section: Criterion = { type: 'SectionIdentifier', values: ['nope'] };
    expect(await resolve(section)).toEqual(section);
    const state: Criterion = { type: 'ObjectStateIdentifier', values: ['nope'], groupIdentifier: 'nope' };
    expect(await resolve(state)).toEqual(state);
  });

  it('refuses location criteria in a content search only', async () => {
    const depth: Criterion = { type: 'LocationDepth', operator: 'EQ', values: [2] };
    await expect(resolve({ type: 'LogicalAnd', criteria: [depth] })).rejects.toMatchObject({
      code: 'InvalidArgument', message: "Argument '$query' is invalid: Location Criteria cannot be used in Content search",
    });
    await expect(resolve({ type: 'IsBookmarked', userId: 14, value: true })).rejects.toMatchObject({ code: 'InvalidArgument' });
    expect(await resolve(depth, 'location')).toEqual(depth);
  });

  it('checks operator arity and values', async () => {
    expect(() => checkOperatorArity('EQ', 2)).toThrow('Too many arguments for unary operator');
    expect(() => checkOperatorArity('LIKE', 0)).toThrow('Missing value for the LIKE operator');
    expect(() => checkOperatorArity('BETWEEN', 1)).toThrow('BETWEEN needs exactly two values');
    expect(() => checkOperatorArity('IN', 0)).not.toThrow();
    await expect(resolve({ type: 'Field', target: 'title', operator: 'BETWEEN', values: ['a'] })).rejects.toMatchObject({ code: 'InvalidArgument' });
    await expect(resolve({ type: 'DateMetadata', target: 'modified', operator: 'GT', values: [1, 2] })).rejects.toMatchObject({ code: 'InvalidArgument' });
    await expect(resolve({ type: 'DateMetadata', target: 'trashed', operator: 'GT', values: [1] })).rejects.toMatchObject({ code: 'InvalidArgument' });
    await expect(resolve({ type: 'ContentId', values: [1.5] })).rejects.toMatchObject({ code: 'InvalidArgument' });
    await expect(resolve({ type: 'Subtree', values: ['2'] })).rejects.toMatchObject({ code: 'InvalidArgument' });
    await expect(resolve({ type: 'ImageFileSize', fieldDefIdentifier: 'image', min: 2, max: 1 })).rejects.toMatchObject({ code: 'InvalidArgument' });
    await expect(resolve({ type: 'ImageMimeType', fieldDefIdentifier: 'name', values: ['image/png'] })).rejects.toMatchObject({ code: 'InvalidArgument' });
    expect(await resolve({ type: 'Subtree', values: ['/1/2/'] })).toEqual({ type: 'Subtree', values: ['/1/2/'] });
  });

  it('validates Field targets and language codes', async () => {
    await expect(resolve({ type: 'Field', target: 'nope', operator: 'EQ', values: ['x'] })).rejects.toMatchObject({ code: 'InvalidArgument' });
    await expect(resolve({ type: 'IsFieldEmpty', target: 'link', value: true })).rejects.toMatchObject({ code: 'NotImplemented' });
    await expect(resolve({ type: 'LanguageCode', values: ['ger-DE'], matchAlwaysAvailable: true })).rejects.toMatchObject({
      code: 'NotFound', message: "Could not find 'Language' with identifier 'ger-DE'",
    });
    await expect(resolve({ type: 'LanguageCode', values: ['ger-DE', 'eng-GB', 'fre-FR'], matchAlwaysAvailable: false })).rejects.toMatchObject({
      code: 'NotFound', message: "Could not find 'Language' with identifier 'ger-DE, fre-FR'",
    });
    const field: Criterion = { type: 'Field', target: 'title', operator: 'IN', values: ['a', 'b', 'c'] };
    expect(await resolve(field)).toEqual(field);
  });

  it('accepts image criteria on image fields only', async () => {
    const image: Criterion = { type: 'ImageMimeType', fieldDefIdentifier: 'image', values: ['image/png'] };
    expect(await resolve(image)).toEqual(image);
    await expect(resolve({ type: 'ImageOrientation', fieldDefIdentifier: 'name', values: ['square'] })).rejects.toMatchObject({
      code: 'InvalidArgument',
      message: "Argument '$criterion->target' is invalid: No image Fields found for the provided Criterion target 'name'.",
    });
  });

  it('validates sort clauses', async () => {
    const clauses = (list: SortClause[], target: 'content' | 'location' = 'content') => resolveSortClauses(list, target, sources);
    await expect(clauses([{ type: 'LocationPath', direction: 'ascending' }])).rejects.toMatchObject({
      message: "Argument '$query' is invalid: Location Sort Clauses cannot be used in Content search",
    });
    expect(await clauses([{ type: 'LocationPath', direction: 'ascending' }], 'location')).toHaveLength(1);
    await expect(clauses([{ type: 'Field', contentTypeIdentifier: 'folder', fieldDefinitionIdentifier: 'nope', direction: 'ascending' }])).rejects.toMatchObject({
      code: 'InvalidArgument',
    });
  });
});
