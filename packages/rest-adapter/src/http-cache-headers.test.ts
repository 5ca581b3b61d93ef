import { beforeEach, describe, expect, it } from '@jest/globals';
import { publishFolder, type PublishedFolder, type TestRepository } from '@contentrepo/core/testing';
import type { Express } from 'express';
import { rest, type RestCall, type RestResponse } from './testing/rest-client.js';
import { createTestApp, type TestAppOptions } from './testing/rest-test-app.js';

/** The `xkey` tags of a response, as a set (their order is not part of the contract). */
const tagsOf = (response: RestResponse): string[] => (response.headers['xkey'] ?? '').split(' ').filter((tag) => tag !== '').sort();

/** The `Vary` members of a response, lower-cased. */
const varyOf = (response: RestResponse): string[] => (response.headers['vary'] ?? '').split(',').map((name) => name.trim().toLowerCase());

const FORMATS = ['json', 'xml'] as const;

describe('HTTP caching headers: Cache-Control, Vary, xkey cache tags', () => {
  let app: Express;
  let repo: TestRepository;
  /** Home (location 2) > Parent > Child, published folders (content type 1) the anonymous user may read. */
  let parent: PublishedFolder;
  let child: PublishedFolder;
  const setUp = async (options: TestAppOptions = {}): Promise<void> => {
    ({ app, repo } = await createTestApp({ basicAuth: true, ...options }));
    parent = await publishFolder(repo.admin, 'Parent', 2);
    child = await publishFolder(repo.admin, 'Child', parent.locationId);
  };
  const anonymous = (path: string, extra: Partial<RestCall> = {}): Promise<RestResponse> => rest(app, { method: 'GET', path, auth: null, ...extra });
  const admin = (path: string, extra: Partial<RestCall> = {}): Promise<RestResponse> => rest(app, { method: 'GET', path, ...extra });
  const locationPath = (folder: PublishedFolder): string => `/content/locations${folder.pathString.slice(0, -1)}`;
  /** Tags of an answer showing the child folder's main location: path 1/2/parent/child. */
  const childTags = (): string[] =>
    [`l${child.locationId}`, `pl${parent.locationId}`, 'p1', 'p2', `p${parent.locationId}`, `p${child.locationId}`, `c${child.contentId}`, 'ct1', 'ez-all'].sort();

  describe('with the defaults', () => {
    beforeEach(() => setUp());

    it('makes an anonymous read of a public item public, varying on Accept and the credentials (JSON and XML)', async () => {
      for (const format of FORMATS) {
        for (const response of [await anonymous(`/content/objects/${child.contentId}`, { format }), await anonymous(locationPath(child), { format })]) {
          expect(response.status).toBe(200);
          expect(response.headers['cache-control']).toBe('public, max-age=0');
          expect(varyOf(response)).toEqual(expect.arrayContaining(['accept', 'cookie', 'authorization']));
        }
        const head = await anonymous(locationPath(child), { format, method: 'HEAD' });
        expect([head.status, head.headers['cache-control'], head.text ?? '']).toEqual([200, 'public, max-age=0', '']);
        expect(tagsOf(head)).toEqual(childTags());
      }
    });

    it('makes a read with credentials private, whatever the item (Basic and session alike)', async () => {
      for (const format of FORMATS) {
        const basic = await admin(`/content/objects/${child.contentId}`, { format });
        expect(basic.status).toBe(200);
        expect(basic.headers['cache-control']).toBe('private, no-cache');
        expect(varyOf(basic)).toEqual(expect.arrayContaining(['accept', 'cookie', 'authorization']));
      }
      const login = await rest(app, { method: 'POST', path: '/user/sessions', auth: null, input: 'SessionInput', accept: 'Session', body: { SessionInput: { login: 'admin', password: 'publish' } } });
      expect(login.headers['cache-control']).toBe('no-store');
      const session = login.body.Session;
      const viaSession = await anonymous(locationPath(child), { headers: { Cookie: `${String(session.name)}=${String(session.identifier)}` } });
      expect(viaSession.status).toBe(200);
      expect(viaSession.headers['cache-control']).toBe('private, no-cache');
    });

    it('tags a content read with its main location, the location path, the item and its type (JSON and XML)', async () => {
      for (const format of FORMATS) {
        for (const accept of ['ContentInfo', 'Content']) {
          const response = await anonymous(`/content/objects/${child.contentId}`, { format, accept });
          expect([format, accept, tagsOf(response)]).toEqual([format, accept, childTags()]);
        }
      }
    });

    it('tags a location read like Ibexa: l<id>, pl<parent>, p<each location of the path>, c<content>, ct<type>', async () => {
      for (const format of FORMATS) expect(tagsOf(await anonymous(locationPath(child), { format }))).toEqual(childTags());
      // A secondary location also names the item's main location.
      const secondary = await repo.admin.locationService.createLocation(child.contentId, { parentLocationId: 2 });
      const response = await anonymous(`/content/locations${secondary.pathString.slice(0, -1)}`);
      expect(tagsOf(response)).toEqual(
        ['ez-all', `l${secondary.id}`, 'pl2', 'p1', 'p2', `p${secondary.id}`, `c${child.contentId}`, 'ct1', `l${child.locationId}`].sort(),
      );
    });

    it('tags a children list with its parent location, a version with its item, a version list with c and cv', async () => {
      const children = await anonymous(`${locationPath(parent)}/children`);
      expect(children.status).toBe(200);
      expect(tagsOf(children)).toEqual(
        [`l${parent.locationId}`, 'pl2', 'p1', 'p2', `p${parent.locationId}`, `c${parent.contentId}`, 'ct1', 'ez-all'].sort(),
      );
      const version = await admin(`/content/objects/${child.contentId}/versions/1`, { accept: 'Version', format: 'xml' });
      expect(version.status).toBe(200);
      expect(tagsOf(version)).toEqual(['ez-all', `c${child.contentId}`, 'ct1', `l${child.locationId}`, `cv${child.contentId}`].sort());
      expect(tagsOf(await admin(`/content/objects/${child.contentId}/versions`))).toEqual(['ez-all', `c${child.contentId}`, `cv${child.contentId}`].sort());
      expect(tagsOf(await admin(`/content/objects/${child.contentId}/locations`))).toEqual(childTags());
    });

    it('tags content types t<id> (not drafts), groups tg<id>, sections s<id>, and anything else with ez-all alone', async () => {
      expect(tagsOf(await admin('/content/types/1'))).toEqual(['ez-all', 't1']);
      await repo.admin.contentTypeService.createContentTypeDraft(1);
      expect(tagsOf(await admin('/content/types/1/draft'))).toEqual(['ez-all']);
      expect(tagsOf(await admin('/content/types/1/groups'))).toEqual(['ez-all', 't1', 'tg1']);
      expect(tagsOf(await admin('/content/typegroups/1'))).toEqual(['ez-all', 'tg1']);
      expect(tagsOf(await admin('/content/typegroups'))).toEqual(expect.arrayContaining(['ez-all', 'tg1', 'tg2', 'tg3']));
      expect(tagsOf(await admin('/content/sections/1', { format: 'xml' }))).toEqual(['ez-all', 's1']);
      expect(tagsOf(await anonymous('/'))).toEqual(['ez-all']);
    });

    it('answers 304 to If-None-Match with the same Cache-Control, Vary and xkey as the 200', async () => {
      for (const format of FORMATS) {
        for (const read of [anonymous, admin]) {
          const full = await read(locationPath(child), { format });
          const etag = full.headers['etag'] ?? '';
          const notModified = await read(locationPath(child), { format, headers: { 'If-None-Match': etag } });
          expect(notModified.status).toBe(304);
          for (const header of ['cache-control', 'vary', 'xkey', 'etag']) {
            expect([format, header, notModified.headers[header]]).toEqual([format, header, full.headers[header]]);
          }
        }
      }
    });

    it('never lets an error, a redirect or the answer to a write be stored, nor tags it', async () => {
      const missing = await anonymous('/content/objects/999999');
      expect(missing.status).toBe(404);
      expect(missing.headers['cache-control']).toBe('no-store');
      expect(missing.headers['xkey']).toBeUndefined();
      const forbidden = await anonymous('/user/roles');
      expect([forbidden.status, forbidden.headers['cache-control']]).toEqual([401, 'no-store']);
      const redirect = await admin(`/content/objects/${child.contentId}/currentversion`);
      expect([redirect.status, redirect.headers['cache-control'], redirect.headers['xkey']]).toEqual([307, 'no-store', undefined]);
      const created = await rest(app, { method: 'POST', path: '/content/sections', input: 'SectionInput', body: { SectionInput: { identifier: 'cached', name: 'Cached' } } });
      expect([created.status, created.headers['cache-control'], created.headers['xkey']]).toEqual([201, 'no-store', undefined]);
      const stale = await admin(locationPath(child), { headers: { 'If-Match': '"location-1-999-0000000000000000"' } });
      expect([stale.status, stale.headers['cache-control'], stale.headers['xkey']]).toEqual([412, 'no-store', undefined]);
    });
  });

  describe('configured', () => {
    it('sends the configured max-age and s-maxage to anonymous readers, and no tags when they are switched off', async () => {
      await setUp({ httpCache: { maxAge: 30, sharedMaxAge: 3600, tags: false } });
      const response = await anonymous(`/content/objects/${child.contentId}`, { format: 'xml' });
      expect(response.headers['cache-control']).toBe('public, max-age=30, s-maxage=3600');
      expect(response.headers['xkey']).toBeUndefined();
      expect((await admin(`/content/objects/${child.contentId}`)).headers['cache-control']).toBe('private, no-cache');
    });

    it('refuses an age that is not a whole number of seconds', async () => {
      await expect(createTestApp({ httpCache: { maxAge: -1 } })).rejects.toThrow('httpCache.maxAge must be a non-negative integer');
      await expect(createTestApp({ httpCache: { sharedMaxAge: 1.5 } })).rejects.toThrow('httpCache.sharedMaxAge must be a non-negative integer');
    });
  });
});
