import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Express } from 'express';
import { PREFIX, rest, vnd } from '../testing/rest-client.js';
import { createTestApp } from '../testing/rest-test-app.js';

describe('bookmarks (/bookmark routes, BookmarkList)', () => {
  let app: Express;
  beforeEach(async () => {
    ({ app } = await createTestApp({ basicAuth: true }));
  });

  it('creates (201), refuses a duplicate with an empty 409, checks with GET/HEAD and deletes (204)', async () => {
    const created = await rest(app, { method: 'POST', path: '/bookmark/43' });
    expect([created.status, created.headers['location'], created.text]).toEqual([201, `${PREFIX}/bookmark/43`, '']);
    const again = await rest(app, { method: 'POST', path: '/bookmark/43' });
    expect([again.status, again.text]).toEqual([409, '']);
    expect((await rest(app, { method: 'GET', path: '/bookmark/43' })).status).toBe(200);
    expect((await rest(app, { method: 'HEAD', path: '/bookmark/43' })).status).toBe(200);
    expect((await rest(app, { method: 'HEAD', path: '/bookmark/51' })).status).toBe(404);
    const notBookmarked = await rest(app, { method: 'GET', path: '/bookmark/51' });
    expect([notBookmarked.status, notBookmarked.body.ErrorMessage.errorCode]).toEqual([404, 404]);
    expect((await rest(app, { method: 'POST', path: '/bookmark/999999' })).status).toBe(404);
    expect((await rest(app, { method: 'DELETE', path: '/bookmark/43' })).status).toBe(204);
    expect((await rest(app, { method: 'DELETE', path: '/bookmark/43' })).status).toBe(404);
    expect((await rest(app, { method: 'POST', path: '/bookmark/43', auth: null })).status).toBe(401);
  });

  it('lists bookmarks with the `_href` attribute quirk (JSON `__href`, XML `_href`)', async () => {
    await rest(app, { method: 'POST', path: '/bookmark/43' });
    await rest(app, { method: 'POST', path: '/bookmark/2' });
    const list = await rest(app, { method: 'GET', path: '/bookmark', accept: 'BookmarkList' });
    expect(list.headers['content-type']).toBe(vnd('BookmarkList'));
    expect(list.body.BookmarkList.count).toBe(2);
    expect(list.body.BookmarkList.items.map((item: { __href: string }) => item.__href)).toEqual([`${PREFIX}/bookmark/2`, `${PREFIX}/bookmark/43`]);
    expect(list.body.BookmarkList.items[1]).toMatchObject({ '_media-type': vnd('Bookmark'), Location: { id: 43, pathString: '/1/43/', childCount: 3 } });
    const page = await rest(app, { method: 'GET', path: '/bookmark?offset=1&limit=1' });
    expect(page.body.BookmarkList.items.map((item: { Location: { id: number } }) => item.Location.id)).toEqual([43]);
    const xml = await rest(app, { method: 'GET', path: '/bookmark', format: 'xml' });
    expect(xml.text).toContain(`<count>2</count><Bookmark media-type="${vnd('Bookmark', 'xml')}" _href="${PREFIX}/bookmark/2"><Location`);
  });
});
