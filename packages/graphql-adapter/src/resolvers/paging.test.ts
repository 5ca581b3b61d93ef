import { describe, expect, it } from '@jest/globals';
import { cursorToOffset, offsetToCursor, paginate } from './paging.js';

const items = Array.from({ length: 25 }, (_, index) => index);
const fetch = async (offset: number, limit: number) => ({ totalCount: items.length, items: items.slice(offset, offset + limit) });
const nodes = async (args: Record<string, unknown>) => (await paginate(args, 10, fetch)).edges.map((edge) => edge.node);

describe("Relay paging (overblog's array connection)", () => {
  it('encodes cursors as base64("arrayconnection:" + offset)', () => {
    expect(offsetToCursor(1)).toBe('YXJyYXljb25uZWN0aW9uOjE=');
    expect(cursorToOffset('YXJyYXljb25uZWN0aW9uOjE=')).toBe(1);
    expect(() => cursorToOffset('bm9wZQ==')).toThrow("Invalid cursor 'bm9wZQ=='");
  });

  it('pages forward and backward', async () => {
    expect(await nodes({})).toEqual(items.slice(0, 10));
    expect(await nodes({ first: 3, after: offsetToCursor(4) })).toEqual([5, 6, 7]);
    expect(await nodes({ last: 3 })).toEqual([22, 23, 24]);
    expect(await nodes({ last: 2, before: offsetToCursor(10) })).toEqual([8, 9]);
    expect(await nodes({ first: 0 })).toEqual([]);
    await expect(paginate({ first: -1 }, 10, fetch)).rejects.toThrow("Argument 'first' must be between 0 and 1000");
  });

  it('reports page info, totals and the pages after the first', async () => {
    const connection = await paginate({ first: 10, after: offsetToCursor(9) }, 10, fetch);
    expect(connection.pageInfo).toEqual({
      hasPreviousPage: true,
      hasNextPage: true,
      startCursor: offsetToCursor(10),
      endCursor: offsetToCursor(19),
    });
    expect(connection.totalCount).toBe(25);
    expect(connection.sliceSize).toBe(10);
    expect(connection.pages).toEqual([
      { number: 2, cursor: offsetToCursor(9) },
      { number: 3, cursor: offsetToCursor(19) },
    ]);
  });
});
