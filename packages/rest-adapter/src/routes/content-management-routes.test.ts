import { beforeEach, describe, expect, it } from '@jest/globals';
import { publishFolder, type TestRepository } from '@contentrepo/core/testing';
import type { Express } from 'express';
import { PREFIX, rest, vnd } from '../testing/rest-client.js';
import { createTestApp } from '../testing/rest-test-app.js';

describe('relations, translations and content visibility (…/relations, …/translations, /hide, /reveal)', () => {
  let app: Express;
  let repo: TestRepository;
  beforeEach(async () => {
    ({ app, repo } = await createTestApp({ basicAuth: true }));
  });
  const relationCreate = (destinationId: number) => ({ RelationCreate: { Destination: { _href: `${PREFIX}/content/objects/${destinationId}` } } });

  it('adds a COMMON relation to a draft (201), refuses published versions, missing destinations and duplicates (403)', async () => {
    const source = await publishFolder(repo.admin, 'Source', 2);
    const draft = (await repo.admin.contentService.createContentDraft(source.contentId)).versionInfo.versionNo;
    const path = `/content/objects/${source.contentId}/versions/${draft}/relations`;
    const created = await rest(app, { method: 'POST', path, input: 'RelationCreate', accept: 'Relation', body: relationCreate(41) });
    expect(created.status).toBe(201);
    const relationId = created.body.Relation._href.split('/').pop() as string;
    expect(created.headers['location']).toBe(`${PREFIX}${path}/${relationId}`);
    expect(created.body.Relation).toEqual({
      '_media-type': vnd('Relation'),
      _href: `${PREFIX}${path}/${relationId}`,
      SourceContent: { '_media-type': vnd('ContentInfo'), _href: `${PREFIX}/content/objects/${source.contentId}` },
      DestinationContent: { '_media-type': vnd('ContentInfo'), _href: `${PREFIX}/content/objects/41` },
      RelationType: 'COMMON',
    });
    const xml = await rest(app, { method: 'POST', path, input: 'RelationCreate', format: 'xml', body: `<RelationCreate><Destination href="${PREFIX}/content/objects/49"/></RelationCreate>` });
    expect(xml.status).toBe(201);
    expect(xml.text).toContain('<RelationType>COMMON</RelationType>');
    expect((await rest(app, { method: 'POST', path, input: 'RelationCreate', body: relationCreate(41) })).status).toBe(403);
    expect((await rest(app, { method: 'POST', path, input: 'RelationCreate', body: relationCreate(999999) })).status).toBe(403);
    expect((await rest(app, { method: 'POST', path: `/content/objects/${source.contentId}/versions/1/relations`, input: 'RelationCreate', body: relationCreate(41) })).status).toBe(403);
    expect((await rest(app, { method: 'POST', path, input: 'RelationCreate', body: { RelationCreate: {} } })).status).toBe(400);
    expect((await rest(app, { method: 'POST', path, input: 'RelationCreate', body: { RelationCreate: { Destination: { _href: `${PREFIX}/content/sections/1` } } } })).status).toBe(406);
    expect((await rest(app, { method: 'POST', path: `/content/objects/999/versions/1/relations`, input: 'RelationCreate', body: relationCreate(41) })).status).toBe(404);
    expect((await rest(app, { method: 'GET', path })).body.Relations.Relation).toHaveLength(2);
  });

  it('deletes a COMMON relation of a draft (204); 404 unknown, 403 on a published version', async () => {
    const source = await publishFolder(repo.admin, 'Relating', 2);
    const draft = (await repo.admin.contentService.createContentDraft(source.contentId)).versionInfo.versionNo;
    const relation = await repo.admin.contentService.addRelation(source.contentId, draft, 41);
    const path = `/content/objects/${source.contentId}/versions/${draft}/relations/${relation.id}`;
    await repo.admin.contentService.publishVersion(source.contentId, draft);
    expect((await rest(app, { method: 'DELETE', path })).status).toBe(403);
    const next = (await repo.admin.contentService.createContentDraft(source.contentId)).versionInfo.versionNo;
    const copied = (await repo.admin.contentService.loadRelations(await repo.admin.contentService.loadVersionInfo(source.contentId, next)))[0];
    const draftPath = `/content/objects/${source.contentId}/versions/${next}/relations/${copied?.id ?? 0}`;
    expect((await rest(app, { method: 'DELETE', path: draftPath })).status).toBe(204);
    expect((await rest(app, { method: 'DELETE', path: draftPath })).status).toBe(404);
  });

  it('deletes a translation from all versions (204), 406 when absent, 409 for the main one', async () => {
    const folder = await publishFolder(repo.admin, 'Bilingual', 2, { 'pol-PL': 'Dwujęzyczny' });
    expect((await rest(app, { method: 'DELETE', path: `/content/objects/${folder.contentId}/translations/ger-DE` })).status).toBe(406);
    const main = await rest(app, { method: 'DELETE', path: `/content/objects/${folder.contentId}/translations/eng-GB`, format: 'xml' });
    expect(main.status).toBe(409);
    expect(main.text).toContain('<errorCode>409</errorCode>');
    expect((await rest(app, { method: 'DELETE', path: `/content/objects/${folder.contentId}/translations/pol-PL`, auth: null })).status).toBe(401);
    expect((await rest(app, { method: 'DELETE', path: `/content/objects/${folder.contentId}/translations/pol-PL` })).status).toBe(204);
    const version = await rest(app, { method: 'GET', path: `/content/objects/${folder.contentId}/versions/1` });
    expect(version.body.Version.VersionInfo.languageCodes).toBe('eng-GB');
    expect((await rest(app, { method: 'DELETE', path: '/content/objects/999/translations/pol-PL' })).status).toBe(404);
  });

  it('deletes a translation from a draft (204); 403 not a draft, 406 absent, 409 main', async () => {
    const folder = await publishFolder(repo.admin, 'Draft bilingual', 2, { 'pol-PL': 'Szkic' });
    const base = `/content/objects/${folder.contentId}/versions`;
    expect((await rest(app, { method: 'DELETE', path: `${base}/1/translations/pol-PL` })).status).toBe(403);
    const draft = (await repo.admin.contentService.createContentDraft(folder.contentId)).versionInfo.versionNo;
    const before = await rest(app, { method: 'GET', path: `${base}/${draft}` });
    expect(before.body.Version.VersionInfo.VersionTranslationInfo.Language[1].DeleteTranslation._href).toBe(`${PREFIX}${base}/${draft}/translations/pol-PL`);
    expect((await rest(app, { method: 'DELETE', path: `${base}/${draft}/translations/ger-DE` })).status).toBe(406);
    expect((await rest(app, { method: 'DELETE', path: `${base}/${draft}/translations/eng-GB` })).status).toBe(409);
    expect((await rest(app, { method: 'DELETE', path: `${base}/${draft}/translations/pol-PL` })).status).toBe(204);
    expect((await rest(app, { method: 'GET', path: `${base}/${draft}` })).body.Version.VersionInfo.languageCodes).toBe('eng-GB');
  });

  it('hides and reveals content (204); 404 unknown, 401 anonymous', async () => {
    const folder = await publishFolder(repo.admin, 'Hideable', 2);
    expect((await rest(app, { method: 'POST', path: `/content/objects/${folder.contentId}/hide` })).status).toBe(204);
    const hidden = await rest(app, { method: 'GET', path: `/content/locations/1/2/${folder.locationId}` });
    expect([hidden.body.Location.hidden, hidden.body.Location.invisible, hidden.body.Location.ContentInfo.Content.isHidden]).toEqual([false, true, true]);
    expect((await rest(app, { method: 'POST', path: `/content/objects/${folder.contentId}/reveal`, auth: null })).status).toBe(401);
    expect((await rest(app, { method: 'POST', path: `/content/objects/${folder.contentId}/reveal` })).status).toBe(204);
    expect((await rest(app, { method: 'GET', path: `/content/locations/1/2/${folder.locationId}` })).body.Location.invisible).toBe(false);
    expect((await rest(app, { method: 'POST', path: '/content/objects/999/hide' })).status).toBe(404);
  });
});

