import { describe, expect, it } from '@jest/globals';
import { NotFoundError, type Criterion, type Location } from '@contentrepo/core';
import { BadRequestError } from '../../http/rest-errors.js';
import { decodeBody } from '../decode-body.js';
import type { DecodedInput } from '../decoded-input.js';
import { type CriterionLookups, dispatchCriterion, parseCriteriaMap } from './view-criterion-parser.js';

const location = (id: number, parentLocationId: number): Location => ({
  id, parentLocationId, contentId: id, pathString: `/1/${parentLocationId}/${id}/`, depth: 2, priority: 0, hidden: false, invisible: false,
  remoteId: `remote-${id}`, sortField: 'PATH', sortOrder: 'ASC',
  contentInfo: {
    id, contentTypeId: 1, name: 'x', sectionId: 1, currentVersionNo: 1, ownerId: 14, modificationDate: new Date(0), publishedDate: new Date(0),
    alwaysAvailable: true, remoteId: 'c', mainLanguageCode: 'eng-GB', mainLocationId: id, status: 'PUBLISHED', isHidden: false,
  },
});

const lookups: CriterionLookups = {
  userId: 14,
  loadLocation: async (id) => {
    if (id === 404) throw NotFoundError.location(id);
    return location(id, 2);
  },
  loadLocationByRemoteId: async (remoteId) => {
    if (remoteId === 'missing') throw NotFoundError.location(remoteId);
    return location(remoteId === 'a' ? 60 : 61, 2);
  },
};

/** The criterion of a JSON Filter map. */
const json = (filter: Record<string, DecodedInput>): Promise<Criterion | undefined> => parseCriteriaMap(filter, 'Filter', lookups);
/** The criterion of an XML `<Filter>` body. */
const xml = async (inner: string): Promise<Criterion | undefined> =>
  parseCriteriaMap(await decodeBody(Buffer.from(`<Filter>${inner}</Filter>`), 'xml'), 'Filter', lookups);

/** The 400 of a failing parse, with its message and the chain of Previous messages. */
async function failure(work: Promise<unknown>): Promise<string[]> {
  try {
    await work;
  } catch (error) {
    const messages: string[] = [];
    let current: unknown = error;
    while (current instanceof BadRequestError) {
      messages.push(current.message);
      current = current.previous;
    }
    if (messages.length === 0) throw error;
    return messages;
  }
  throw new Error('expected a 400');
}

