import { beforeAll, describe, expect, it } from '@jest/globals';
import type { TestRepository } from '@contentrepo/core/testing';
import type { Express } from 'express';
import request from 'supertest';
import { createTestApp } from '../testing/rest-test-app.js';

const PREFIX = '/api/ibexa/v2';
const media = (name: string, format: 'json' | 'xml' = 'json'): string => `application/vnd.ibexa.api.${name}+${format}`;

/** Content type groups (`/content/typegroups…`) and type↔group links (`/content/types/{id}/groups…`), JSON and XML. */
describe('content type groups', () => {
  let app: Express;
  let repo: TestRepository;
  beforeAll(async () => {
    ({ app, repo } = await createTestApp({ basicAuth: true }));
  });

  const send = (method: 'post' | 'patch' | 'delete', path: string, body?: string, type?: string) => {
    const call = request(app)[method](`${PREFIX}${path}`).auth('admin', 'publish').set('Accept', 'application/json');
    return body === undefined ? call : call.set('Content-Type', type ?? media('ContentTypeGroupInput')).send(body);
  };
  const errorOf = (response: { text: string }) => JSON.parse(response.text).ErrorMessage;
  const identifiers = async () => (await repo.admin.contentTypeService.loadContentTypeGroups()).map((group) => group.identifier);

  it('creates a group from JSON (201 + Location) and from XML, then reads it back', async () => {
    const created = await send('post', '/content/typegroups', JSON.stringify({ ContentTypeGroupInput: { identifier: 'Blog', modificationDate: '2024-05-01T10:00:00+00:00' } }));
    expect(created.status).toBe(201);
    expect(created.headers['content-type']).toBe(media('ContentTypeGroup'));
    const group = JSON.parse(created.text).ContentTypeGroup;
    expect(created.headers['location']).toBe(`${PREFIX}/content/typegroups/${group.id}`);
    expect(group).toMatchObject({ identifier: 'Blog', created: '2024-05-01T10:00:00+00:00', Creator: { _href: `${PREFIX}/user/users/14` } });

    const xml = await send('post', '/content/typegroups', '<?xml version="1.0"?><ContentTypeGroupInput><identifier>Shop</identifier></ContentTypeGroupInput>', media('ContentTypeGroupInput', 'xml'))
      .set('Accept', media('ContentTypeGroup', 'xml'));
    expect(xml.status).toBe(201);
    expect(xml.text).toContain('<identifier>Shop</identifier>');
    const listed = await request(app).get(`${PREFIX}/content/typegroups?identifier=Shop`);
    expect(listed.status).toBe(307);
  });

  it('updates a group (200) in JSON and XML and deletes an empty one (204)', async () => {
    const group = await repo.admin.contentTypeService.createContentTypeGroup({ identifier: 'Temp' });
    const patched = await send('patch', `/content/typegroups/${group.id}`, JSON.stringify({ ContentTypeGroupInput: { identifier: 'Temporary' } }));
    expect(patched.status).toBe(200);
    expect(JSON.parse(patched.text).ContentTypeGroup).toMatchObject({ id: group.id, identifier: 'Temporary', Modifier: { _href: `${PREFIX}/user/users/14` } });
    const xml = await send('patch', `/content/typegroups/${group.id}`, '<ContentTypeGroupInput><identifier>Temp2</identifier></ContentTypeGroupInput>', media('ContentTypeGroupInput', 'xml'));
    expect(JSON.parse(xml.text).ContentTypeGroup.identifier).toBe('Temp2');
    expect((await send('delete', `/content/typegroups/${group.id}`)).status).toBe(204);
    expect((await request(app).get(`${PREFIX}/content/typegroups/${group.id}`).set('Accept', 'application/json')).status).toBe(404);
  });

  it('refuses duplicates (403), non-empty groups (403), bad input (400), unknown ids (404) and anonymous users (401), changing nothing', async () => {
    const before = await identifiers();
    const cases: [Promise<request.Response>, number, string][] = [
      [send('post', '/content/typegroups', JSON.stringify({ ContentTypeGroupInput: { identifier: 'Content' } })), 403, "A group with the identifier 'Content' already exists"],
      [send('patch', '/content/typegroups/3', JSON.stringify({ ContentTypeGroupInput: { identifier: 'Users' } })), 403, "A group with the identifier 'Users' already exists"],
      [send('delete', '/content/typegroups/1'), 403, 'Only empty content type groups can be deleted'],
      [send('post', '/content/typegroups', JSON.stringify({ ContentTypeGroupInput: {} })), 400, "Missing 'identifier' element for ContentTypeGroupInput."],
      [send('post', '/content/typegroups', '{"ContentTypeGroupInput": '), 400, 'An error occured while decoding the JSON input'],
      [send('post', '/content/typegroups', '<ContentTypeGroupInput><identifier>x</identifier>', media('ContentTypeGroupInput', 'xml')), 400, 'Detected errors in input XML'],
      [send('post', '/content/typegroups', JSON.stringify({ ContentTypeGroupInput: { identifier: 'X' } }), media('SectionInput')), 400, 'SectionInput'],
      [send('patch', '/content/typegroups/999', JSON.stringify({ ContentTypeGroupInput: { identifier: 'Y' } })), 404, "Could not find 'ContentTypeGroup' with identifier '999'"],
      [send('delete', '/content/typegroups/999'), 404, "Could not find 'ContentTypeGroup'"],
      [
        request(app).post(`${PREFIX}/content/typegroups`).set('Accept', 'application/json').set('Content-Type', media('ContentTypeGroupInput')).send(JSON.stringify({ ContentTypeGroupInput: { identifier: 'Anon' } })),
        401,
        "The User does not have the 'create' 'class' permission",
      ],
    ];
    for (const [call, status, message] of cases) {
      const response = await call;
      expect([message, response.status]).toEqual([message, status]);
      expect(errorOf(response).errorDescription).toContain(message);
    }
    expect(await identifiers()).toEqual(before);
  });

  it('links a type to a group and unlinks it again (200 + ContentTypeGroupRefList), refusing illegal moves', async () => {
    const link = (query: string) => send('post', `/content/types/2/groups${query}`);
    const linked = await link(`?group=${encodeURIComponent(`${PREFIX}/content/typegroups/3`)}`).set('Accept', media('ContentTypeGroupRefList'));
    expect(linked.status).toBe(200);
    const refs = JSON.parse(linked.text).ContentTypeGroupRefList.ContentTypeGroupRef;
    expect(refs.map((ref: { _href: string }) => ref._href)).toEqual([`${PREFIX}/content/typegroups/1`, `${PREFIX}/content/typegroups/3`]);
    expect(refs[1].unlink).toEqual({ _href: `${PREFIX}/content/types/2/groups/3`, _method: 'DELETE' });

    const again = await link(`?group=${PREFIX}/content/typegroups/3`);
    expect(again.status).toBe(403);
    expect((await link('?group=/api/ibexa/v2/content/sections/1')).status).toBe(400);
    expect((await link('')).status).toBe(400);
    expect((await link(`?group=${PREFIX}/content/typegroups/99`)).status).toBe(404);

    const unlinked = await send('delete', '/content/types/2/groups/1').set('Accept', media('ContentTypeGroupRefList', 'xml'));
    expect(unlinked.status).toBe(200);
    expect(unlinked.text).toContain(`<ContentTypeGroupRef media-type="${media('ContentTypeGroup', 'xml')}" href="${PREFIX}/content/typegroups/3"`);
    expect(unlinked.text).not.toContain('unlink');
    const last = await send('delete', '/content/types/2/groups/3');
    expect([last.status, errorOf(last).errorDescription]).toEqual([403, 'Cannot delete the last content type group']);
    expect((await send('delete', '/content/types/2/groups/2')).status).toBe(404);
    expect((await repo.admin.contentTypeService.loadContentType(2)).groupIds).toEqual([3]);
  });
});