describe('location tree verbs (PATCH, COPY, MOVE, SWAP on /content/locations/{path} and their 5.x POST forms)', () => {
  let app: Express;
  let repo: TestRepository;
  beforeEach(async () => {
    ({ app, repo } = await createTestApp({ basicAuth: true }));
  });
  const destination = (path: string) => ({ Destination: `${PREFIX}/content/locations${path}` });

  it('refuses moves into the own subtree and copies into a descendant (406), bad Destinations (400); nothing moves', async () => {
    const top = await publishFolder(repo.admin, 'Top', 2);
    const child = await publishFolder(repo.admin, 'Child', top.locationId);
    const path = `/content/locations/1/2/${top.locationId}`;
    const intoSelf = await rest(app, { method: 'MOVE', path, headers: destination(`/1/2/${top.locationId}/${child.locationId}`) });
    expect([intoSelf.status, intoSelf.body.ErrorMessage.errorMessage]).toEqual([406, 'Not Acceptable']);
    expect((await rest(app, { method: 'COPY', path, headers: destination(`/1/2/${top.locationId}/${child.locationId}`) })).status).toBe(406);
    expect((await rest(app, { method: 'MOVE', path, headers: destination('/1/2') })).status).toBe(406);
    const unparsable = await rest(app, { method: 'MOVE', path, headers: { Destination: 'somewhere' } });
    expect([unparsable.status, unparsable.body.ErrorMessage.errorDescription]).toEqual([400, 'somewhere is not an acceptable destination']);
    expect((await rest(app, { method: 'SWAP', path, headers: { Destination: `${PREFIX}/content/trash` } })).status).toBe(400);
    expect((await rest(app, { method: 'POST', path, input: 'MoveLocationInput', body: { MoveLocationInput: { destination: 'x' } } })).status).toBe(400);
    expect((await repo.admin.locationService.loadLocation(child.locationId)).pathString).toBe(child.pathString);
  });

  it('moves, copies and swaps with Destination and the 5.x inputs; update hides and sorts', async () => {
    const top = await publishFolder(repo.admin, 'Movable', 2);
    const moved = await rest(app, { method: 'MOVE', path: `/content/locations/1/2/${top.locationId}`, headers: destination('/1/43') });
    expect([moved.status, moved.headers['location']]).toEqual([201, `${PREFIX}/content/locations/1/43/${top.locationId}`]);
    const copied = await rest(app, { method: 'POST', path: `/content/locations/1/43/${top.locationId}`, input: 'CopyLocationInput', body: { CopyLocationInput: { destination: '/1/2' } } });
    expect(copied.status).toBe(201);
    const copyPath = String(copied.headers['location']).replace(`${PREFIX}/content/locations`, '');
    const swapped = await rest(app, { method: 'POST', path: `/content/locations${copyPath}`, input: 'SwapLocationInput', body: { SwapLocationInput: { destination: '/1/43/51' } } });
    expect(swapped.status).toBe(204);
    const updated = await rest(app, { method: 'PATCH', path: `/content/locations/1/43/${top.locationId}`, input: 'LocationUpdate', body: { LocationUpdate: { hidden: 'true', priority: 5, sortField: 'NAME', sortOrder: 'DESC' } } });
    expect(updated.body.Location).toMatchObject({ hidden: true, invisible: true, priority: 5, sortField: 'NAME', sortOrder: 'DESC' });
    expect((await rest(app, { method: 'PATCH', path: `/content/locations/1/43/${top.locationId}`, input: 'LocationUpdate', body: { LocationUpdate: { sortField: 'nope' } } })).status).toBe(400);
  });
});
