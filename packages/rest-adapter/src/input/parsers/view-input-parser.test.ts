import { describe, expect, it } from '@jest/globals';
import { decodeBody } from '../decode-body.js';
import type { DecodedObject } from '../decoded-input.js';
import type { CriterionLookups } from './view-criterion-parser.js';
import { parseSortClauses } from './view-sort-clause-parser.js';
import { parseViewInput } from './view-input-parser.js';

const lookups: CriterionLookups = {
  userId: 10,
  loadLocation: async () => {
    throw new Error('not used');
  },
  loadLocationByRemoteId: async () => {
    throw new Error('not used');
  },
};
const xml = (body: string): Promise<DecodedObject> => decodeBody(Buffer.from(body), 'xml');

describe('ViewInput sort clauses', () => {
  it('reads directions in key order, lists as several clauses, and a single clause without a list', () => {
    expect(parseSortClauses({ ContentName: 'ascending', DatePublished: ['descending', 'ascending'] })).toEqual([
      { type: 'ContentName', direction: 'ascending' },
      { type: 'DatePublished', direction: 'descending' },
      { type: 'DatePublished', direction: 'ascending' },
    ]);
    expect(parseSortClauses([{ LocationPriority: 'descending' }, { ContentId: 'ascending' }])).toEqual([
      { type: 'LocationPriority', direction: 'descending' },
      { type: 'ContentId', direction: 'ascending' },
    ]);
    expect(parseSortClauses(undefined)).toEqual([]);
  });

  it('reads the Field clause in both JSON forms and the XML attribute form', async () => {
    const expected = [{ type: 'Field', contentTypeIdentifier: 'folder', fieldDefinitionIdentifier: 'name', direction: 'descending' }];
    expect(parseSortClauses({ Field: { identifier: 'folder/name', direction: 'descending' } })).toEqual(expected);
    expect(parseSortClauses({ Field: [{ contentTypeIdentifier: 'folder', fieldDefinitionIdentifier: 'name', direction: 'descending' }] })).toEqual(expected);
    const decoded = await xml('<SortClauses><Field identifier="folder/name">descending</Field></SortClauses>');
    expect(parseSortClauses(decoded)).toEqual(expected);
    const attributes = await xml('<SortClauses><Field contentTypeIdentifier="folder" fieldDefinitionIdentifier="name">descending</Field></SortClauses>');
    expect(parseSortClauses(attributes)).toEqual(expected);
  });

  it('refuses unknown names, inexact directions and incomplete Field data with 400', () => {
    expect(() => parseSortClauses({ Foo: 'ascending' })).toThrow(
      "Unknown content type specification: 'application/vnd.ibexa.api.internal.sortclause.Foo (version: 1.0)'.",
    );
    expect(() => parseSortClauses({ ContentName: 'ASC' })).toThrow('Invalid direction format in the <ContentName> Sort Clause');
    expect(() => parseSortClauses({ Field: 'ascending' })).toThrow('The <Field> Sort Clause has missing arguments');
    expect(() => parseSortClauses({ Field: { identifier: 'name', direction: 'ascending' } })).toThrow('has to be in "contentTypeIdentifier/fieldDefinitionIdentifier" format');
    expect(() => parseSortClauses({ Field: { fieldDefinitionIdentifier: 'name', direction: 'ascending' } })).toThrow('missing parameter "contentTypeIdentifier"');
    expect(() => parseSortClauses({ Field: { contentTypeIdentifier: 'folder', direction: 'ascending' } })).toThrow('missing parameter "fieldDefinitionIdentifier"');
    expect(() => parseSortClauses({ Field: { identifier: 'folder/name', direction: 'up' } })).toThrow('Invalid direction format in <Field> sort clause');
    expect(() => parseSortClauses('ContentName')).toThrow('Invalid <SortClauses> format');
  });
});

