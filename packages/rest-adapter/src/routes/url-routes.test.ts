import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { publishFolder, type TestRepository } from '@contentrepo/core/testing';
import type { Express } from 'express';
import { PREFIX, rest, vnd } from '../testing/rest-client.js';
import { createTestApp } from '../testing/rest-test-app.js';

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

describe('URL aliases and wildcards (/content/urlaliases…, /content/urlwildcards…, location aliases)', () => {
  let app: Express;
  let repo: TestRepository;
  beforeEach(async () => {
    ({ app, repo } = await createTestApp({ basicAuth: true }));
  });

  it('lists a location’s generated (custom=false) and custom aliases, and loads one by its <parentId>-<md5> id', async () => {
    const generated = await rest(app, { method: 'GET', path: '/content/locations/1/43/51/urlaliases?custom=false' });
    expect(generated.body.UrlAliasRefList).toEqual({
      '_media-type': vnd('UrlAliasRefList'),
      _href: `${PREFIX}/content/locations/1/43/51/urlaliases`,
      UrlAlias: [{ '_media-type': vnd('UrlAlias'), _href: `${PREFIX}/content/urlaliases/9-${md5('images')}` }],
    });
    expect((await rest(app, { method: 'GET', path: '/content/locations/1/43/51/urlaliases' })).body.UrlAliasRefList.UrlAlias).toEqual([]);
    expect((await rest(app, { method: 'GET', path: '/content/locations/1/43/51/urlaliases?custom=no' })).body.UrlAliasRefList.UrlAlias).toEqual([]);
    const alias = await rest(app, { method: 'GET', path: `/content/urlaliases/9-${md5('images')}`, accept: 'UrlAlias' });
    expect(alias.body.UrlAlias).toEqual({
      '_media-type': vnd('UrlAlias'),
      _href: `${PREFIX}/content/urlaliases/9-${md5('images')}`,
      _id: `9-${md5('images')}`,
      _type: 'LOCATION',
      location: { '_media-type': vnd('Location'), _href: `${PREFIX}/content/locations/1/43/51` },
      path: '/Media/Images',
      languageCodes: 'eng-GB',
      alwaysAvailable: true,
      isHistory: false,
      forward: false,
      custom: false,
    });
    const xml = await rest(app, { method: 'GET', path: `/content/urlaliases/0-${md5('')}`, format: 'xml' });
    expect(xml.text).toContain(`id="0-${md5('')}" type="LOCATION"><location media-type="${vnd('Location', 'xml')}" href="${PREFIX}/content/locations/1/2"/><path>/</path>`);
    expect((await rest(app, { method: 'GET', path: `/content/urlaliases/1-${md5('nothing')}` })).status).toBe(404);
    expect((await rest(app, { method: 'GET', path: '/content/locations/1/999/urlaliases' })).status).toBe(404);
  });

  it('creates location and global aliases (JSON and XML), lists and deletes them; a taken path is 403', async () => {
    const folder = await publishFolder(repo.admin, 'Aliased', 2);
    const created = await rest(app, {
      method: 'POST',
      path: '/content/urlaliases',
      input: 'UrlAliasCreate',
      body: { UrlAliasCreate: { _type: 'LOCATION', location: { _href: `${PREFIX}/content/locations/1/2/${folder.locationId}` }, path: '/promo', languageCode: 'eng-GB', forward: 'true' } },
    });
    expect(created.status).toBe(201);
    expect(created.body.UrlAlias).toMatchObject({ _id: `0-${md5('promo')}`, _type: 'LOCATION', path: '/promo', forward: true, alwaysAvailable: false, custom: true });
    expect(created.headers['location']).toBe(`${PREFIX}/content/urlaliases/0-${md5('promo')}`);
    const custom = await rest(app, { method: 'GET', path: `/content/locations/1/2/${folder.locationId}/urlaliases` });
    expect(custom.body.UrlAliasRefList.UrlAlias).toHaveLength(1);

    const global = await rest(app, {
      method: 'POST',
      path: '/content/urlaliases',
      input: 'UrlAliasCreate',
      format: 'xml',
      body: '<UrlAliasCreate type="GLOBAL"><resource>module:content/search</resource><path>/search</path><languageCode>eng-GB</languageCode><alwaysAvailable>true</alwaysAvailable></UrlAliasCreate>',
    });
    expect(global.status).toBe(201);
    expect(global.text).toContain('type="RESOURCE"><resource>module:content/search</resource><path>/search</path>');
    const globals = await rest(app, { method: 'GET', path: '/content/urlaliases' });
    expect(globals.body.UrlAliasRefList.UrlAlias).toEqual([{ '_media-type': vnd('UrlAlias'), _href: `${PREFIX}/content/urlaliases/0-${md5('search')}` }]);

    const taken = await rest(app, { method: 'POST', path: '/content/urlaliases', input: 'UrlAliasCreate', body: { UrlAliasCreate: { _type: 'GLOBAL', resource: 'module:x/y', path: '/Media', languageCode: 'eng-GB' } } });
    expect(taken.status).toBe(403);
    const noPath = await rest(app, { method: 'POST', path: '/content/urlaliases', input: 'UrlAliasCreate', body: { UrlAliasCreate: { _type: 'GLOBAL', resource: 'module:x/y', languageCode: 'eng-GB' } } });
    expect(noPath.status).toBe(400);
    const wrongHref = await rest(app, { method: 'POST', path: '/content/urlaliases', input: 'UrlAliasCreate', body: { UrlAliasCreate: { _type: 'LOCATION', location: { _href: `${PREFIX}/content/objects/1` }, path: '/x', languageCode: 'eng-GB' } } });
    expect(wrongHref.status).toBe(406);
    expect((await rest(app, { method: 'POST', path: '/content/urlaliases', input: 'UrlAliasCreate', body: { UrlAliasCreate: { _type: 'GLOBAL', resource: 'module:x/y', path: '/anon', languageCode: 'eng-GB' } }, auth: null })).status).toBe(401);

    expect((await rest(app, { method: 'DELETE', path: `/content/urlaliases/0-${md5('search')}` })).status).toBe(204);
    expect((await rest(app, { method: 'GET', path: `/content/urlaliases/0-${md5('search')}` })).status).toBe(404);
    expect((await rest(app, { method: 'DELETE', path: `/content/urlaliases/0-${md5('search')}` })).status).toBe(404);
    expect((await rest(app, { method: 'DELETE', path: `/content/urlaliases/0-${md5('media')}` })).status).toBe(406);
  });

  it('redirects GET /content/locations?urlAlias= to the location (307)', async () => {
    const redirect = await rest(app, { method: 'GET', path: '/content/locations?urlAlias=/Media/Images' });
    expect([redirect.status, redirect.headers['location']]).toEqual([307, `${PREFIX}/content/locations/1/43/51`]);
    expect((await rest(app, { method: 'GET', path: '/content/locations?urlAlias=/no/such/path' })).status).toBe(404);
  });

  it('creates, lists, loads and deletes URL wildcards (JSON and XML); an existing pattern is 403', async () => {
    const created = await rest(app, { method: 'POST', path: '/content/urlwildcards', input: 'UrlWildcardCreate', body: { UrlWildcardCreate: { sourceUrl: '/old/*', destinationUrl: '/new/{1}', forward: true } } });
    expect(created.status).toBe(201);
    const id = created.body.UrlWildcard._id as number;
    expect(created.headers['location']).toBe(`${PREFIX}/content/urlwildcards/${id}`);
    expect(created.body.UrlWildcard).toEqual({ '_media-type': vnd('UrlWildcard'), _href: `${PREFIX}/content/urlwildcards/${id}`, _id: id, sourceUrl: '/old/*', destinationUrl: '/new/{1}', forward: true });
    expect((await rest(app, { method: 'POST', path: '/content/urlwildcards', input: 'UrlWildcardCreate', body: { UrlWildcardCreate: { sourceUrl: '/old/*', destinationUrl: '/x', forward: false } } })).status).toBe(403);
    expect((await rest(app, { method: 'POST', path: '/content/urlwildcards', input: 'UrlWildcardCreate', body: { UrlWildcardCreate: { sourceUrl: '/a', destinationUrl: '/b' } } })).status).toBe(400);
    const xml = await rest(app, { method: 'GET', path: '/content/urlwildcards', format: 'xml' });
    expect(xml.text).toContain(`<UrlWildcardList media-type="${vnd('UrlWildcardList', 'xml')}" href="${PREFIX}/content/urlwildcards"><UrlWildcard media-type="${vnd('UrlWildcard', 'xml')}" href="${PREFIX}/content/urlwildcards/${id}" id="${id}"><sourceUrl>/old/*</sourceUrl>`);
    expect((await rest(app, { method: 'GET', path: `/content/urlwildcards/${id}` })).status).toBe(200);
    expect((await rest(app, { method: 'DELETE', path: `/content/urlwildcards/${id}` })).status).toBe(204);
    expect((await rest(app, { method: 'GET', path: `/content/urlwildcards/${id}` })).status).toBe(404);
    expect((await rest(app, { method: 'GET', path: '/content/urlwildcards' })).body.UrlWildcardList.UrlWildcard).toEqual([]);
  });
});
