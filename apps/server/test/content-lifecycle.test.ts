import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { parseXml, PNG_1X1, startTestServer, vnd, type TestServer } from './support/test-server.js';

const API = '/api/ibexa/v2';

interface SessionAuth {
  readonly cookie: string;
  readonly csrf: string;
}

/** Logs in like an Ibexa client: POST /user/sessions, then Cookie + X-CSRF-Token. */
async function login(server: TestServer): Promise<SessionAuth> {
  const response = await request(server.app.express)
    .post(`${API}/user/sessions`)
    .set('Content-Type', vnd('SessionInput'))
    .set('Accept', vnd('Session'))
    .send(JSON.stringify({ SessionInput: { login: 'admin', password: 'publish' } }));
  expect(response.status).toBe(201);
  const session = JSON.parse(response.text).Session as { name: string; identifier: string; csrfToken: string };
  return { cookie: `${session.name}=${session.identifier}`, csrf: session.csrfToken };
}

describe('content lifecycle over REST on SQLite', () => {
  let server: TestServer;
  let auth: SessionAuth;
  const call = (method: 'get' | 'post' | 'patch' | 'delete', path: string) =>
    request(server.app.express)[method](`${API}${path}`).set('Cookie', auth.cookie).set('X-CSRF-Token', auth.csrf);

  beforeAll(async () => {
    server = await startTestServer();
    auth = await login(server);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('JSON: creates an image with a Base64 file, publishes it, reads Content and ContentInfo, edits a draft, deletes', async () => {
    const created = await call('post', '/content/objects')
      .set('Content-Type', vnd('ContentCreate'))
      .set('Accept', vnd('Content'))
      .send(
        JSON.stringify({
          ContentCreate: {
            ContentType: { _href: `${API}/content/types/5` },
            mainLanguageCode: 'eng-GB',
            LocationCreate: { ParentLocation: { _href: `${API}/content/locations/1/43/51` }, sortField: 'PATH', sortOrder: 'ASC' },
            Section: { _href: `${API}/content/sections/3` },
            fields: {
              field: [
                { fieldDefinitionIdentifier: 'name', fieldValue: 'Pixel' },
                { fieldDefinitionIdentifier: 'image', fieldValue: { fileName: 'pixel.png', fileSize: PNG_1X1.length, data: PNG_1X1.toString('base64'), alternativeText: 'One pixel' } },
              ],
            },
          },
        }),
      );
    expect(created.status).toBe(201);
    expect(created.headers['content-type']).toBe(vnd('Content'));
    const content = JSON.parse(created.text).Content;
    const id: number = content._id;
    expect(created.headers['location']).toBe(`${API}/content/objects/${id}`);
    expect(content.status).toBe('DRAFT');
    expect(content.MainLocation).toBeUndefined();

    const publish = await call('post', `/content/objects/${id}/versions/1`).set('X-HTTP-Method-Override', 'PUBLISH');
    expect(publish.status).toBe(204);

    const full = await call('get', `/content/objects/${id}`).set('Accept', vnd('Content'));
    expect(full.status).toBe(200);
    const loaded = JSON.parse(full.text).Content;
    expect(loaded).toMatchObject({ _id: id, Name: 'Pixel', status: 'PUBLISHED', currentVersionNo: 1 });
    expect(loaded.MainLocation._href).toMatch(new RegExp(`^${API}/content/locations/1/43/51/\\d+$`));
    const image = loaded.CurrentVersion.Version.Fields.field.find((field: { fieldDefinitionIdentifier: string }) => field.fieldDefinitionIdentifier === 'image');
    expect(image.fieldValue).toMatchObject({ fileName: 'pixel.png', fileSize: 70, width: 1, height: 1, mime: 'image/png', alternativeText: 'One pixel' });
    const file = await request(server.app.express).get(image.fieldValue.uri).buffer(true);
    expect(file.status).toBe(200);
    expect(Buffer.from(file.body as Buffer).equals(PNG_1X1)).toBe(true);

    const info = await call('get', `/content/objects/${id}`).set('Accept', 'application/json');
    expect(info.headers['content-type']).toBe(vnd('ContentInfo'));
    expect(JSON.parse(info.text).Content.CurrentVersion.Version).toBeUndefined();

    const draft = await call('post', `/content/objects/${id}/currentversion`).set('X-HTTP-Method-Override', 'COPY').set('Accept', vnd('Version'));
    expect(draft.status).toBe(201);
    expect(draft.headers['location']).toBe(`${API}/content/objects/${id}/versions/2`);
    expect(JSON.parse(draft.text).Version.VersionInfo).toMatchObject({ versionNo: 2, status: 'DRAFT' });

    const patched = await call('patch', `/content/objects/${id}/versions/2`)
      .set('Content-Type', vnd('VersionUpdate'))
      .set('Accept', vnd('Version'))
      .send(JSON.stringify({ VersionUpdate: { fields: { field: [{ fieldDefinitionIdentifier: 'name', fieldValue: 'Pixel v2' }] } } }));
    expect(patched.status).toBe(200);
    expect(JSON.parse(patched.text).Version.VersionInfo.names.value[0]['#text']).toBe('Pixel v2');

    expect((await call('post', `/content/objects/${id}/versions/2`).set('X-HTTP-Method-Override', 'PUBLISH')).status).toBe(204);
    const versions = await call('get', `/content/objects/${id}/versions`).set('Accept', vnd('VersionList'));
    expect(JSON.parse(versions.text).VersionList.VersionItem.map((item: { VersionInfo: { versionNo: number; status: string } }) => [item.VersionInfo.versionNo, item.VersionInfo.status])).toEqual([
      [1, 'ARCHIVED'],
      [2, 'PUBLISHED'],
    ]);

    const republish = await call('post', `/content/objects/${id}/versions/2`).set('X-HTTP-Method-Override', 'PUBLISH').set('Accept', 'application/json');
    expect(republish.status).toBe(403);
    expect(JSON.parse(republish.text).ErrorMessage.errorDescription).toContain('Only versions with DRAFT status can be published');
    expect((await call('delete', `/content/objects/${id}/versions/2`)).status).toBe(403);
    expect((await call('delete', `/content/objects/${id}/versions/1`)).status).toBe(204);
    expect((await call('delete', `/content/objects/${id}`)).status).toBe(204);
    expect((await call('get', `/content/objects/${id}`)).status).toBe(404);
  });

  it('XML: creates a folder from an XML body, publishes it and reads it back in XML', async () => {
    const body = `<?xml version="1.0" encoding="UTF-8"?>
<ContentCreate>
  <ContentType href="${API}/content/types/1"/>
  <mainLanguageCode>eng-GB</mainLanguageCode>
  <LocationCreate>
    <ParentLocation href="${API}/content/locations/1/2"/>
    <priority>0</priority><hidden>false</hidden>
    <sortField>PATH</sortField><sortOrder>ASC</sortOrder>
  </LocationCreate>
  <Section href="${API}/content/sections/1"/>
  <alwaysAvailable>true</alwaysAvailable>
  <remoteId>my-folder-1</remoteId>
  <fields>
    <field>
      <fieldDefinitionIdentifier>name</fieldDefinitionIdentifier>
      <languageCode>eng-GB</languageCode>
      <fieldValue>My folder</fieldValue>
    </field>
  </fields>
</ContentCreate>`;
    const created = await call('post', '/content/objects').set('Content-Type', vnd('ContentCreate', 'xml')).set('Accept', vnd('ContentInfo', 'xml')).send(body);
    expect(created.status).toBe(201);
    expect(created.headers['content-type']).toBe(vnd('ContentInfo', 'xml'));
    const info = (await parseXml(created.text))['Content'] as { $: { id: string; remoteId: string }; status: string };
    expect(info.$.remoteId).toBe('my-folder-1');
    expect(info.status).toBe('DRAFT');

    expect((await call('post', `/content/objects/${info.$.id}/versions/1`).set('X-HTTP-Method-Override', 'PUBLISH')).status).toBe(204);
    const read = await call('get', `/content/objects/${info.$.id}`).set('Accept', vnd('Content', 'xml'));
    const content = (await parseXml(read.text))['Content'] as {
      $: Record<string, string>;
      status: string;
      CurrentVersion: { Version: { Fields: { field: { fieldDefinitionIdentifier: string; fieldValue: unknown }[] } } };
    };
    expect(content.$['media-type']).toBe(vnd('Content', 'xml'));
    expect(content.status).toBe('PUBLISHED');
    const name = content.CurrentVersion.Version.Fields.field.find((field) => field.fieldDefinitionIdentifier === 'name');
    expect(name?.fieldValue).toBe('My folder');

    const byRemote = await call('get', '/content/objects?remoteId=my-folder-1');
    expect([byRemote.status, byRemote.headers['location']]).toEqual([307, `${API}/content/objects/${info.$.id}`]);
  });

  it('lists the children of a location, in the parent sort order, and locations of content', async () => {
    const children = await call('get', '/content/locations/1/43/children').set('Accept', vnd('LocationList'));
    expect(JSON.parse(children.text).LocationList.Location.map((location: { _href: string }) => location._href)).toEqual([
      `${API}/content/locations/1/43/52`,
      `${API}/content/locations/1/43/51`,
      `${API}/content/locations/1/43/53`,
    ]);
    const locations = await call('get', '/content/objects/41/locations').set('Accept', 'application/json');
    expect(JSON.parse(locations.text).LocationList.Location).toEqual([{ '_media-type': vnd('Location'), _href: `${API}/content/locations/1/43` }]);
  });
});