describe('ViewInput structure', () => {
  it('reads the 1.0 form: Query is always a content query, with defaults left to core', async () => {
    const view = await parseViewInput({ identifier: 'v', Query: { Filter: { ContentIdCriterion: '1' } } }, '1.0', lookups);
    expect(view).toEqual({
      identifier: 'v', target: 'content', query: { filter: { type: 'ContentId', values: [1] }, sortClauses: [] }, languageFilter: { useAlwaysAvailable: true },
    });
  });

  it('reads the 1.1 form: LocationQuery wins over ContentQuery; Filter and Query, paging, language', async () => {
    const view = await parseViewInput(
      {
        identifier: 42, languageCode: 'pol-PL', useAlwaysAvailable: 'false', public: false,
        ContentQuery: { Filter: { ContentIdCriterion: 1 } },
        LocationQuery: { Filter: { ParentLocationIdCriterion: 2 }, Query: { FullTextCriterion: 'x' }, limit: '10', offset: 5, SortClauses: { LocationPriority: 'ascending' } },
      },
      '1.1',
      lookups,
    );
    expect(view).toEqual({
      identifier: '42',
      target: 'location',
      query: {
        filter: { type: 'ParentLocationId', values: [2] }, query: { type: 'FullText', value: 'x' }, limit: 10, offset: 5,
        sortClauses: [{ type: 'LocationPriority', direction: 'ascending' }],
      },
      languageFilter: { languages: ['pol-PL'], useAlwaysAvailable: false },
    });
    expect((await parseViewInput({ identifier: 'c', ContentQuery: {} }, '1.1', lookups)).target).toBe('content');
  });

  it('reads an XML body the same way', async () => {
    const body = await xml(
      '<ViewInput><identifier>x</identifier><Query><Filter><ContentTypeIdentifierCriterion>folder</ContentTypeIdentifierCriterion></Filter>' +
        '<limit>2</limit><SortClauses><ContentName>descending</ContentName></SortClauses></Query></ViewInput>',
    );
    expect((await parseViewInput(body, '1.0', lookups)).query).toEqual({
      filter: { type: 'ContentTypeIdentifier', values: ['folder'] }, limit: 2, sortClauses: [{ type: 'ContentName', direction: 'descending' }],
    });
  });

  it('accepts known aggregations and refuses unknown ones', async () => {
    const aggregations = [{ ContentTypeTermAggregation: { name: 'types' } }];
    await expect(parseViewInput({ identifier: 'a', Query: { Aggregations: aggregations } }, '1.0', lookups)).resolves.toMatchObject({ identifier: 'a' });
    await expect(parseViewInput({ identifier: 'a', Query: { Aggregations: [{ Nope: { name: 'x' } }] } }, '1.0', lookups)).rejects.toThrow(
      'internal.aggregation.Nope',
    );
    await expect(parseViewInput({ identifier: 'a', Query: { Aggregations: [{ SectionTermAggregation: {} }] } }, '1.0', lookups)).rejects.toThrow(
      "Missing 'name' element for SectionTermAggregation.",
    );
  });

  it('reads XML aggregations wrapped in <Aggregation> elements, as in the documented example', async () => {
    const wrapped = { Aggregation: { ContentTypeTermAggregation: { name: 'types' } } };
    await expect(parseViewInput({ identifier: 'a', Query: { Aggregations: wrapped } }, '1.0', lookups)).resolves.toMatchObject({ identifier: 'a' });
    const two = { Aggregation: [{ ContentTypeTermAggregation: { name: 'types' } }, { SectionTermAggregation: { name: 'sections' } }] };
    await expect(parseViewInput({ identifier: 'a', Query: { Aggregations: two } }, '1.0', lookups)).resolves.toMatchObject({ identifier: 'a' });
    await expect(parseViewInput({ identifier: 'a', Query: { Aggregations: { Aggregation: { Nope: { name: 'x' } } } } }, '1.0', lookups)).rejects.toThrow(
      'internal.aggregation.Nope',
    );
  });

  it('names what is missing', async () => {
    await expect(parseViewInput({ Query: {} }, '1.0', lookups)).rejects.toThrow('Missing <identifier> attribute for <ViewInput>.');
    await expect(parseViewInput({ identifier: 'x' }, '1.0', lookups)).rejects.toThrow('Missing <Query> attribute for <ViewInput>.');
    await expect(parseViewInput({ identifier: 'x', LocationQuery: {} }, '1.0', lookups)).rejects.toThrow('Missing <Query> attribute for <ViewInput>.');
    await expect(parseViewInput({ identifier: 'x', Query: {} }, '1.1', lookups)).rejects.toThrow('Missing <ContentQuery> or <LocationQuery> attribute for <ViewInput>.');
    await expect(parseViewInput({ identifier: 'x', Query: 'all' }, '1.0', lookups)).rejects.toThrow('Invalid <Query> format');
    await expect(parseViewInput({ identifier: 'x', Query: { limit: 'ten' } }, '1.0', lookups)).rejects.toThrow("Invalid value for 'limit' in Query.");
    await expect(parseViewInput({ identifier: 'x', Query: { Filter: 'x' } }, '1.0', lookups)).rejects.toThrow('Invalid <Filter> format');
  });
});
