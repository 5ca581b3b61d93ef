import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { API, call, contentCreate, type Credentials } from './support/rest-session.js';
import { startTestServer, testEngines, vnd, type TestServer } from './support/test-server.js';

const ADMIN: Credentials = { basic: ['admin', 'publish'] };
const ANONYMOUS: Credentials = null;

/**
 * GET of a Content (current version embedded) reuses the output it built for the same state of the item: these tests
 * read each item several times and change what its representation shows in between.
 */
for (const engine of testEngines()) {
  const suite = engine.skipReason ? describe.skip : describe;
  suite(`repeated reads of a Content (${engine.name}${engine.skipReason ? ` — skipped: ${engine.skipReason}` : ''})`, () => {
    let server: TestServer;
    // One Host for every read (supertest's own would name a new port each time, and the origin is part of what is kept).
    const HOST = { Host: 'cms.example' };
    const get = (id: number, credentials: Credentials = ADMIN, format: 'json' | 'xml' = 'json', query = '') =>
      call(server.app.express, credentials, { method: 'GET', path: `/content/objects/${id}${query}`, accept: 'Content', format, headers: HOST });
    const create = async (fields: Record<string, unknown>, sectionId?: number): Promise<number> => {
      const created = await call(server.app.express, ADMIN, { method: 'POST', path: '/content/objects', input: 'ContentCreate', accept: 'Content', body: contentCreate(1, '1/2', fields, sectionId) });
      expect(created.status).toBe(201);
      const id = Number(created.body.Content._id);
      expect((await call(server.app.express, ADMIN, { method: 'PUBLISH', path: `/content/objects/${id}/versions/1` })).status).toBe(204);
      return id;
    };
    beforeAll(async () => {
      server = await startTestServer({}, engine);
    });
    afterAll(async () => {
      await server.stop();
    });

    it('answers the same bytes and entity tag again, in JSON and XML, and 304 to the tag', async () => {
      const id = await create({ name: 'Kept' });
      for (const format of ['json', 'xml'] as const) {
        const first = await get(id, ADMIN, format);
        const again = await get(id, ADMIN, format);
        expect(first.status).toBe(200);
        expect(again.text).toBe(first.text);
        expect(again.headers['etag']).toBe(first.headers['etag']);
        const unchanged = await call(server.app.express, ADMIN, { method: 'GET', path: `/content/objects/${id}`, accept: 'Content', format, headers: { ...HOST, 'If-None-Match': String(first.headers['etag']) } });
        expect(unchanged.status).toBe(304);
      }
    });

    it('shows a newly published version at once', async () => {
      const id = await create({ name: 'Before' });
      expect((await get(id)).body.Content.Name).toBe('Before');
      const draft = await call(server.app.express, ADMIN, { method: 'COPY', path: `/content/objects/${id}/versions/1` });
      expect(draft.status).toBe(201);
      const versionNo = Number(draft.body.Version.VersionInfo.versionNo);
      const updated = await call(server.app.express, ADMIN, {
        method: 'PATCH',
        path: `/content/objects/${id}/versions/${versionNo}`,
        input: 'VersionUpdate',
        body: { VersionUpdate: { fields: { field: [{ fieldDefinitionIdentifier: 'name', fieldValue: 'After' }] } } },
      });
      expect(updated.status).toBe(200);
      expect((await call(server.app.express, ADMIN, { method: 'PUBLISH', path: `/content/objects/${id}/versions/${versionNo}` })).status).toBe(204);
      const after = await get(id);
      expect(after.body.Content.Name).toBe('After');
      expect(after.body.Content.CurrentVersion.Version.VersionInfo.versionNo).toBe(versionNo);
    });

    it('keeps the languages asked for apart', async () => {
      const id = await create({ name: 'Languages' });
      const all = await get(id);
      const polish = await get(id, ADMIN, 'json', '?languages=pol-PL');
      expect(polish.status).toBe(all.status);
      expect((await get(id)).text).toBe(all.text);
    });

    it('checks the reader every time: an item another user read is refused to one who may not read it', async () => {
      const hidden = await create({ name: 'Users only' }, 2);
      expect((await get(hidden)).status).toBe(200);
      expect((await get(hidden, ANONYMOUS)).status).toBe(401);
      const open = await create({ name: 'Public' });
      const asAdmin = await get(open);
      const asAnonymous = await get(open, ANONYMOUS);
      expect(asAnonymous.status).toBe(200);
      expect(asAnonymous.body.Content.CurrentVersion).toEqual(asAdmin.body.Content.CurrentVersion);
    });

    it("follows a change of the item's content type (the icon of its thumbnail)", async () => {
      const send = (method: 'post', path: string, body: string, type: string) =>
        request(server.app.express)[method](`${API}${path}`).auth('admin', 'publish').set('Accept', 'application/json').set('Content-Type', type).send(body);
      const created = await send(
        'post',
        '/content/typegroups/1/types?publish=true',
        JSON.stringify({
          ContentTypeCreate: {
            identifier: 'tree_probe',
            mainLanguageCode: 'eng-GB',
            nameSchema: '<title>',
            names: { value: [{ _languageCode: 'eng-GB', '#text': 'Probe' }] },
            FieldDefinitions: { FieldDefinition: [{ identifier: 'title', fieldType: 'ezstring', isRequired: true }] },
          },
        }),
        vnd('ContentTypeCreate'),
      );
      expect(created.status).toBe(201);
      const typeId = Number(JSON.parse(created.text).ContentType.id);
      expect(typeId).toBeGreaterThan(0);
      const item = await call(server.app.express, ADMIN, { method: 'POST', path: '/content/objects', input: 'ContentCreate', accept: 'Content', body: contentCreate(typeId, '1/2', { title: 'Probe' }) });
      expect(item.status).toBe(201);
      const id = Number(item.body.Content._id);
      expect((await call(server.app.express, ADMIN, { method: 'PUBLISH', path: `/content/objects/${id}/versions/1` })).status).toBe(204);
      expect((await get(id)).body.Content.CurrentVersion.Version.Thumbnail.resource).toBe('/bundles/ibexaicons/img/all-icons.svg#tree_probe');

      expect((await send('post', `/content/types/${typeId}`, JSON.stringify({ ContentTypeUpdate: { identifier: 'tree_probe_renamed' } }), vnd('ContentTypeUpdate'))).status).toBe(201);
      const published = await request(server.app.express).post(`${API}/content/types/${typeId}/draft`).auth('admin', 'publish').set('X-HTTP-Method-Override', 'PUBLISH');
      expect(published.status).toBe(200);
      expect((await get(id)).body.Content.CurrentVersion.Version.Thumbnail.resource).toBe('/bundles/ibexaicons/img/all-icons.svg#tree_probe_renamed');
    });
  });
}
