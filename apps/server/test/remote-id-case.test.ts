import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { startTestServer, vnd, type TestServer } from './support/test-server.js';

const API = '/api/ibexa/v2';

/**
 * Remote ids of content items and locations are found and kept unique case-insensitively, as on Ibexa 4.6's
 * reference install (MySQL, `_ci` collation): `?remoteId=ABC` finds `abc`, the remote id criteria of `/views`
 * match either case, and `ABC` cannot be created next to `abc` (the same answer as an exact duplicate).
 */
describe('remote ids are case-insensitive over REST', () => {
  let server: TestServer;
  let contentId = 0;
  let locationHref = '';
  const remoteId = 'case-probe-abc';
  const locationRemoteId = 'case-probe-location-abc';
  const admin = (req: request.Test): request.Test => req.auth('admin', 'publish');

  const create = (contentRemoteId: string, locationRemote = `loc-${contentRemoteId}-${Date.now()}`) =>
    admin(request(server.app.express).post(`${API}/content/objects`))
      .set('Content-Type', vnd('ContentCreate'))
      .set('Accept', vnd('ContentInfo'))
      .send(
        JSON.stringify({
          ContentCreate: {
            ContentType: { _href: `${API}/content/types/1` },
            mainLanguageCode: 'eng-GB',
            remoteId: contentRemoteId,
            LocationCreate: { ParentLocation: { _href: `${API}/content/locations/1/2` }, remoteId: locationRemote, sortField: 'PATH', sortOrder: 'ASC' },
            fields: { field: [{ fieldDefinitionIdentifier: 'name', fieldValue: 'Case probe' }] },
          },
        }),
      );

  beforeAll(async () => {
    server = await startTestServer();
    const created = await create(remoteId, locationRemoteId);
    expect(created.status).toBe(201);
    contentId = JSON.parse(created.text).Content._id;
    const published = await admin(request(server.app.express).post(`${API}/content/objects/${contentId}/versions/1`)).set('X-HTTP-Method-Override', 'PUBLISH');
    expect(published.status).toBe(204);
    const loaded = await admin(request(server.app.express).get(`${API}/content/objects/${contentId}`)).set('Accept', vnd('ContentInfo'));
    locationHref = JSON.parse(loaded.text).Content.MainLocation._href;
  });

  afterAll(async () => {
    await server.stop();
  });

  it('GET /content/objects?remoteId= finds the item in any case', async () => {
    for (const asked of [remoteId, remoteId.toUpperCase(), 'Case-Probe-ABC']) {
      const found = await admin(request(server.app.express).get(`${API}/content/objects?remoteId=${asked}`));
      expect([asked, found.status, found.headers['location']]).toEqual([asked, 307, `${API}/content/objects/${contentId}`]);
    }
    expect((await admin(request(server.app.express).get(`${API}/content/objects?remoteId=CASE-PROBE-ABD`))).status).toBe(404);
  });

  it('GET /content/locations?remoteId= finds the location in any case (ABC finds abc)', async () => {
    for (const asked of [locationRemoteId, locationRemoteId.toUpperCase()]) {
      const found = await admin(request(server.app.express).get(`${API}/content/locations?remoteId=${asked}`));
      expect([asked, found.status, found.headers['location']]).toEqual([asked, 307, locationHref]);
    }
    const root = await admin(request(server.app.express).get(`${API}/content/locations?remoteId=F3E90596361E31D496D4026EB624C983`));
    expect([root.status, root.headers['location']]).toEqual([307, `${API}/content/locations/1/2`]);
  });

  it('remote id criteria of POST /views match either case, the stored case is returned', async () => {
    const view = async (filter: Record<string, unknown>, kind: 'ContentQuery' | 'LocationQuery' = 'ContentQuery') => {
      const response = await admin(request(server.app.express).post(`${API}/views`))
        .set('Content-Type', 'application/vnd.ibexa.api.ViewInput+json; version=1.1')
        .set('Accept', vnd('View'))
        .send(JSON.stringify({ ViewInput: { identifier: 'remote-ids', [kind]: { Filter: filter } } }));
      expect(response.status).toBe(200);
      return JSON.parse(response.text).View.Result;
    };
    const byContent = await view({ ContentRemoteIdCriterion: 'CASE-PROBE-ABC' });
    expect(byContent.count).toBe(1);
    expect(byContent.searchHits.searchHit[0].value.Content._remoteId).toBe(remoteId);
    expect((await view({ LocationRemoteIdCriterion: 'Case-Probe-Location-ABC' }, 'LocationQuery')).count).toBe(1);
    expect((await view({ LocationRemoteIdCriterion: 'CASE-PROBE-LOCATION-ABC' })).count).toBe(1);
  });

  it('refuses an item whose remote id differs from an existing one only in case, as an exact duplicate is refused', async () => {
    const exact = await create(remoteId);
    expect(exact.status).toBeGreaterThanOrEqual(400);
    const cased = await create(remoteId.toUpperCase());
    expect([cased.status, JSON.parse(cased.text).ErrorMessage.errorDescription]).toEqual([
      exact.status,
      expect.stringContaining(`remoteId '${remoteId.toUpperCase()}' exists`),
    ]);
    const locationCased = await create('case-probe-other', locationRemoteId.toUpperCase());
    expect(locationCased.status).toBeGreaterThanOrEqual(400);
    expect((await admin(request(server.app.express).get(`${API}/content/objects?remoteId=case-probe-other`))).status).toBe(404);
  });
});
