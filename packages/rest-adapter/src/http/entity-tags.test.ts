import { describe, expect, it } from '@jest/globals';
import { formatEntityTag, ifMatchHolds, ifNoneMatchMatches, parseTagCondition, revisionsNamed, stateOfTag, type ListedTag } from './entity-tags.js';

const content57 = { kind: 'content', id: 57 } as const;
const body = (text: string): Buffer => Buffer.from(text, 'utf8');
const strong = (opaque: string): ListedTag => ({ weak: false, opaque });

describe('entity tags', () => {
  it('formats a strong tag naming the aggregate, its revision and the digest of the exact bytes sent', () => {
    const tag = formatEntityTag({ target: content57, revision: 3 }, body('{"a":1}'));
    expect(tag).toMatch(/^"content-57-3-[0-9a-f]{16}"$/);
    expect(formatEntityTag({ target: content57, revision: 3 }, body('{"a":1}'))).toBe(tag);
    expect(formatEntityTag({ target: content57, revision: 3 }, body('<a>1</a>'))).not.toBe(tag);
    expect(formatEntityTag({ target: content57, revision: 4 }, body('{"a":1}'))).toMatch(/^"content-57-4-/);
    expect(formatEntityTag({ target: { kind: 'contentType', id: 2 }, revision: 0 }, body(''))).toMatch(/^"contentType-2-0-[0-9a-f]{16}"$/);
  });

  it('parses If-Match / If-None-Match values: *, lists with weak tags and empty members; anything else is malformed', () => {
    expect(parseTagCondition(' * ')).toBe('*');
    expect(parseTagCondition('"a", W/"b" ,, "c-1"')).toEqual([strong('a'), { weak: true, opaque: 'b' }, strong('c-1')]);
    expect(parseTagCondition('""')).toEqual([strong('')]);
    for (const malformed of ['', ' , ', 'content-57-3', '"a" "b"', 'w/"a"', '"a', '"a"b"', '*, "a"', 'W/ "a"']) {
      expect([malformed, parseTagCondition(malformed)]).toEqual([malformed, null]);
    }
  });

  it('reads the aggregate revision of a strong tag of our form only (the digest is optional)', () => {
    expect(stateOfTag(strong('content-57-3-0123456789abcdef'))).toEqual({ target: content57, revision: 3 });
    expect(stateOfTag(strong('objectStateGroup-2-0'))).toEqual({ target: { kind: 'objectStateGroup', id: 2 }, revision: 0 });
    expect(stateOfTag({ weak: true, opaque: 'content-57-3-0123456789abcdef' })).toBeNull();
    for (const other of ['thing-57-3', 'content-57', 'content-x-3', 'content-57-3-XYZ', 'content-57-3-0123', 'content-1234567890123456-1']) {
      expect([other, stateOfTag(strong(other))]).toEqual([other, null]);
    }
  });

  it('lists the revisions an If-Match names for one aggregate, ignoring weak tags and other aggregates', () => {
    const condition = parseTagCondition('"content-57-3-0123456789abcdef", "content-57-3", W/"content-57-9", "content-58-4", "location-57-5", "content-57-7"');
    expect(condition).not.toBe('*');
    expect(revisionsNamed(condition as readonly ListedTag[], content57)).toEqual([3, 7]);
    expect(revisionsNamed(condition as readonly ListedTag[], { kind: 'section', id: 57 })).toEqual([]);
  });

  it('If-Match holds for * and for a strong tag of the current aggregate revision, whatever its digest', () => {
    const current = { target: content57, revision: 3 };
    expect(ifMatchHolds('*', current)).toBe(true);
    expect(ifMatchHolds([strong('content-57-3-ffffffffffffffff')], current)).toBe(true);
    expect(ifMatchHolds([strong('content-57-2'), strong('content-57-3')], current)).toBe(true);
    expect(ifMatchHolds([strong('content-57-2')], current)).toBe(false);
    expect(ifMatchHolds([{ weak: true, opaque: 'content-57-3' }], current)).toBe(false);
    expect(ifMatchHolds([strong('location-57-3')], current)).toBe(false);
  });

  it('If-None-Match compares whole tags weakly (W/ ignored) and * matches any representation', () => {
    const etag = '"content-57-3-0123456789abcdef"';
    expect(ifNoneMatchMatches('*', etag)).toBe(true);
    expect(ifNoneMatchMatches([strong('content-57-3-0123456789abcdef')], etag)).toBe(true);
    expect(ifNoneMatchMatches([strong('x'), { weak: true, opaque: 'content-57-3-0123456789abcdef' }], etag)).toBe(true);
    expect(ifNoneMatchMatches([strong('content-57-3')], etag)).toBe(false);
    expect(ifNoneMatchMatches([strong('content-57-3-ffffffffffffffff')], etag)).toBe(false);
  });
});
