import { beforeEach, describe, expect, it } from '@jest/globals';
import { publishFolder, type TestRepository } from '@contentrepo/core/testing';
import type { Express } from 'express';
import { PREFIX, rest, vnd } from '../testing/rest-client.js';
import { createTestApp } from '../testing/rest-test-app.js';

describe('trash (/content/trash… and trashing a location)', () => {
  let app: Express;
  let repo: TestRepository;
  beforeEach(async () => {
    ({ app, repo } = await createTestApp({ basicAuth: true }));
  });
  const toTrash = (path: string) => rest(app, { method: 'MOVE', path: `/content/locations${path}`, headers: { Destination: `${PREFIX}/content/trash` } });

  it('moves a location to the trash: 201 + Location of the item, or 204 when the content keeps another location', async () => {
    const folder = await publishFolder(repo.admin, 'Trash me', 2);
    const child = await publishFolder(repo.admin, 'Child', folder.locationId);
    const moved = await toTrash(folder.pathString.slice(0, -1));
    expect([moved.status, moved.headers['location'], moved.text]).toEqual([201, `${PREFIX}/content/trash/${folder.locationId}`, '']);
    expect((await rest(app, { method: 'GET', path: `/content/locations${child.pathString.slice(0, -1)}` })).status).toBe(404);
    const content = await rest(app, { method: 'GET', path: `/content/objects/${folder.contentId}` });
    expect(content.body.Content.status).toBe('TRASHED');
    expect(content.body.Content.MainLocation).toBeUndefined();

    const twice = await publishFolder(repo.admin, 'Placed twice', 2);
    await repo.admin.locationService.createLocation(twice.contentId, { parentLocationId: 43 });
    expect((await toTrash(twice.pathString.slice(0, -1))).status).toBe(204);
    expect((await rest(app, { method: 'GET', path: `/content/objects/${twice.contentId}` })).body.Content.status).toBe('PUBLISHED');
  });

  it('accepts the 5.x TrashLocationInput as POST or TRASH, with an ignored body', async () => {
    const a = await publishFolder(repo.admin, 'By POST', 2);
    const b = await publishFolder(repo.admin, 'By TRASH', 2);
    const post = await rest(app, { method: 'POST', path: `/content/locations/1/2/${a.locationId}`, input: 'TrashLocationInput', body: {} });
    expect([post.status, post.headers['location']]).toEqual([201, `${PREFIX}/content/trash/${a.locationId}`]);
    const trash = await rest(app, { method: 'TRASH', path: `/content/locations/1/2/${b.locationId}`, input: 'TrashLocationInput', format: 'xml', body: '<TrashLocationInput/>' });
    expect(trash.status).toBe(201);
    expect((await rest(app, { method: 'TRASH', path: `/content/locations/1/2/${b.locationId}` })).status).toBe(405);
  });

  it('lists (JSON and XML) and loads trash items with their original parent', async () => {
    const folder = await publishFolder(repo.admin, 'Listed', 43);
    await toTrash(`/1/43/${folder.locationId}`);
    const list = await rest(app, { method: 'GET', path: '/content/trash', accept: 'Trash' });
    expect(list.status).toBe(200);
    expect(list.headers['content-type']).toBe(vnd('Trash'));
    expect(list.body.Trash._href).toBe(`${PREFIX}/content/trash`);
    expect(list.body.Trash.TrashItem).toHaveLength(1);
    expect(list.body.Trash.TrashItem[0]).toMatchObject({
      '_media-type': vnd('TrashItem'),
      _href: `${PREFIX}/content/trash/${folder.locationId}`,
      id: folder.locationId,
      priority: 0,
      hidden: false,
      invisible: false,
      ParentLocation: { _href: `${PREFIX}/content/locations/1/43` },
      pathString: folder.pathString,
      depth: 2,
      childCount: 0,
      Content: { _href: `${PREFIX}/content/objects/${folder.contentId}` },
      sortField: 'PATH',
      sortOrder: 'ASC',
      ContentInfo: { Content: { status: 'TRASHED', Name: 'Listed' } },
    });
    const xml = await rest(app, { method: 'GET', path: `/content/trash/${folder.locationId}`, format: 'xml', accept: 'TrashItem' });
    expect(xml.status).toBe(200);
    expect(xml.text).toContain(`<TrashItem media-type="${vnd('TrashItem', 'xml')}" href="${PREFIX}/content/trash/${folder.locationId}"><id>${folder.locationId}</id>`);
    expect((await rest(app, { method: 'GET', path: '/content/trash?offset=1' })).body.Trash.TrashItem).toEqual([]);
    expect((await rest(app, { method: 'GET', path: '/content/trash/999999' })).status).toBe(404);
    expect((await rest(app, { method: 'GET', path: '/content/trash', auth: null })).body.Trash.TrashItem).toEqual([]);
  });

  it('restores to the original parent (MOVE), to a Destination, or with RestoreTrashItemInput: 201 + Location', async () => {
    const folder = await publishFolder(repo.admin, 'Restore me', 2);
    const child = await publishFolder(repo.admin, 'Restored child', folder.locationId);
    await toTrash(`/1/2/${folder.locationId}`);
    const restored = await rest(app, { method: 'MOVE', path: `/content/trash/${folder.locationId}` });
    expect([restored.status, restored.headers['location']]).toEqual([201, `${PREFIX}/content/locations/1/2/${folder.locationId}`]);
    expect((await rest(app, { method: 'GET', path: `/content/locations/1/2/${folder.locationId}/${child.locationId}` })).status).toBe(200);

    await toTrash(`/1/2/${folder.locationId}`);
    const moved = await rest(app, { method: 'MOVE', path: `/content/trash/${folder.locationId}`, headers: { Destination: `${PREFIX}/content/locations/1/43` } });
    expect(moved.headers['location']).toBe(`${PREFIX}/content/locations/1/43/${folder.locationId}`);

    await toTrash(`/1/43/${folder.locationId}`);
    const byInput = await rest(app, { method: 'POST', path: `/content/trash/${folder.locationId}`, input: 'RestoreTrashItemInput', body: { RestoreTrashItemInput: { destination: '/1/2' } } });
    expect([byInput.status, byInput.headers['location']]).toEqual([201, `${PREFIX}/content/locations/1/2/${folder.locationId}`]);
  });

  it('refuses restores below a missing parent (403), bad destinations (400), unknown items (404); nothing changes', async () => {
    const parent = await publishFolder(repo.admin, 'Parent', 2);
    const child = await publishFolder(repo.admin, 'Orphan', parent.locationId);
    await toTrash(`/1/2/${parent.locationId}/${child.locationId}`);
    await rest(app, { method: 'DELETE', path: `/content/locations/1/2/${parent.locationId}` });
    const gone = await rest(app, { method: 'MOVE', path: `/content/trash/${child.locationId}`, format: 'xml' });
    expect(gone.status).toBe(403);
    expect(gone.text).toContain('<errorCode>403</errorCode>');
    const missing = await rest(app, { method: 'MOVE', path: `/content/trash/${child.locationId}`, headers: { Destination: `${PREFIX}/content/locations/1/999999` } });
    expect(missing.status).toBe(403);
    const bad = await rest(app, { method: 'MOVE', path: `/content/trash/${child.locationId}`, headers: { Destination: `${PREFIX}/content/sections/1` } });
    expect(bad.status).toBe(400);
    const badInput = await rest(app, { method: 'POST', path: `/content/trash/${child.locationId}`, input: 'RestoreTrashItemInput', body: { RestoreTrashItemInput: { destination: 'nowhere' } } });
    expect([badInput.status, badInput.body.ErrorMessage.errorDescription]).toEqual([400, 'Input data validation failed for RestoreTrashItemInput']);
    expect((await rest(app, { method: 'MOVE', path: '/content/trash/999999' })).status).toBe(404);
    expect((await rest(app, { method: 'GET', path: `/content/trash/${child.locationId}` })).status).toBe(200);
  });

  it('deletes one item and empties the trash (204); anonymous gets 401', async () => {
    const a = await publishFolder(repo.admin, 'Delete A', 2);
    const b = await publishFolder(repo.admin, 'Delete B', 2);
    await toTrash(`/1/2/${a.locationId}`);
    await toTrash(`/1/2/${b.locationId}`);
    expect((await rest(app, { method: 'DELETE', path: `/content/trash/${a.locationId}`, auth: null })).status).toBe(401);
    expect((await rest(app, { method: 'DELETE', path: `/content/trash/${a.locationId}` })).status).toBe(204);
    expect((await rest(app, { method: 'GET', path: `/content/objects/${a.contentId}` })).status).toBe(404);
    expect((await rest(app, { method: 'DELETE', path: '/content/trash', auth: null })).status).toBe(401);
    expect((await rest(app, { method: 'DELETE', path: '/content/trash' })).status).toBe(204);
    expect((await rest(app, { method: 'GET', path: '/content/trash' })).body.Trash.TrashItem).toEqual([]);
    expect((await toTrash('/1/2')).status).toBe(201);
  });
});