describe('ViewInput criteria accepted by Ibexa REST: JSON and XML forms', () => {
  const cases: [string, Record<string, DecodedInput>, string, Criterion][] = [
    ['ContentId csv', { ContentIdCriterion: '4,10' }, '<ContentIdCriterion>4,10</ContentIdCriterion>', { type: 'ContentId', values: [4, 10] }],
    ['ContentRemoteId', { ContentRemoteIdCriterion: 'abc,def' }, '<ContentRemoteIdCriterion>abc,def</ContentRemoteIdCriterion>', { type: 'ContentRemoteId', values: ['abc', 'def'] }],
    ['ContentTypeId list', { ContentTypeIdCriterion: [1, 3] }, '<ContentTypeIdCriterion>1</ContentTypeIdCriterion><ContentTypeIdCriterion>3</ContentTypeIdCriterion>', { type: 'ContentTypeId', values: [1, 3] }],
    ['ContentTypeIdentifier list', { ContentTypeIdentifierCriterion: ['article', 'news'] }, '<ContentTypeIdentifierCriterion>article</ContentTypeIdentifierCriterion><ContentTypeIdentifierCriterion>news</ContentTypeIdentifierCriterion>', { type: 'ContentTypeIdentifier', values: ['article', 'news'] }],
    ['ContentTypeGroupId', { ContentTypeGroupIdCriterion: 1 }, '<ContentTypeGroupIdCriterion>1</ContentTypeGroupIdCriterion>', { type: 'ContentTypeGroupId', values: [1] }],
    ['SectionId', { SectionIdCriterion: [1, 3] }, '<SectionIdCriterion>1</SectionIdCriterion><SectionIdCriterion>3</SectionIdCriterion>', { type: 'SectionId', values: [1, 3] }],
    ['SectionIdentifier', { SectionIdentifierCriterion: 'standard,media' }, '<SectionIdentifierCriterion>standard,media</SectionIdentifierCriterion>', { type: 'SectionIdentifier', values: ['standard', 'media'] }],
    ['LocationId', { LocationIdCriterion: '2,43' }, '<LocationIdCriterion>2,43</LocationIdCriterion>', { type: 'LocationId', values: [2, 43] }],
    ['LocationRemoteId', { LocationRemoteIdCriterion: 'f3e9' }, '<LocationRemoteIdCriterion>f3e9</LocationRemoteIdCriterion>', { type: 'LocationRemoteId', values: ['f3e9'] }],
    ['ParentLocationId', { ParentLocationIdCriterion: 2 }, '<ParentLocationIdCriterion>2</ParentLocationIdCriterion>', { type: 'ParentLocationId', values: [2] }],
    ['ParentLocationRemoteId', { ParentLocationRemoteIdCriterion: 'a,b' }, '<ParentLocationRemoteIdCriterion>a,b</ParentLocationRemoteIdCriterion>', { type: 'ParentLocationId', values: [60, 61] }],
    ['Subtree', { SubtreeCriterion: '/1/2/,/1/43/' }, '<SubtreeCriterion>/1/2/,/1/43/</SubtreeCriterion>', { type: 'Subtree', values: ['/1/2/', '/1/43/'] }],
    ['Ancestor', { AncestorCriterion: '/1/5/13/15/' }, '<AncestorCriterion>/1/5/13/15/</AncestorCriterion>', { type: 'Ancestor', values: ['/1/5/13/15/'] }],
    ['Sibling', { SiblingCriterion: 58 }, '<SiblingCriterion>58</SiblingCriterion>', { type: 'LogicalAnd', criteria: [{ type: 'ParentLocationId', values: [2] }, { type: 'LogicalNot', criterion: { type: 'LocationId', values: [58] } }] }],
    ['Visibility', { VisibilityCriterion: 1 }, '<VisibilityCriterion>1</VisibilityCriterion>', { type: 'Visibility', value: 'HIDDEN' }],
    ['LanguageCode', { LanguageCodeCriterion: 'eng-GB,pol-PL' }, '<LanguageCodeCriterion>eng-GB,pol-PL</LanguageCodeCriterion>', { type: 'LanguageCode', values: ['eng-GB', 'pol-PL'], matchAlwaysAvailable: true }],
    ['FullText', { FullTextCriterion: 'victory' }, '<FullTextCriterion>victory</FullTextCriterion>', { type: 'FullText', value: 'victory' }],
    ['Field', { Field: { name: 'title', operator: 'eq', value: 'x' } }, '<Field><name>title</name><operator>EQ</operator><value>x</value></Field>', { type: 'Field', target: 'title', operator: 'EQ', values: ['x'] }],
    ['Field IN', { Field: { name: 'count', operator: 'IN', value: ['1', '2'] } }, '<Field><name>count</name><operator>in</operator><value>1</value><value>2</value></Field>', { type: 'Field', target: 'count', operator: 'IN', values: ['1', '2'] }],
    ['Field single-element list', { Field: { name: 'tags', operator: 'IN', value: ['a'] } }, '<Field><name>tags</name><operator>IN</operator><value><value>a</value></value></Field>', { type: 'Field', target: 'tags', operator: 'IN', values: ['a'] }],
    ['DateMetadata', { DateMetadataCriterion: { Target: 'MODIFIED', Value: 1675681020, Operator: 'gte' } }, '<DateMetadataCriterion><Target>modified</Target><Value>1675681020</Value><Operator>gte</Operator></DateMetadataCriterion>', { type: 'DateMetadata', target: 'modified', operator: 'GTE', values: [1675681020] }],
    ['DateMetadata BETWEEN', { DateMetadataCriterion: { Target: 'published', Value: [1, 2], Operator: 'between' } }, '<DateMetadataCriterion><Target>published</Target><Value>1</Value><Value>2</Value><Operator>BETWEEN</Operator></DateMetadataCriterion>', { type: 'DateMetadata', target: 'published', operator: 'BETWEEN', values: [1, 2] }],
    ['UserMetadata', { UserMetadataCriterion: { Target: 'owner', Value: '14,10' } }, '<UserMetadataCriterion><Target>owner</Target><Value>14,10</Value></UserMetadataCriterion>', { type: 'UserMetadata', target: 'owner', values: [14, 10] }],
    ['UserId', { UserIdCriterion: '14' }, '<UserIdCriterion>14</UserIdCriterion>', { type: 'UserId', values: [14] }],
    ['UserLogin', { UserLoginCriterion: 'adm*,anonymous' }, '<UserLoginCriterion>adm*,anonymous</UserLoginCriterion>', { type: 'UserLogin', values: ['adm*', 'anonymous'] }],
    ['UserEmail', { UserEmailCriterion: 'admin@*' }, '<UserEmailCriterion>admin@*</UserEmailCriterion>', { type: 'UserEmail', values: ['admin@*'] }],
    ['IsUserBased', { IsUserBasedCriterion: true }, '<IsUserBasedCriterion>true</IsUserBasedCriterion>', { type: 'IsUserBased', value: true }],
    ['IsUserEnabled', { IsUserEnabledCriterion: 'false' }, '<IsUserEnabledCriterion>false</IsUserEnabledCriterion>', { type: 'IsUserEnabled', value: false }],
    ['IsContainer', { IsContainerCriterion: true }, '<IsContainerCriterion>TRUE</IsContainerCriterion>', { type: 'IsContainer', value: true }],
    ['IsBookmarked', { IsBookmarkedCriterion: true }, '<IsBookmarkedCriterion>true</IsBookmarkedCriterion>', { type: 'IsBookmarked', userId: 14, value: true }],
    ['ObjectStateId', { ObjectStateIdCriterion: '1,2' }, '<ObjectStateIdCriterion>1,2</ObjectStateIdCriterion>', { type: 'ObjectStateId', values: [1, 2] }],
    ['ObjectStateIdentifier', { ObjectStateIdentifierCriterion: { value: 'not_locked', target: 'ez_lock' } }, '<ObjectStateIdentifierCriterion><value>not_locked</value><target>ez_lock</target></ObjectStateIdentifierCriterion>', { type: 'ObjectStateIdentifier', values: ['not_locked'], groupIdentifier: 'ez_lock' }],
    ['ObjectStateIdentifier any group', { ObjectStateIdentifierCriterion: { value: 'locked', target: null } }, '<ObjectStateIdentifierCriterion><value>locked</value><target/></ObjectStateIdentifierCriterion>', { type: 'ObjectStateIdentifier', values: ['locked'], groupIdentifier: null }],
    ['ContentName', { ContentNameCriterion: 'foo*' }, '<ContentNameCriterion>foo*</ContentNameCriterion>', { type: 'ContentName', value: 'foo*' }],
    ['ImageMimeType', { ImageMimeTypeCriterion: { fieldDefIdentifier: 'image', type: ['image/png'] } }, '<ImageMimeTypeCriterion><fieldDefIdentifier>image</fieldDefIdentifier><type>image/png</type></ImageMimeTypeCriterion>', { type: 'ImageMimeType', fieldDefIdentifier: 'image', values: ['image/png'] }],
    ['ImageFileSize', { ImageFileSizeCriterion: { fieldDefIdentifier: 'image', size: { max: 5 } } }, '<ImageFileSizeCriterion><fieldDefIdentifier>image</fieldDefIdentifier><size><max>5</max></size></ImageFileSizeCriterion>', { type: 'ImageFileSize', fieldDefIdentifier: 'image', min: 0, max: 5 }],
    ['ImageDimensions', { ImageDimensionsCriterion: { fieldDefIdentifier: 'image', width: { min: 1 }, height: { max: 9 } } }, '<ImageDimensionsCriterion><fieldDefIdentifier>image</fieldDefIdentifier><width><min>1</min></width><height><max>9</max></height></ImageDimensionsCriterion>', { type: 'ImageDimensions', fieldDefIdentifier: 'image', width: { min: 1, max: null }, height: { min: 0, max: 9 } }],
    ['ImageOrientation', { ImageOrientationCriterion: { fieldDefIdentifier: 'image', orientation: 'portrait' } }, '<ImageOrientationCriterion><fieldDefIdentifier>image</fieldDefIdentifier><orientation>portrait</orientation></ImageOrientationCriterion>', { type: 'ImageOrientation', fieldDefIdentifier: 'image', values: ['portrait'] }],
    ['Image composite', { ImageCriterion: { fieldDefIdentifier: 'image', mimeTypes: 'image/png', orientation: ['landscape'] } }, '<ImageCriterion><fieldDefIdentifier>image</fieldDefIdentifier><mimeTypes>image/png</mimeTypes><orientation>landscape</orientation></ImageCriterion>', { type: 'LogicalAnd', criteria: [{ type: 'ImageMimeType', fieldDefIdentifier: 'image', values: ['image/png'] }, { type: 'ImageOrientation', fieldDefIdentifier: 'image', values: ['landscape'] }] }],
  ];
  it.each(cases)('%s', async (_name, jsonFilter, xmlFilter, expected) => {
    expect(await json(jsonFilter)).toEqual(expected);
    expect(await xml(xmlFilter)).toEqual(expected);
  });
});

