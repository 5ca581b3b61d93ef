import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { publishFolder, type PublishedFolder } from '@contentrepo/core/testing';
import request from 'supertest';
import { startTestServer, testEngines, type TestServer } from './support/test-server.js';

interface Body {
  data?: { item?: { _info?: { reverseRelations: { type: string; sourceFieldDefinitionIdentifier: string | null; sourceContent: { _info: { id: number } }; destinationContent: { _info: { id: number } } }[] | null } } | null } | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/**
 * `Content.reverseRelations` (Ibexa 4.6 `ContentService::loadReverseRelations`): relations pointing to an item from
 * the published versions of other items, for callers with `content/reverserelatedlist`, without the sources they may
 * not read. Ibexa's REST API has no reverse relation route, so GraphQL is the only way to them.
 */
for (const engine of testEngines()) {
  const describeOn = engine.skipReason === undefined ? describe : describe.skip;
  describeOn(`GraphQL reverse relations on ${engine.name}`, () => {
    let server: TestServer;
    let target: PublishedFolder;
    let readable: PublishedFolder;
    let unreadable: PublishedFolder;

    beforeAll(async () => {
      server = await startTestServer({}, engine);
      const admin = server.app.repository.forUser({ userId: 14 });
      target = await publishFolder(admin, 'Reverse target', 2);
      const relateAndPublish = async (source: PublishedFolder): Promise<void> => {
        const no = (await admin.contentService.createContentDraft(source.contentId)).versionInfo.versionNo;
        await admin.contentService.addRelation(source.contentId, no, target.contentId);
        await admin.contentService.publishVersion(source.contentId, no);
      };
      readable = await publishFolder(admin, 'Readable source', 2);
      await relateAndPublish(readable);
      // Below Users: the users section, which the anonymous user may not read.
      unreadable = await publishFolder(admin, 'Unreadable source', 5);
      await relateAndPublish(unreadable);
      // A relation in a draft only is no reverse relation.
      const drafted = await publishFolder(admin, 'Drafted source', 2);
      const no = (await admin.contentService.createContentDraft(drafted.contentId)).versionInfo.versionNo;
      await admin.contentService.addRelation(drafted.contentId, no, target.contentId);
    });
    afterAll(async () => {
      await server.stop();
    });

    const query = (): string =>
      `{ item(contentId: ${target.contentId}) { _info { reverseRelations { type sourceFieldDefinitionIdentifier sourceContent { _info { id } } destinationContent { _info { id } } } } } }`;
    const graphql = async (basic?: readonly [string, string]): Promise<Body> => {
      let call = request(server.app.express).post('/graphql').set('Content-Type', 'application/json');
      if (basic) call = call.auth(basic[0], basic[1]);
      const response = await call.send(JSON.stringify({ query: query() }));
      expect(response.status).toBe(200);
      return JSON.parse(response.text) as Body;
    };
    const sources = (body: Body): number[] | null | undefined =>
      body.data?.item?._info?.reverseRelations?.map((relation) => relation.sourceContent._info.id);

    it('gives the administrator every relation from a published source, newest first', async () => {
      const body = await graphql(['admin', 'publish']);
      expect(body.errors).toBeUndefined();
      expect(sources(body)).toEqual([unreadable.contentId, readable.contentId]);
      expect(body.data?.item?._info?.reverseRelations?.[1]).toEqual({
        type: 'common',
        sourceFieldDefinitionIdentifier: null,
        sourceContent: { _info: { id: readable.contentId } },
        destinationContent: { _info: { id: target.contentId } },
      });
    });

    it('refuses the anonymous user, who lacks content/reverserelatedlist, and leaves out sources it may not read once granted', async () => {
      const refused = await graphql();
      expect(refused.data?.item?._info?.reverseRelations).toBeNull();
      expect(refused.errors?.map((error) => error.extensions?.code)).toEqual(['UNAUTHORIZED']);

      const admin = server.app.repository.forUser({ userId: 14 });
      const role = await admin.roleService.createRole({ identifier: 'ReverseRelationReader', policies: [{ module: 'content', function: 'reverserelatedlist' }] });
      await admin.roleService.publishRoleDraft(role.id);
      await admin.roleService.assignRoleToUser(role.id, 10);
      const granted = await graphql();
      expect(granted.errors).toBeUndefined();
      expect(sources(granted)).toEqual([readable.contentId]);
    });
  });
}
