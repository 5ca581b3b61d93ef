import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Express } from 'express';
import request from 'supertest';
import { createTestApp } from './testing/rest-test-app.js';

const JSON_CONTENT = 'application/vnd.ibexa.api.Content+json';

describe('REST router transport', () => {
  let app: Express;
  beforeAll(async () => {
    ({ app } = await createTestApp({ basicAuth: true }));
  });

  describe('negotiation', () => {
    it('answers XML without an Accept header, with the bare prefix and for */*', async () => {
      for (const accept of [undefined, 'application/vnd.ibexa.api.', '*/*', 'text/html']) {
        const call = request(app).get('/api/ibexa/v2/');
        const response = await (accept === undefined ? call.unset('Accept') : call.set('Accept', accept));
        expect(response.status).toBe(200);
        expect(response.headers['content-type']).toBe('application/vnd.ibexa.api.Root+xml');
        expect(response.text).toContain('<Root media-type="application/vnd.ibexa.api.Root+xml">');
      }
    });

    it('answers JSON for application/json and vendor +json types, with the concrete vendor media type', async () => {
      const response = await request(app).get('/api/ibexa/v2/').set('Accept', 'application/json');
      expect(response.headers['content-type']).toBe('application/vnd.ibexa.api.Root+json');
      const body = JSON.parse(response.text) as { Root: Record<string, { _href: string; '_media-type': string }> };
      expect(body.Root['rootLocation']).toEqual({ '_media-type': 'application/vnd.ibexa.api.Location+json', _href: '/api/ibexa/v2/content/locations/1/2' });
      expect(body.Root['content']).toEqual({ '_media-type': '', _href: '/api/ibexa/v2/content/objects' });
      expect(Object.keys(body.Root)).toHaveLength(28);
    });

    it('gives ContentInfo for application/json and Content when Accept names it', async () => {
      const info = await request(app).get('/api/ibexa/v2/content/objects/1').set('Accept', 'application/json');
      expect(info.headers['content-type']).toBe('application/vnd.ibexa.api.ContentInfo+json');
      expect(JSON.parse(info.text).Content.CurrentVersion.Version).toBeUndefined();
      const full = await request(app).get('/api/ibexa/v2/content/objects/1').set('Accept', JSON_CONTENT);
      expect(full.headers['content-type']).toBe(JSON_CONTENT);
      expect(full.headers['accept-patch']).toBe('application/vnd.ibexa.api.ContentUpdate+json');
      expect(JSON.parse(full.text).Content.CurrentVersion.Version.VersionInfo.versionNo).toBe(9);
    });
  });

  describe('routing', () => {
    it('lists the methods of every path with OPTIONS, as the generated OPTIONS routes of Ibexa do', async () => {
      const cases: [string, string][] = [
        ['/', 'GET'],
        ['/content/sections', 'GET,POST'],
        ['/content/sections/1', 'GET,PATCH,DELETE'],
        ['/content/objects', 'GET,POST'],
        ['/content/objects/1', 'PATCH,GET,DELETE,COPY'],
        ['/content/objects/1/translations/eng-GB', 'DELETE'],
        ['/content/objects/1/relations', 'GET'],
        ['/content/objects/1/versions', 'GET'],
        ['/content/objects/1/versions/1', 'GET,PATCH,DELETE,COPY,PUBLISH'],
        ['/content/objects/1/versions/1/relations', 'GET,POST'],
        ['/content/objects/1/versions/1/relations/1', 'GET,DELETE'],
        ['/content/objects/1/versions/1/translations/eng-GB', 'DELETE'],
        ['/content/objects/1/currentversion', 'GET,COPY'],
        ['/content/objects/1/locations', 'GET,POST'],
        ['/content/objects/1/objectstates', 'GET,PATCH'],
        ['/content/binary/images/1-2-3/variations/123', 'GET'],
        ['/views', 'POST,GET'],
        ['/views/1', 'GET'],
        ['/views/1/results', 'GET'],
        ['/content/objectstategroups', 'GET,POST'],
        ['/content/objectstategroups/1', 'GET,PATCH,DELETE'],
        ['/content/objectstategroups/1/objectstates', 'GET,POST'],
        ['/content/objectstategroups/1/objectstates/1', 'GET,PATCH,DELETE'],
        ['/content/locations', 'GET'],
        ['/content/locations/1/2', 'GET,PATCH,DELETE,COPY,MOVE,SWAP'],
        ['/content/locations/1/2/children', 'GET'],
        ['/content/locations/1/2/urlaliases', 'GET'],
        ['/content/typegroups', 'GET,POST'],
        ['/content/typegroups/1', 'GET,PATCH,DELETE'],
        ['/content/typegroups/1/types', 'GET,POST'],
        ['/content/types', 'GET'],
        ['/content/types/1', 'COPY,GET,POST,DELETE'],
        ['/content/types/1/draft', 'DELETE,GET,PATCH,PUBLISH'],
        ['/content/types/1/fieldDefinitions', 'GET'],
        ['/content/types/1/fieldDefinitions/1', 'GET'],
        ['/content/types/1/draft/fieldDefinitions', 'GET,POST'],
        ['/content/types/1/draft/fieldDefinitions/1', 'GET,PATCH,DELETE'],
        ['/content/types/1/groups', 'GET,POST'],
        ['/content/types/1/groups/1', 'DELETE'],
        ['/content/trash', 'GET,DELETE'],
        ['/content/trash/1', 'GET,DELETE,MOVE'],
        ['/content/urlwildcards', 'GET,POST'],
        ['/content/urlwildcards/1', 'GET,DELETE'],
        ['/content/urlaliases', 'GET,POST'],
        ['/content/urlaliases/12-7ade12329f398e8e9ed984f2db6be2c4', 'GET,DELETE'],
        ['/user/policies', 'GET'],
        ['/user/roles', 'GET,POST'],
        ['/user/roles/1', 'POST,GET,PATCH,DELETE'],
        ['/user/roles/1/draft', 'GET,PATCH,PUBLISH,DELETE'],
        ['/user/roles/1/policies', 'GET,POST,DELETE'],
        ['/user/roles/1/policies/328', 'GET,PATCH,DELETE'],
        ['/user/current', 'GET'],
        ['/user/users', 'HEAD,GET'],
        ['/user/users/10', 'GET,PATCH,DELETE'],
        ['/user/users/10/groups', 'GET,POST'],
        ['/user/users/10/groups/4', 'DELETE'],
        ['/user/users/10/drafts', 'GET'],
        ['/user/users/10/roles', 'GET,POST'],
        ['/user/users/10/roles/1', 'GET,DELETE'],
        ['/user/groups', 'GET'],
        ['/user/groups/root', 'GET'],
        ['/user/groups/subgroups', 'POST'],
        ['/user/groups/4', 'GET,PATCH,DELETE,MOVE'],
        ['/user/groups/4/subgroups', 'GET,POST'],
        ['/user/groups/4/users', 'GET,POST'],
        ['/user/groups/4/roles', 'GET,POST'],
        ['/user/groups/13/roles/1', 'GET,DELETE'],
        ['/user/sessions', 'POST'],
        ['/user/sessions/sess_123', 'DELETE'],
        ['/user/sessions/sess_123/refresh', 'POST'],
        ['/services/countries', 'GET'],
      ];
      for (const [path, allow] of cases) {
        const response = await request(app).options(`/api/ibexa/v2${path}`);
        expect([path, response.status, response.headers['allow'], response.headers['content-length']]).toEqual([path, 200, allow, '0']);
      }
    });

    it('answers OPTIONS carrying a 5.x input type with the methods of that alternative', async () => {
      const conditional = [
        ['/content/objects/1', 'CopyContentInput', 'POST'],
        ['/content/locations/1/2', 'TrashLocationInput', 'POST,TRASH'],
        ['/content/locations/1/2', 'MoveLocationInput', 'POST'],
        ['/content/trash/1', 'RestoreTrashItemInput', 'POST'],
        ['/content/locations/1/2', 'ContentCreate', 'GET,PATCH,DELETE,COPY,MOVE,SWAP'],
      ] as const;
      for (const [path, input, allow] of conditional) {
        const response = await request(app).options(`/api/ibexa/v2${path}`).set('Content-Type', `application/vnd.ibexa.api.${input}+json`);
        expect([path, input, response.headers['allow']]).toEqual([path, input, allow]);
      }
      const bookmark = await request(app).options('/api/ibexa/v2/bookmark/2');
      expect(bookmark.headers['allow']).toBe('POST,DELETE,GET,HEAD');
    });

    it('answers 501 with an ErrorMessage for a route that is not implemented (GET /views/{viewId})', async () => {
      const response = await request(app).get('/api/ibexa/v2/views/1').set('Accept', 'application/json');
      expect(response.status).toBe(501);
      expect(JSON.parse(response.text).ErrorMessage).toMatchObject({ errorCode: 501, errorMessage: 'Not Implemented' });
    });

    it('answers 404 and 405 with an ErrorMessage in the negotiated format', async () => {
      const missing = await request(app).get('/api/ibexa/v2/nothing/here').set('Accept', 'application/json');
      expect(missing.status).toBe(404);
      expect(JSON.parse(missing.text).ErrorMessage).toMatchObject({ errorCode: 404, errorMessage: 'Not Found' });
      const wrong = await request(app).put('/api/ibexa/v2/content/sections').set('Accept', 'application/vnd.ibexa.api.Section+xml');
      expect(wrong.status).toBe(405);
      expect(wrong.headers['content-type']).toBe('application/vnd.ibexa.api.ErrorMessage+xml');
      expect(wrong.text).toContain('<errorCode>405</errorCode>');
      expect(wrong.text).toContain('Method Not Allowed (Allow: GET, POST)');
    });

    it('serves HEAD like GET without a body', async () => {
      const response = await request(app).head('/api/ibexa/v2/content/objects/1');
      expect(response.status).toBe(200);
      expect(response.text).toBeUndefined();
    });

    it('works below a subfolder, with the subfolder in every href', async () => {
      const { app: sub } = await createTestApp({ mount: '/cms/api/ibexa/v2' });
      const response = await request(sub).get('/cms/api/ibexa/v2/content/locations/1/2').set('Accept', 'application/json');
      expect(response.status).toBe(200);
      expect(JSON.parse(response.text).Location._href).toBe('/cms/api/ibexa/v2/content/locations/1/2');
    });
  });

  describe('authentication', () => {
    it('runs requests without credentials as anonymous: 401 for existing content outside section standard', async () => {
      const response = await request(app).get('/api/ibexa/v2/content/objects/4').set('Accept', 'application/json');
      expect(response.status).toBe(401);
      expect(JSON.parse(response.text).ErrorMessage.errorDescription).toBe("The User does not have the 'read' 'content' permission with: contentId '4'");
    });

    it('accepts HTTP Basic when enabled and refuses wrong credentials', async () => {
      const ok = await request(app).get('/api/ibexa/v2/content/objects/4').auth('admin', 'publish').set('Accept', 'application/json');
      expect(ok.status).toBe(200);
      const bad = await request(app).get('/api/ibexa/v2/content/objects/4').auth('admin', 'nope').set('Accept', 'application/json');
      expect(bad.status).toBe(401);
    });

    it('checks X-Expected-User', async () => {
      const anonymous = await request(app).get('/api/ibexa/v2/').set('X-Expected-User', 'admin');
      expect(anonymous.status).toBe(401);
      expect(anonymous.text).toContain('Expectation failed. User changed.');
      const admin = await request(app).get('/api/ibexa/v2/').auth('admin', 'publish').set('X-Expected-User', 'admin');
      expect(admin.status).toBe(200);
    });

    it('logs in with a session: cookie, CSRF on unsafe methods, current session, logout', async () => {
      const login = await request(app)
        .post('/api/ibexa/v2/user/sessions')
        .set('Content-Type', 'application/vnd.ibexa.api.SessionInput+json')
        .set('Accept', 'application/vnd.ibexa.api.Session+json')
        .send(JSON.stringify({ SessionInput: { login: 'admin', password: 'publish' } }));
      expect(login.status).toBe(201);
      const session = JSON.parse(login.text).Session as { name: string; identifier: string; csrfToken: string; User: { _href: string } };
      expect(session.User._href).toBe('/api/ibexa/v2/user/users/14');
      const cookie = `${session.name}=${session.identifier}`;
      expect(String(login.headers['set-cookie'])).toContain(cookie);

      const again = await request(app)
        .post('/api/ibexa/v2/user/sessions')
        .set('Cookie', cookie)
        .set('Content-Type', 'application/vnd.ibexa.api.SessionInput+json')
        .send(JSON.stringify({ SessionInput: { login: 'admin', password: 'publish' } }));
      expect(again.status).toBe(200);

      const read = await request(app).get('/api/ibexa/v2/content/objects/4').set('Cookie', cookie);
      expect(read.status).toBe(200);
      const current = await request(app).get('/api/ibexa/v2/user/current').set('Cookie', cookie);
      expect([current.status, current.headers['location']]).toEqual([307, '/api/ibexa/v2/user/users/14']);

      const noToken = await request(app).delete(`/api/ibexa/v2/user/sessions/${session.identifier}`).set('Cookie', cookie);
      expect(noToken.status).toBe(401);
      expect(noToken.text).toContain('Missing or invalid CSRF token');
      const unsafeNoToken = await request(app).delete('/api/ibexa/v2/content/objects/999').set('Cookie', cookie);
      expect(unsafeNoToken.status).toBe(401);

      const logout = await request(app)
        .delete(`/api/ibexa/v2/user/sessions/${session.identifier}`)
        .set('Cookie', cookie)
        .set('X-CSRF-Token', session.csrfToken);
      expect(logout.status).toBe(204);
      const deleted = new RegExp(`^${session.name}=deleted; expires=\\w{3}, \\d{2} \\w{3} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT; Max-Age=0; path=/; httponly$`);
      expect(String(logout.headers['set-cookie']?.[0])).toMatch(deleted);
      const refresh = await request(app).post(`/api/ibexa/v2/user/sessions/${session.identifier}/refresh`).set('Cookie', cookie).set('X-CSRF-Token', session.csrfToken);
      expect(refresh.status).toBe(404);
      expect(String(refresh.headers['set-cookie']?.[0])).toMatch(deleted);
      const after = await request(app).get('/api/ibexa/v2/user/sessions/current').set('Cookie', cookie);
      expect([after.status, after.text]).toEqual([404, '']);
    });

    it('refuses a wrong password with 401 and a missing login with 400', async () => {
      const wrong = await request(app)
        .post('/api/ibexa/v2/user/sessions')
        .set('Content-Type', 'application/vnd.ibexa.api.SessionInput+json')
        .send(JSON.stringify({ SessionInput: { login: 'admin', password: 'bad' } }));
      expect(wrong.status).toBe(401);
      const missing = await request(app)
        .post('/api/ibexa/v2/user/sessions')
        .set('Content-Type', 'application/vnd.ibexa.api.SessionInput+xml')
        .send('<SessionInput><login>admin</login></SessionInput>');
      expect(missing.status).toBe(400);
      expect(missing.text).toContain("Missing 'password' element for SessionInput.");
    });
  });
});
