import { beforeEach, describe, expect, it } from '@jest/globals';
import type { LockTarget } from '@contentrepo/core';
import { publishFolder, type TestRepository } from '@contentrepo/core/testing';
import { createHttpAuth } from '@contentrepo/http-auth';
import express, { type Express } from 'express';
import { createRestRouter } from './router.js';
import { PREFIX, rest, vnd, type RestCall, type RestResponse } from './testing/rest-client.js';
import { createTestApp } from './testing/rest-test-app.js';

/** `"<kind>-<id>-<revision>-<16 hex>"` */
const TAG = /^"([A-Za-z]+)-(\d+)-(\d+)-[0-9a-f]{16}"$/;

/** The aggregate part (`kind-id-revision`) of a tag. */
const aggregatePart = (etag: string | undefined): string => {
  const match = TAG.exec(etag ?? '');
  if (!match) throw new Error(`not one of our entity tags: ${String(etag)}`);
  return `${match[1]}-${match[2]}-${match[3]}`;
};

/** The tag with its revision replaced (what a client holding a tag of another revision sends). */
const withRevision = (etag: string, revision: number): string => etag.replace(/^"([A-Za-z]+-\d+)-\d+-/, `"$1-${revision}-`);

const section = (identifier: string, name: string) => ({ SectionInput: { identifier, name } });

describe('conditional requests: ETag, If-None-Match, If-Match', () => {
  let app: Express;
  let repo: TestRepository;
  beforeEach(async () => {
    ({ app, repo } = await createTestApp({ basicAuth: true }));
  });
  const get = (path: string, extra: Partial<RestCall> = {}): Promise<RestResponse> => rest(app, { method: 'GET', path, ...extra });
  /** Another writer commits a change of `target` (its revision moves on), as a concurrent request would. */
  const writeElsewhere = (target: LockTarget): Promise<unknown> => repo.persistence.transaction((tx) => tx.lock([target]));

  describe('ETag on GET and If-None-Match', () => {
    /** Each tagged resource: its path, the Accept variant, the aggregate its tag names. */
    const resources = async (): Promise<readonly [string, string | undefined, string][]> => {
      const folder = await publishFolder(repo.admin, 'Tagged', 2);
      await repo.admin.contentService.createContentDraft(folder.contentId);
      await repo.admin.contentTypeService.createContentTypeDraft(1);
      await repo.admin.roleService.createRoleDraft(3);
      const group = await repo.admin.objectStateService.createObjectStateGroup({ identifier: 'workflow', defaultLanguageCode: 'eng-GB', names: { 'eng-GB': 'Workflow' } });
      const state = await repo.admin.objectStateService.createObjectState(group.id, { identifier: 'draft', defaultLanguageCode: 'eng-GB', names: { 'eng-GB': 'Draft' } });
      const wildcard = await repo.admin.urlWildcardService.create('/old/*', '/new/{1}', true);
      return [
        [`/content/objects/${folder.contentId}`, 'ContentInfo', `content-${folder.contentId}`],
        [`/content/objects/${folder.contentId}`, 'Content', `content-${folder.contentId}`],
        [`/content/objects/${folder.contentId}/versions`, undefined, `content-${folder.contentId}`],
        [`/content/objects/${folder.contentId}/versions/1`, 'Version', `content-${folder.contentId}`],
        [`/content/objects/${folder.contentId}/versions/2`, 'Version', `content-${folder.contentId}`],
        [`/content/locations${folder.pathString.slice(0, -1)}`, 'Location', `location-${folder.locationId}`],
        ['/content/types/1', 'ContentType', 'contentType-1'],
        ['/content/types/1/draft', 'ContentType', 'contentType-1'],
        ['/content/typegroups/1', 'ContentTypeGroup', 'contentTypeGroup-1'],
        ['/content/sections/1', 'Section', 'section-1'],
        ['/user/users/14', 'User', 'content-14'],
        ['/user/groups/1/5', 'UserGroup', 'content-4'],
        ['/user/roles/3', 'Role', 'role-3'],
        ['/user/roles/3/draft', 'Role', 'role-3'],
        ['/user/roles/2/policies/332', 'Policy', 'role-2'],
        [`/content/objectstategroups/${group.id}`, 'ObjectStateGroup', `objectStateGroup-${group.id}`],
        [`/content/objectstategroups/${group.id}/objectstates/${state.id}`, 'ObjectState', `objectStateGroup-${group.id}`],
        [`/content/urlwildcards/${wildcard.id}`, 'UrlWildcard', `urlWildcard-${wildcard.id}`],
      ];
    };

    it('answers a strong tag naming the aggregate, the same on every GET, one per format (JSON and XML)', async () => {
      for (const [path, accept, aggregate] of await resources()) {
        const call = accept === undefined ? {} : { accept };
        const json = await get(path, call);
        const xml = await get(path, { ...call, format: 'xml' });
        expect([path, json.status, xml.status]).toEqual([path, 200, 200]);
        expect([path, aggregatePart(json.headers['etag'])]).toEqual([path, expect.stringMatching(new RegExp(`^${aggregate}-\\d+$`))]);
        expect([path, aggregatePart(xml.headers['etag'])]).toEqual([path, aggregatePart(json.headers['etag'])]);
        expect([path, xml.headers['etag']]).not.toEqual([path, json.headers['etag']]);
        expect([path, (await get(path, call)).headers['etag']]).toEqual([path, json.headers['etag']]);
        expect([path, (await get(path, { ...call, format: 'xml' })).headers['etag']]).toEqual([path, xml.headers['etag']]);
        expect(json.headers['vary']).toContain('Accept');
      }
    });

    it('answers 304 without a body (ETag kept) to If-None-Match with the current tag, W/ or *; 200 otherwise', async () => {
      for (const [path, accept] of await resources()) {
        for (const format of ['json', 'xml'] as const) {
          const call = { format, ...(accept === undefined ? {} : { accept }) };
          const { headers } = await get(path, call);
          const etag = headers['etag'] ?? '';
          for (const condition of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
            const notModified = await get(path, { ...call, headers: { 'If-None-Match': condition } });
            expect([path, condition, notModified.status, notModified.text, notModified.headers['etag']]).toEqual([path, condition, 304, '', etag]);
          }
          const other = await get(path, { ...call, headers: { 'If-None-Match': withRevision(etag, 99) } });
          expect([path, other.status, other.headers['etag']]).toEqual([path, 200, etag]);
        }
      }
      const head = await rest(app, { method: 'HEAD', path: '/content/sections/1' });
      expect((await rest(app, { method: 'HEAD', path: '/content/sections/1', headers: { 'If-None-Match': head.headers['etag'] ?? '' } })).status).toBe(304);
    });

    it('ignores a malformed If-None-Match (the full answer) and never answers 304 to a tag of another format', async () => {
      const json = await get('/content/sections/1');
      expect((await get('/content/sections/1', { headers: { 'If-None-Match': 'section-1-0' } })).status).toBe(200);
      const xml = await get('/content/sections/1', { format: 'xml', headers: { 'If-None-Match': json.headers['etag'] ?? '' } });
      expect([xml.status, xml.text]).toEqual([200, expect.stringContaining('<Section ')]);
    });

    it('tags ContentInfo and Content differently, and a Location again when its embedded ContentInfo changes', async () => {
      const folder = await publishFolder(repo.admin, 'Embedded', 2);
      const info = await get(`/content/objects/${folder.contentId}`, { accept: 'ContentInfo' });
      const content = await get(`/content/objects/${folder.contentId}`, { accept: 'Content' });
      expect(info.headers['etag']).not.toBe(content.headers['etag']);
      const locationPath = `/content/locations${folder.pathString.slice(0, -1)}`;
      const before = await get(locationPath);
      await repo.admin.contentService.updateContentMetadata(folder.contentId, { remoteId: 'embedded-changed' });
      const after = await get(locationPath, { headers: { 'If-None-Match': before.headers['etag'] ?? '' } });
      expect(after.status).toBe(200);
      expect(after.body.Location.ContentInfo.Content._remoteId).toBe('embedded-changed');
    });

    it('gives nothing away to a user who may not read the resource (401/404 without ETag)', async () => {
      const denied = await get('/user/users/14', { auth: null });
      expect([denied.status, denied.headers['etag']]).toEqual([401, undefined]);
      const missing = await get('/content/sections/999');
      expect([missing.status, missing.headers['etag']]).toEqual([404, undefined]);
    });

    it('keeps its own tags and 304s in a host app with Express ETags switched to strong', async () => {
      const host = express();
      host.set('etag', 'strong');
      host.use(PREFIX, createRestRouter({ repository: repo.anonymous, auth: createHttpAuth({ repository: repo.anonymous, sessions: repo.sessions, basicAuth: true }) }));
      const own = await get('/content/sections/1');
      const hosted = await rest(host, { method: 'GET', path: '/content/sections/1' });
      expect(hosted.headers['etag']).toBe(own.headers['etag']);
      expect((await rest(host, { method: 'GET', path: '/content/sections/1', headers: { 'If-None-Match': own.headers['etag'] ?? '' } })).status).toBe(304);
    });
  });

  describe('If-Match: requests that can never match', () => {
    it('refuses a tag of another resource, a weak tag and a tag of another form with 412 (JSON and XML), changing nothing', async () => {
      const before = await get('/content/sections/3');
      const etag = before.headers['etag'] ?? '';
      const location = (await get('/content/locations/1/2')).headers['etag'] ?? '';
      for (const [condition, format] of [
        [location, 'json'],
        [etag.replace('section-3-', 'section-4-'), 'xml'],
        [`W/${etag}`, 'json'],
        ['"v1"', 'xml'],
      ] as const) {
        const refused = await rest(app, { method: 'PATCH', path: '/content/sections/3', input: 'SectionInput', format, body: format === 'json' ? section('media', 'Changed') : '<SectionInput><identifier>media</identifier><name>Changed</name></SectionInput>', headers: { 'If-Match': condition } });
        expect([condition, refused.status]).toEqual([condition, 412]);
        if (format === 'json') {
          expect(refused.headers['content-type']).toBe(vnd('ErrorMessage'));
          expect(refused.body.ErrorMessage).toMatchObject({ errorCode: 412, errorMessage: 'Precondition Failed' });
        } else {
          expect(refused.text).toContain('<errorCode>412</errorCode><errorMessage>Precondition Failed</errorMessage>');
        }
      }
      expect((await get('/content/sections/3')).text).toBe(before.text);
    });

    it('answers a malformed If-Match with 400 and changes nothing', async () => {
      const before = await get('/content/sections/3');
      for (const malformed of ['section-3-0', '"unterminated', 'W/section']) {
        const refused = await rest(app, { method: 'PATCH', path: '/content/sections/3', input: 'SectionInput', body: section('media', 'Changed'), headers: { 'If-Match': malformed } });
        expect([malformed, refused.status, refused.body.ErrorMessage.errorCode]).toEqual([malformed, 400, 400]);
      }
      expect((await get('/content/sections/3')).text).toBe(before.text);
    });

    it('refuses If-Match on a resource without entity tags (412), except *', async () => {
      const refused = await rest(app, { method: 'POST', path: '/content/sections', input: 'SectionInput', body: section('tagless', 'Tagless'), headers: { 'If-Match': '"section-1-0"' } });
      expect(refused.status).toBe(412);
      expect((await get('/content/sections?identifier=tagless')).status).toBe(404);
      const any = await rest(app, { method: 'POST', path: '/content/sections', input: 'SectionInput', body: section('tagless', 'Tagless'), headers: { 'If-Match': '*' } });
      expect(any.status).toBe(201);
    });

    it('lets * through when the resource exists, and answers 404 when it does not', async () => {
      const written = await rest(app, { method: 'PATCH', path: '/content/sections/3', input: 'SectionInput', body: section('media', 'Any'), headers: { 'If-Match': '*' } });
      expect([written.status, written.body.Section.name]).toEqual([200, 'Any']);
      expect((await rest(app, { method: 'PATCH', path: '/content/sections/999', input: 'SectionInput', body: section('x', 'y'), headers: { 'If-Match': '*' } })).status).toBe(404);
    });

    it('evaluates If-Match on GET: 200 for the current revision or *, 412 otherwise; redirects and errors go out as they are', async () => {
      const { headers } = await get('/content/sections/3');
      const etag = headers['etag'] ?? '';
      expect((await get('/content/sections/3', { headers: { 'If-Match': withRevision(etag, 0).replace(/-[0-9a-f]{16}"$/, '-ffffffffffffffff"') } })).status).toBe(200);
      expect((await get('/content/sections/3', { headers: { 'If-Match': '*' } })).status).toBe(200);
      expect((await get('/content/sections/3', { headers: { 'If-Match': withRevision(etag, 5) } })).status).toBe(412);
      expect((await get('/content/sections', { headers: { 'If-Match': etag } })).status).toBe(412);
      expect((await get('/content/objects/41/currentversion', { headers: { 'If-Match': etag } })).status).toBe(307);
      expect((await get('/content/sections/999', { headers: { 'If-Match': etag } })).status).toBe(404);
    });
  });

  /**
   * Every write that honours If-Match, with the resource whose ETag guards it. `prepare` builds what it needs and
   * gives the tagged resource, the write and a GET whose body a refused write must leave unchanged.
   */
  const guardedWrites: readonly {
    readonly name: string;
    readonly prepare: (repo: TestRepository) => Promise<{ tagged: string; accept?: string; write: RestCall; status: number; observe: string }>;
  }[] = [
    {
      name: 'PATCH ContentInfo metadata',
      prepare: async (r) => {
        const { contentId } = await publishFolder(r.admin, 'Metadata', 2);
        const path = `/content/objects/${contentId}`;
        return { tagged: path, write: { method: 'PATCH', path, input: 'ContentUpdate', body: { ContentUpdate: { remoteId: 'guarded-metadata' } } }, status: 200, observe: path };
      },
    },
    {
      name: 'PATCH a version',
      prepare: async (r) => {
        const { contentId } = await publishFolder(r.admin, 'Versioned', 2);
        await r.admin.contentService.createContentDraft(contentId);
        const path = `/content/objects/${contentId}/versions/2`;
        const body = { VersionUpdate: { fields: { field: [{ fieldDefinitionIdentifier: 'name', fieldValue: 'Edited' }] } } };
        return { tagged: path, write: { method: 'PATCH', path, input: 'VersionUpdate', body }, status: 200, observe: path };
      },
    },
    {
      name: 'PUBLISH a version',
      prepare: async (r) => {
        const { contentId } = await publishFolder(r.admin, 'Publishing', 2);
        await r.admin.contentService.createContentDraft(contentId);
        const path = `/content/objects/${contentId}/versions/2`;
        return { tagged: path, write: { method: 'PUBLISH', path }, status: 204, observe: path };
      },
    },
    {
      name: 'COPY a version (a new draft from it)',
      prepare: async (r) => {
        const { contentId } = await publishFolder(r.admin, 'Copied', 2);
        const path = `/content/objects/${contentId}/versions/1`;
        return { tagged: path, write: { method: 'COPY', path }, status: 201, observe: `/content/objects/${contentId}/versions` };
      },
    },
    {
      name: 'DELETE a version',
      prepare: async (r) => {
        const { contentId } = await publishFolder(r.admin, 'Drafted', 2);
        await r.admin.contentService.createContentDraft(contentId);
        const path = `/content/objects/${contentId}/versions/2`;
        return { tagged: path, write: { method: 'DELETE', path }, status: 204, observe: path };
      },
    },
    {
      name: 'DELETE a content item',
      prepare: async (r) => {
        const { contentId } = await publishFolder(r.admin, 'Deleted', 2);
        const path = `/content/objects/${contentId}`;
        return { tagged: path, write: { method: 'DELETE', path }, status: 204, observe: path };
      },
    },
    {
      name: 'PATCH a location',
      prepare: async (r) => {
        const { pathString } = await publishFolder(r.admin, 'Located', 2);
        const path = `/content/locations${pathString.slice(0, -1)}`;
        return { tagged: path, write: { method: 'PATCH', path, input: 'LocationUpdate', body: { LocationUpdate: { priority: 7 } } }, status: 200, observe: path };
      },
    },
    {
      name: 'DELETE a location',
      prepare: async (r) => {
        const { pathString } = await publishFolder(r.admin, 'Removed', 2);
        const path = `/content/locations${pathString.slice(0, -1)}`;
        return { tagged: path, write: { method: 'DELETE', path }, status: 204, observe: path };
      },
    },
    {
      name: 'PATCH a content type draft',
      prepare: async (r) => {
        await r.admin.contentTypeService.createContentTypeDraft(1);
        const path = '/content/types/1/draft';
        return { tagged: path, write: { method: 'PATCH', path, input: 'ContentTypeUpdate', body: { ContentTypeUpdate: { remoteId: 'guarded-type' } } }, status: 200, observe: path };
      },
    },
    {
      name: 'PUBLISH a content type draft',
      prepare: async (r) => {
        await r.admin.contentTypeService.createContentTypeDraft(1);
        return { tagged: '/content/types/1/draft', write: { method: 'PUBLISH', path: '/content/types/1/draft' }, status: 200, observe: '/content/types/1/draft' };
      },
    },
    {
      name: 'DELETE a content type',
      prepare: async (r) => {
        const copy = await r.admin.contentTypeService.copyContentType(1);
        const path = `/content/types/${copy.id}`;
        return { tagged: path, write: { method: 'DELETE', path }, status: 204, observe: path };
      },
    },
    {
      name: 'PATCH a section',
      prepare: () => Promise.resolve({ tagged: '/content/sections/3', write: { method: 'PATCH', path: '/content/sections/3', input: 'SectionInput', body: section('media', 'Guarded') }, status: 200, observe: '/content/sections/3' }),
    },
    {
      name: 'DELETE a section',
      prepare: async (r) => {
        const { id } = await r.admin.sectionService.createSection({ identifier: 'unused', name: 'Unused' });
        return { tagged: `/content/sections/${id}`, write: { method: 'DELETE', path: `/content/sections/${id}` }, status: 204, observe: `/content/sections/${id}` };
      },
    },
    {
      name: 'PATCH a user',
      prepare: () =>
        Promise.resolve({ tagged: '/user/users/14', write: { method: 'PATCH', path: '/user/users/14', input: 'UserUpdate', body: { UserUpdate: { email: 'guarded@example.com' } } }, status: 200, observe: '/user/users/14' }),
    },
    {
      name: 'DELETE a user',
      prepare: async (r) => {
        const user = await r.admin.userService.createUser(
          { mainLanguageCode: 'eng-GB', login: 'leaving', email: 'leaving@example.com', password: 'Secret-Passw0rd', fields: [{ fieldDefIdentifier: 'first_name', value: 'Lee' }, { fieldDefIdentifier: 'last_name', value: 'Ving' }] },
          [13],
        );
        const path = `/user/users/${user.contentInfo.id}`;
        return { tagged: path, write: { method: 'DELETE', path }, status: 204, observe: path };
      },
    },
    {
      name: 'PATCH a role',
      prepare: () => Promise.resolve({ tagged: '/user/roles/4', write: { method: 'PATCH', path: '/user/roles/4', input: 'RoleInput', body: { RoleInput: { identifier: 'Guarded' } } }, status: 200, observe: '/user/roles/4' }),
    },
    {
      name: 'PATCH a role draft',
      prepare: async (r) => {
        await r.admin.roleService.createRoleDraft(3);
        const path = '/user/roles/3/draft';
        return { tagged: path, write: { method: 'PATCH', path, input: 'RoleInput', body: { RoleInput: { identifier: 'Guarded' } } }, status: 200, observe: path };
      },
    },
    {
      name: 'PUBLISH a role draft',
      prepare: async (r) => {
        await r.admin.roleService.createRoleDraft(3);
        return { tagged: '/user/roles/3/draft', write: { method: 'PUBLISH', path: '/user/roles/3/draft' }, status: 204, observe: '/user/roles/3/draft' };
      },
    },
    {
      name: 'PATCH a policy (guarded by its role)',
      prepare: async (r) => {
        const policy = await r.admin.roleService.addPolicy(4, { module: 'content', function: 'read' });
        const path = `/user/roles/4/policies/${policy.id}`;
        const body = '<PolicyUpdate><limitations><limitation identifier="Section"><values><ref href="1"/></values></limitation></limitations></PolicyUpdate>';
        return { tagged: '/user/roles/4', write: { method: 'PATCH', path, input: 'PolicyUpdate', format: 'xml', body }, status: 200, observe: path };
      },
    },
    {
      name: 'DELETE a role',
      prepare: () => Promise.resolve({ tagged: '/user/roles/4', write: { method: 'DELETE', path: '/user/roles/4' }, status: 204, observe: '/user/roles/4' }),
    },
    {
      name: 'PATCH an object state group',
      prepare: async (r) => {
        const group = await r.admin.objectStateService.createObjectStateGroup({ identifier: 'workflow', defaultLanguageCode: 'eng-GB', names: { 'eng-GB': 'Workflow' } });
        const path = `/content/objectstategroups/${group.id}`;
        return { tagged: path, write: { method: 'PATCH', path, input: 'ObjectStateGroupUpdate', body: { ObjectStateGroupUpdate: { identifier: 'flow' } } }, status: 200, observe: path };
      },
    },
    {
      name: 'PATCH a content type group',
      prepare: () =>
        Promise.resolve({
          tagged: '/content/typegroups/1',
          write: { method: 'PATCH', path: '/content/typegroups/1', input: 'ContentTypeGroupInput', body: { ContentTypeGroupInput: { identifier: 'Guarded' } } },
          status: 200,
          observe: '/content/typegroups/1',
        }),
    },
  ];

  describe('If-Match on each guarded write', () => {
    it.each(guardedWrites.map((write) => [write.name, write] as const))('%s: proceeds with the current tag', async (_name, { prepare }) => {
      const { tagged, write, status } = await prepare(repo);
      const etag = (await get(tagged)).headers['etag'] ?? '';
      const done = await rest(app, { ...write, headers: { 'If-Match': etag } });
      expect([done.status, done.body?.ErrorMessage]).toEqual([status, undefined]);
    });

    // These need the write path to lock its aggregate (core `underLock`): the precondition is checked there.
    it.each(guardedWrites.map((write) => [write.name, write] as const))('%s: a stale tag is a 412 and changes nothing', async (_name, { prepare }) => {
      const { tagged, write, observe } = await prepare(repo);
      const tag = await get(tagged);
      const before = await get(observe);
      const match = TAG.exec(tag.headers['etag'] ?? '');
      await writeElsewhere({ kind: match?.[1] as LockTarget['kind'], id: Number(match?.[2]) });
      const refused = await rest(app, { ...write, headers: { 'If-Match': tag.headers['etag'] ?? '' } });
      expect([refused.status, refused.text]).toEqual([412, expect.stringContaining('Precondition Failed')]);
      expect((await get(observe)).text).toBe(before.text);
    });
  });

  describe('If-Match with writes that lock their aggregate', () => {
    it('a write answers the next revision in its ETag; the old tag is then stale (412) and the new one current', async () => {
      const first = await get('/content/sections/3');
      const etag = first.headers['etag'] ?? '';
      const written = await rest(app, { method: 'PATCH', path: '/content/sections/3', input: 'SectionInput', body: section('media', 'First'), headers: { 'If-Match': etag } });
      expect(written.status).toBe(200);
      const [, kind, id, revision] = TAG.exec(etag) ?? [];
      expect(aggregatePart(written.headers['etag'])).toBe(`${kind ?? ''}-${id ?? ''}-${Number(revision) + 1}`);
      expect((await get('/content/sections/3')).headers['etag']).toBe(written.headers['etag']);
      const stale = await rest(app, { method: 'PATCH', path: '/content/sections/3', input: 'SectionInput', body: section('media', 'Lost'), headers: { 'If-Match': etag } });
      expect(stale.status).toBe(412);
      expect((await get('/content/sections/3')).body.Section.name).toBe('First');
      const next = await rest(app, { method: 'PATCH', path: '/content/sections/3', input: 'SectionInput', body: section('media', 'Second'), headers: { 'If-Match': `"content-1-0", ${written.headers['etag'] ?? ''}` } });
      expect([next.status, next.body.Section.name]).toEqual([200, 'Second']);
    });

    it('accepts a list naming several revisions when one of them is current', async () => {
      await writeElsewhere({ kind: 'section', id: 3 });
      await writeElsewhere({ kind: 'section', id: 3 });
      const etag = (await get('/content/sections/3')).headers['etag'] ?? '';
      const written = await rest(app, { method: 'PATCH', path: '/content/sections/3', input: 'SectionInput', body: section('media', 'Listed'), headers: { 'If-Match': `${withRevision(etag, 0)}, ${etag}, ${withRevision(etag, 1)}` } });
      expect(written.status).toBe(200);
      const stale = await rest(app, { method: 'PATCH', path: '/content/sections/3', input: 'SectionInput', body: section('media', 'Stale'), headers: { 'If-Match': `${withRevision(etag, 0)}, ${withRevision(etag, 1)}` } });
      expect(stale.status).toBe(412);
    });
  });
});
