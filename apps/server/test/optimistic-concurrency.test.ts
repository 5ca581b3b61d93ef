import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { API, call, contentCreate, login, type Call, type Reply } from './support/rest-session.js';
import { parseXml, startTestServer, type TestServer } from './support/test-server.js';

/** Rounds of the concurrent-writers test (each: two reads, two conditional PATCHes at once). */
const ROUNDS = 6;

/**
 * Optimistic concurrency over REST on the real store (SQLite): entity tags of versions, content and locations in JSON
 * and XML, 304 on If-None-Match, and If-Match turning a lost update into a 412 for the second of two editors.
 */
describe('conditional requests (ETag, If-Match, If-None-Match) over REST on SQLite', () => {
  let server: TestServer;
  let alice: { cookie: string; csrf: string };
  let bob: { cookie: string; csrf: string };
  const asAlice = (spec: Call): Promise<Reply> => call(server.app.express, alice, spec);
  const asBob = (spec: Call): Promise<Reply> => call(server.app.express, bob, spec);

  /** A published folder below Home with a draft (version 2); its content id and location path. */
  const folderWithDraft = async (name: string): Promise<{ contentId: number; locationPath: string }> => {
    const created = await asAlice({ method: 'POST', path: '/content/objects', input: 'ContentCreate', body: contentCreate(1, '1/2', { name }) });
    expect(created.status).toBe(201);
    const contentId = created.body.Content._id as number;
    expect((await asAlice({ method: 'PUBLISH', path: `/content/objects/${contentId}/versions/1` })).status).toBe(204);
    expect((await asAlice({ method: 'COPY', path: `/content/objects/${contentId}/versions/1` })).status).toBe(201);
    const info = await asAlice({ method: 'GET', path: `/content/objects/${contentId}` });
    return { contentId, locationPath: String(info.body.Content.MainLocation._href).slice(`${API}`.length) };
  };
  const versionUpdate = (field: string, value: string) => ({ VersionUpdate: { fields: { field: [{ fieldDefinitionIdentifier: field, fieldValue: value }] } } });
  const fieldValue = (version: Reply, field: string): unknown =>
    (version.body.Version.Fields.field as { fieldDefinitionIdentifier: string; fieldValue: unknown }[]).find((candidate) => candidate.fieldDefinitionIdentifier === field)?.fieldValue;

  beforeAll(async () => {
    server = await startTestServer();
    alice = await login(server.app.express, 'admin', 'publish');
    bob = await login(server.app.express, 'admin', 'publish');
  });
  afterAll(async () => {
    await server.stop();
  });

  it('tags a version, its item and its location in JSON and XML; the same tag twice, 304 on If-None-Match', async () => {
    const { contentId, locationPath } = await folderWithDraft('Tagged');
    for (const [path, accept, aggregate] of [
      [`/content/objects/${contentId}/versions/2`, 'Version', `content-${contentId}`],
      [`/content/objects/${contentId}`, 'Content', `content-${contentId}`],
      [`/content/objects/${contentId}`, 'ContentInfo', `content-${contentId}`],
      [locationPath, 'Location', `location-${locationPath.split('/').pop() ?? ''}`],
    ] as const) {
      for (const format of ['json', 'xml'] as const) {
        const first = await asAlice({ method: 'GET', path, accept, format });
        expect([path, format, first.status, first.headers['etag']]).toEqual([path, format, 200, expect.stringMatching(new RegExp(`^"${aggregate}-\\d+-[0-9a-f]{16}"$`))]);
        expect((await asBob({ method: 'GET', path, accept, format })).headers['etag']).toBe(first.headers['etag']);
        const notModified = await asBob({ method: 'GET', path, accept, format, headers: { 'If-None-Match': first.headers['etag'] ?? '' } });
        expect([notModified.status, notModified.text, notModified.headers['etag']]).toEqual([304, '', first.headers['etag']]);
      }
    }
  });

  it('a write moves the tag on: the old one gets 304 no more, and a PATCH with it is a 412 (XML) that changes nothing', async () => {
    const { contentId } = await folderWithDraft('Stale');
    const path = `/content/objects/${contentId}/versions/2`;
    const read = await asBob({ method: 'GET', path, format: 'xml' });
    const written = await asAlice({ method: 'PATCH', path, input: 'VersionUpdate', body: versionUpdate('name', 'Alice was here') });
    expect(written.status).toBe(200);
    expect(written.headers['etag']).toMatch(new RegExp(`^"content-${contentId}-\\d+-`));
    const afterWrite = await asBob({ method: 'GET', path, format: 'xml', headers: { 'If-None-Match': read.headers['etag'] ?? '' } });
    expect(afterWrite.status).toBe(200);
    const stale = await asBob({
      method: 'PATCH',
      path,
      input: 'VersionUpdate',
      format: 'xml',
      body: '<VersionUpdate><fields><field><fieldDefinitionIdentifier>name</fieldDefinitionIdentifier><fieldValue>Bob overwrites</fieldValue></field></fields></VersionUpdate>',
      headers: { 'If-Match': read.headers['etag'] ?? '' },
    });
    expect(stale.status).toBe(412);
    expect(await parseXml(stale.text)).toMatchObject({ ErrorMessage: { errorCode: '412', errorMessage: 'Precondition Failed' } });
    expect(fieldValue(await asAlice({ method: 'GET', path }), 'name')).toBe('Alice was here');
  });

  it('two clients PATCH one draft with the tag they both read: exactly one 200 and one 412, and the 200 is what is kept', async () => {
    const { contentId } = await folderWithDraft('Contended');
    const path = `/content/objects/${contentId}/versions/2`;
    for (let round = 0; round < ROUNDS; round += 1) {
      const [aliceRead, bobRead] = await Promise.all([asAlice({ method: 'GET', path }), asBob({ method: 'GET', path })]);
      const etag = aliceRead.headers['etag'] ?? '';
      expect(bobRead.headers['etag']).toBe(etag);
      const [aliceWrite, bobWrite] = await Promise.all([
        asAlice({ method: 'PATCH', path, input: 'VersionUpdate', body: versionUpdate('name', `Alice ${round}`), headers: { 'If-Match': etag } }),
        asBob({ method: 'PATCH', path, input: 'VersionUpdate', body: versionUpdate('short_name', `Bob ${round}`), headers: { 'If-Match': etag } }),
      ]);
      expect([round, [aliceWrite.status, bobWrite.status].sort()]).toEqual([round, [200, 412]]);
      const loser = aliceWrite.status === 412 ? aliceWrite : bobWrite;
      expect(loser.body.ErrorMessage).toMatchObject({ errorCode: 412, errorMessage: 'Precondition Failed' });
      const after = await asAlice({ method: 'GET', path });
      expect([round, fieldValue(after, 'name') === `Alice ${round}`, fieldValue(after, 'short_name') === `Bob ${round}`]).toEqual([
        round,
        aliceWrite.status === 200,
        bobWrite.status === 200,
      ]);
    }
  });

  it('DELETE with a stale tag keeps the item; with the current one (or *) deletes it', async () => {
    const { contentId } = await folderWithDraft('Doomed');
    const path = `/content/objects/${contentId}`;
    const old = (await asBob({ method: 'GET', path })).headers['etag'] ?? '';
    expect((await asAlice({ method: 'PATCH', path, input: 'ContentUpdate', body: { ContentUpdate: { remoteId: `doomed-${contentId}` } } })).status).toBe(200);
    expect((await asBob({ method: 'DELETE', path, headers: { 'If-Match': old } })).status).toBe(412);
    const current = await asBob({ method: 'GET', path });
    expect(current.status).toBe(200);
    expect((await asBob({ method: 'DELETE', path, headers: { 'If-Match': current.headers['etag'] ?? '' } })).status).toBe(204);
    expect((await asBob({ method: 'GET', path })).status).toBe(404);
    expect((await asBob({ method: 'DELETE', path, headers: { 'If-Match': '*' } })).status).toBe(404);
  });
});
