import { describe, expect, it } from '@jest/globals';
import { BadRequestError, InvalidHrefError } from '../http/rest-errors.js';
import { DEFAULT_REST_PREFIX, parseDestination, parseHref, parseLocationPathString } from './href.js';

const P = DEFAULT_REST_PREFIX;

describe('parseHref (Ibexa REST input references)', () => {
  it('resolves every kind under the default prefix', () => {
    expect(parseHref(`${P}/content/types/1`, P, 'contentType')).toBe(1);
    expect(parseHref(`${P}/content/locations/1/2/56`, P, 'location')).toEqual({ path: [1, 2, 56], id: 56 });
    expect(parseHref(`${P}/content/locations/1`, P, 'location')).toEqual({ path: [1], id: 1 });
    expect(parseHref(`${P}/content/sections/3`, P, 'section')).toBe(3);
    expect(parseHref(`${P}/user/users/14`, P, 'user')).toBe(14);
    expect(parseHref(`${P}/content/objects/59`, P, 'content')).toBe(59);
    expect(parseHref(`${P}/content/typegroups/2`, P, 'contentTypeGroup')).toBe(2);
    expect(parseHref(`${P}/user/groups/1/5/12`, P, 'userGroup')).toEqual({ path: [1, 5, 12], id: 12 });
    expect(parseHref(`${P}/user/roles/7`, P, 'role')).toBe(7);
    expect(parseHref(`${P}/content/objectstategroups/2/objectstates/1`, P, 'objectState')).toEqual({ groupId: 2, stateId: 1 });
    expect(parseHref(`${P}/content/trash`, P, 'trash')).toBe(true);
  });

  it('honours a prefix with a subfolder, with or without a trailing slash', () => {
    expect(parseHref('/cms/api/ibexa/v2/content/types/1', '/cms/api/ibexa/v2', 'contentType')).toBe(1);
    expect(parseHref('/cms/api/ibexa/v2/content/types/1', '/cms/api/ibexa/v2/', 'contentType')).toBe(1);
    expect(() => parseHref(`${P}/content/types/1`, '/cms/api/ibexa/v2', 'contentType')).toThrow(InvalidHrefError);
    expect(() => parseHref('/cms/api/ibexa/v2/content/types/1', P, 'contentType')).toThrow(InvalidHrefError);
  });

  it('accepts absolute URLs and ignores query strings', () => {
    expect(parseHref('http://localhost:8080/api/ibexa/v2/content/objects/5', P, 'content')).toBe(5);
    expect(parseHref('https://example.com/cms/api/ibexa/v2/user/users/14?x=1', '/cms/api/ibexa/v2', 'user')).toBe(14);
  });

  it.each([
    ['wrong route', `${P}/content/sections/1`, 'contentType'],
    ['no prefix', '/content/types/1', 'contentType'],
    ['old prefix', '/api/ezp/v2/content/types/1', 'contentType'],
    ['non-numeric id', `${P}/content/types/folder`, 'contentType'],
    ['trailing path', `${P}/content/types/1/draft`, 'contentType'],
    ['trailing slash', `${P}/content/types/1/`, 'contentType'],
    ['empty location path', `${P}/content/locations`, 'location'],
    ['double slash in path', `${P}/content/locations/1//2`, 'location'],
    ['location for user group', `${P}/content/locations/1/5`, 'userGroup'],
    ['prefix as a mere string prefix', '/api/ibexa/v2x/content/types/1', 'contentType'],
    ['huge id', `${P}/content/objects/99999999999999999999`, 'content'],
    ['empty', '', 'content'],
  ] as const)('rejects %s with 406', (_label, href, kind) => {
    expect(() => parseHref(href, P, kind)).toThrow(InvalidHrefError);
  });

  it('names the href and the expected kind', () => {
    expect(() => parseHref('/x', P, 'contentType')).toThrow(new InvalidHrefError("Invalid href '/x': expected a content type reference"));
    expect(() => parseHref('/x', P, 'objectState')).toThrow(new InvalidHrefError("Invalid href '/x': expected an object state reference"));
    const error = (() => {
      try {
        return parseHref('/x', P, 'section');
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toMatchObject({ status: 406 });
  });
});

describe('parseDestination', () => {
  it('resolves a location, the trash and a user group', () => {
    expect(parseDestination(`${P}/content/locations/1/43`, P)).toEqual({ kind: 'location', path: [1, 43], id: 43 });
    expect(parseDestination(`${P}/content/trash`, P)).toEqual({ kind: 'trash' });
    expect(parseDestination(`${P}/user/groups/1/5/12`, P)).toEqual({ kind: 'userGroup', path: [1, 5, 12], id: 12 });
    expect(parseDestination('/cms/api/ibexa/v2/content/locations/1/2', '/cms/api/ibexa/v2')).toEqual({ kind: 'location', path: [1, 2], id: 2 });
    expect(parseDestination('http://host/api/ibexa/v2/content/locations/1/2', P)).toEqual({ kind: 'location', path: [1, 2], id: 2 });
  });

  it('rejects unusable destinations with 400', () => {
    expect(() => parseDestination(undefined, P)).toThrow(new BadRequestError('Missing Destination header.'));
    expect(() => parseDestination(' ', P)).toThrow(BadRequestError);
    expect(() => parseDestination('/content/locations/1/2', P)).toThrow(
      new BadRequestError('/content/locations/1/2 is not an acceptable destination'),
    );
    expect(() => parseDestination(`${P}/content/objects/1`, P)).toThrow(BadRequestError);
  });
});

describe('parseLocationPathString (5.x *Input destinations)', () => {
  it('parses location path strings', () => {
    expect(parseLocationPathString('/1/2/56', 'CopyLocationInput')).toEqual({ path: [1, 2, 56], id: 56 });
    expect(parseLocationPathString('/43', 'MoveLocationInput')).toEqual({ path: [43], id: 43 });
  });

  it.each(['', '/', '1/2', '/1/2/', '/1//2', '/1/a', `${P}/content/locations/1/2`, '/1/99999999999999999999'])('rejects %p', (value) => {
    expect(() => parseLocationPathString(value, 'CopyLocationInput')).toThrow(
      new BadRequestError('Input data validation failed for CopyLocationInput'),
    );
  });
});