describe('ViewInput criteria maps: wrapping rule and logical operators', () => {
  it('ANDs different keys, uses one as is, and reads an empty map as no criterion', async () => {
    expect(await json({ ContentIdCriterion: 1, SectionIdCriterion: 2 })).toEqual({
      type: 'LogicalAnd', criteria: [{ type: 'ContentId', values: [1] }, { type: 'SectionId', values: [2] }],
    });
    expect(await json({})).toBeUndefined();
    expect(await parseCriteriaMap(null, 'Filter', lookups)).toBeUndefined();
  });

  it('passes a repeated key whole to its criterion, an implicit OR (csv criteria accept lists too)', async () => {
    expect(await xml('<ContentIdCriterion>1</ContentIdCriterion><ContentIdCriterion>2,3</ContentIdCriterion>')).toEqual({ type: 'ContentId', values: [1, 2, 3] });
  });

  it('makes one child per list item inside AND / OR, and NOT keeps a multi-value whole', async () => {
    expect(await json({ OR: { ContentRemoteIdCriterion: ['a', 'b'], AND: { SectionIdCriterion: 1, NOT: { ContentTypeIdentifierCriterion: ['x', 'y'] } } } })).toEqual({
      type: 'LogicalOr',
      criteria: [
        { type: 'ContentRemoteId', values: ['a'] },
        { type: 'ContentRemoteId', values: ['b'] },
        { type: 'LogicalAnd', criteria: [{ type: 'SectionId', values: [1] }, { type: 'LogicalNot', criterion: { type: 'ContentTypeIdentifier', values: ['x', 'y'] } }] },
      ],
    });
    expect(await xml('<OR><ContentIdCriterion>1</ContentIdCriterion><ContentIdCriterion>2</ContentIdCriterion></OR>')).toEqual({
      type: 'LogicalOr', criteria: [{ type: 'ContentId', values: [1] }, { type: 'ContentId', values: [2] }],
    });
  });

  it('refuses unknown criteria and malformed values with 400 and the original error as Previous', async () => {
    expect(await failure(json({ ContentId: 1 }))).toEqual([
      'Invalid Criterion id <ContentId> in <AND>',
      "Unknown content type specification: 'application/vnd.ibexa.api.internal.criterion.ContentId (version: 1.0)'. Criterion names carry the 'Criterion' suffix: ContentIdCriterion.",
    ]);
    expect((await failure(json({ FieldCriterion: {} })))[1]).toContain("The Field criterion is named 'Field'.");
    expect(await failure(json({ AND: { OR: { LogicalAnd: 1 } } }))).toEqual([
      'Invalid Criterion id <AND> in <AND>',
      'Invalid Criterion id <OR> in <AND>',
      'Invalid Criterion id <LogicalAnd> in <AND>',
      "Unknown content type specification: 'application/vnd.ibexa.api.internal.criterion.LogicalAnd (version: 1.0)'.",
    ]);
    expect(await failure(json({ AND: [{ ContentIdCriterion: 1 }] }))).toEqual([
      'Invalid Criterion id <AND> in <AND>',
      'Invalid Criterion id <0> in <AND>',
      "Unknown content type specification: 'application/vnd.ibexa.api.internal.criterion.0 (version: 1.0)'.",
    ]);
    expect((await failure(json({ NOT: { ContentIdCriterion: 1, SectionIdCriterion: 1 } })))[1]).toBe('NOT element can only contain one subitem');
    expect((await failure(json({ ParentLocationIdCriterion: 'abc' })))[1]).toBe("Invalid <ParentLocationIdCriterion> format: 'abc' is not an integer");
    expect((await failure(json({ SubtreeCriterion: '2' })))[1]).toBe("Invalid <SubtreeCriterion> format: '2' is not a path string such as /1/2/");
    expect((await failure(json({ VisibilityCriterion: 2 })))[1]).toContain('Invalid <VisibilityCriterion> format');
    expect((await failure(json({ IsUserBasedCriterion: 'yes' })))[1]).toContain('Invalid <IsUserBasedCriterion> format');
    expect((await failure(json({ UserMetadataCriterion: { Target: 'Owner', Value: 14 } })))[1]).toContain('Invalid <Target> format');
    expect((await failure(json({ DateMetadataCriterion: { Target: 'modified', Operator: 'EQ' } })))[1]).toBe('Invalid <Value> format');
    expect((await failure(json({ DateMetadataCriterion: { Target: 'modified', Value: 1, Operator: 'LIKE' } })))[1]).toContain('Invalid <Operator> format');
    expect((await failure(json({ Field: { name: 'title', value: 'x' } })))[1]).toBe('<Field> format expects name, operator and value keys');
    expect((await failure(json({ Field: { name: 'title', operator: 'near', value: 'x' } })))[1]).toBe(
      'Unexpected Field operator. Expected one of: IN, EQ, GT, GTE, LT, LTE, LIKE, BETWEEN, CONTAINS',
    );
    expect((await failure(json({ ContentNameCriterion: '  ' })))[1]).toBe('Input data validation failed for ContentNameCriterion');
    expect((await failure(json({ ImageCriterion: { mimeTypes: 'image/png' } })))[1]).toBe('Input data validation failed for ImageCriterion');
    expect((await failure(json({ ObjectStateIdentifierCriterion: { value: 'locked' } })))[1]).toContain("'value' and 'target' are required");
    expect((await failure(json({ ContentIdCriterion: null })))[1]).toContain('Invalid <ContentIdCriterion> format');
  });

  it('lets lookup errors (404, 401) and unimplemented criteria (501) through unwrapped', async () => {
    await expect(dispatchCriterion('SiblingCriterion', 404, lookups)).rejects.toBeInstanceOf(NotFoundError);
    await expect(json({ AND: { ParentLocationRemoteIdCriterion: 'missing' } })).rejects.toMatchObject({ code: 'NotFound' });
    await expect(json({ MoreLikeThis: 'x' })).rejects.toMatchObject({ status: 501 });
  });
});
