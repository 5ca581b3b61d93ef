import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildCleanInstallSeed, createDefaultFieldTypeRegistry } from '@contentrepo/core';
import { TEST_DATABASE_URL_VARIABLE, testDatabaseUrl } from '@contentrepo/persistence/testing';
import { runConcurrentPatchWriters, WRITER_LANGUAGES } from './support/concurrent-patch-writers.js';
import { Cluster, START_TIMEOUT_MS } from './support/multi-node-cluster.js';
import { type HttpCredentials, msUntil, type NodeClient, RoundRobin } from './support/multi-node-client.js';
import { API } from './support/rest-session.js';
import { PNG_1X1 } from './support/test-server.js';

const databaseUrl = testDatabaseUrl();
const ADMIN: HttpCredentials = { basic: ['admin', 'publish'] };
/** The longest a change made on one node may take to be seen (and enforced) by the others (ms). */
const PROPAGATION_LIMIT_MS = 100;
/** The admin user's own content item: readable by the administrator, refused (401) to anonymous. */
const ADMIN_ITEM = '/content/objects/14';
/** Per test: setup requests, and polls of up to 6 s each where a change does not propagate. */
const TEST_TIMEOUT_MS = 60_000;

/** Propagation figures by scenario, printed after the run for the record. */
const figures: Record<string, Record<string, number | null>> = {};

/** What one node showed after a change: see {@link propagation}. */
interface Seen {
  /** Milliseconds from the change to the answer of the first probe that saw it (null: none within 6 s). */
  readonly ms: number | null;
  /** Whether a probe sent {@link PROPAGATION_LIMIT_MS} after the change saw it. */
  readonly onTime: boolean;
}

/**
 * How `nodes` show a change acknowledged at `since` (a `performance.now()` instant), keyed by node name and `suffix`
 * (e.g. `node 2 REST`). Two measurements per node, side by side:
 * - the guarantee: one probe sent exactly {@link PROPAGATION_LIMIT_MS} after `since` must see the change. Its own
 *   latency does not count against the node (a request sent that late must see the change, however long it takes);
 * - the figure: probes one after the other every 5 ms until one sees the change; the time to its answer is an
 *   upper bound of the propagation time (request latency and any wait for a lock included).
 */
async function propagation(since: number, nodes: readonly NodeClient[], probe: (node: NodeClient) => Promise<boolean>, suffix = ''): Promise<Record<string, Seen>> {
  const seen = await Promise.all(
    nodes.map(async (node): Promise<Seen> => {
      const onTime = sleep(Math.max(0, since + PROPAGATION_LIMIT_MS - performance.now())).then(() => probe(node));
      const [ms, late] = await Promise.all([msUntil(since, () => probe(node)), onTime]);
      return { ms, onTime: late };
    }),
  );
  return Object.fromEntries(nodes.map((node, index) => [`${node.name}${suffix}`, seen[index] ?? { ms: null, onTime: false }]));
}

/** Records a scenario's figures and prints them (`console.log`, quoted in reports). */
function report(scenario: string, measured: Record<string, Seen>): void {
  const times = Object.fromEntries(Object.entries(measured).map(([node, { ms }]) => [node, ms]));
  figures[scenario] = times;
  console.log(`multi-node: ${scenario}: ${JSON.stringify(times)} (ms to the first answer showing it, upper bounds; null = not within 6 s)`);
}

/** Every node saw the change with a probe sent {@link PROPAGATION_LIMIT_MS} after it (a failure names the node). */
function expectWithinLimit(measured: Record<string, Seen>): void {
  for (const [node, { ms, onTime }] of Object.entries(measured)) {
    expect({ node, seenBy: ms === null ? 'never' : 'a probe', onTime }).toEqual({ node, seenBy: 'a probe', onTime: true });
  }
}

/** Logs in through `node` (POST /user/sessions): the session credentials (cookie + CSRF token) and identifier. */
async function logIn(node: NodeClient, login: string, password: string): Promise<{ credentials: HttpCredentials; identifier: string }> {
  const reply = await node.rest(null, { method: 'POST', path: '/user/sessions', input: 'SessionInput', accept: 'Session', body: { SessionInput: { login, password } } });
  expect(reply.status).toBe(201);
  const session = reply.body.Session as { name: string; identifier: string; csrfToken: string };
  return { credentials: { cookie: `${session.name}=${session.identifier}`, csrf: session.csrfToken }, identifier: session.identifier };
}

const title = 'three server processes started together on one PostgreSQL database';

/**
 * The multi-node deployment end to end: three real server processes (`src/main.ts`, PORT=0, loopback) spawned at
 * the same moment on one empty PostgreSQL schema, with the same JWT_SECRET and nothing else shared (each node has
 * its own DATA_DIR). Changes made through one node must be seen and enforced by the others within 100 ms, and
 * concurrent writers spread over the nodes must lose no acknowledged update.
 */
(databaseUrl === undefined ? describe.skip : describe)(
  databaseUrl === undefined ? `${title} (skipped: ${TEST_DATABASE_URL_VARIABLE} is not set)` : title,
  () => {
    // STORAGE=database keeps binary files in PostgreSQL: the nodes share nothing but the database.
    const cluster = new Cluster({ databaseUrl, env: { LANGUAGES: WRITER_LANGUAGES.join(','), STORAGE: 'database' } });
    let nodes: NodeClient[] = [];
    let node1: NodeClient;
    let others: NodeClient[] = [];

    beforeAll(async () => {
      const started = performance.now();
      await cluster.start();
      console.log(`multi-node: the nodes listen ${Math.round(performance.now() - started)} ms after the start (bundling and any second start included)`);
      nodes = cluster.nodes;
      [node1] = nodes as [NodeClient];
      others = nodes.slice(1);
    }, 3 * START_TIMEOUT_MS);
    afterAll(async () => {
      console.log(`multi-node: figures ${JSON.stringify(figures)}`);
      await cluster.stop();
    }, 60_000);

    it('all three come up from the simultaneous start on the empty schema, with one seeded repository', async () => {
      const seed = buildCleanInstallSeed({ fieldTypes: createDefaultFieldTypeRegistry(), adminPasswordHash: '!', languages: [...WRITER_LANGUAGES] });
      const [counts] = await cluster.query(
        'SELECT (SELECT count(*) FROM language) AS languages, (SELECT count(*) FROM content) AS contents, (SELECT count(*) FROM content_type WHERE status = 0) AS types',
      );
      expect([counts?.int('languages'), counts?.int('contents'), counts?.int('types')]).toEqual([seed.languages.length, seed.contents.length, seed.contentTypes.length]);
      const robin = new RoundRobin(nodes);
      for (let round = 0; round < nodes.length; round += 1) {
        const reply = await robin.pick().rest(ADMIN, { method: 'GET', path: '/languages' });
        expect(reply.body.LanguageList.Language.map((language: { languageCode: string }) => language.languageCode)).toEqual([...WRITER_LANGUAGES]);
      }

      // What the simultaneous start did (a node that did not come up was started again after it, for the other tests).
      expect(cluster.firstStart.map((outcome) => [outcome.name, outcome.up ? 'up' : `${outcome.ended ?? ''}: ${outcome.errorOutput}`])).toEqual([
        ['node 1', 'up'],
        ['node 2', 'up'],
        ['node 3', 'up'],
      ]);
      expect(cluster.firstStart.filter((outcome) => outcome.installed)).toHaveLength(1);
    }, TEST_TIMEOUT_MS);

    it('accepts a session created on node 1, and a JWT issued by node 1, on nodes 2 and 3', async () => {
      for (const node of nodes) expect([node.name, (await node.rest(null, { method: 'GET', path: ADMIN_ITEM })).status]).toEqual([node.name, 401]);
      const { credentials } = await logIn(node1, 'admin', 'publish');
      const token = await node1.graphql(null, 'mutation { createToken(username: "admin", password: "publish") { token } }');
      const bearer: HttpCredentials = { bearer: String((token.body.data?.['createToken'] as { token: string } | undefined)?.token) };
      for (const node of nodes) {
        expect([node.name, (await node.rest(credentials, { method: 'GET', path: ADMIN_ITEM })).status]).toEqual([node.name, 200]);
        expect([node.name, (await node.rest(bearer, { method: 'GET', path: ADMIN_ITEM })).status]).toEqual([node.name, 200]);
      }
    }, TEST_TIMEOUT_MS);

    it('refuses a session logged out on node 1 on nodes 2 and 3 within 100 ms', async () => {
      const { credentials, identifier } = await logIn(node1, 'admin', 'publish');
      // Nodes 2 and 3 have used (and cached) the session.
      for (const node of others) expect([node.name, (await node.rest(credentials, { method: 'GET', path: ADMIN_ITEM })).status]).toEqual([node.name, 200]);
      expect((await node1.rest(credentials, { method: 'DELETE', path: `/user/sessions/${identifier}` })).status).toBe(204);
      const refused = await propagation(performance.now(), others, async (node) => (await node.rest(credentials, { method: 'GET', path: ADMIN_ITEM })).status === 401);
      report('logout on node 1 → session refused', refused);
      expectWithinLimit(refused);
    }, TEST_TIMEOUT_MS);

    it('enforces a content type created, a field added, then removed, on node 1 in REST and GraphQL of nodes 2 and 3 within 100 ms, leaving no orphan field rows', async () => {
      const created = await node1.rest(ADMIN, {
        method: 'POST',
        path: '/content/typegroups/1/types?publish=true',
        input: 'ContentTypeCreate',
        accept: 'ContentType',
        body: {
          ContentTypeCreate: {
            identifier: 'mn_recipe',
            mainLanguageCode: 'eng-GB',
            nameSchema: '<title>',
            names: { value: [{ _languageCode: 'eng-GB', '#text': 'Recipe' }] },
            FieldDefinitions: { FieldDefinition: [{ identifier: 'title', fieldType: 'ezstring', isRequired: true }] },
          },
        },
      });
      expect(created.status).toBe(201);
      const typeId = Number(created.body.ContentType.id);
      const graphqlFields = async (node: NodeClient): Promise<string[]> => {
        const reply = await node.graphql(ADMIN, '{ __type(name: "MnRecipeItem") { fields { name } } }');
        return ((reply.body.data?.['__type'] as { fields: { name: string }[] } | null)?.fields ?? []).map((field) => field.name);
      };
      const newType = await propagation(performance.now(), others, async (node) => (await graphqlFields(node)).includes('title'), ' GraphQL');
      report('content type created on node 1 → in GraphQL of nodes 2 and 3', newType);

      const draft = await node1.rest(ADMIN, {
        method: 'POST',
        path: '/content/objects',
        input: 'ContentCreate',
        body: {
          ContentCreate: {
            ContentType: { _href: `${API}/content/types/${typeId}` },
            mainLanguageCode: 'eng-GB',
            LocationCreate: { ParentLocation: { _href: `${API}/content/locations/1/2` }, sortField: 'PATH', sortOrder: 'ASC' },
            fields: { field: [{ fieldDefinitionIdentifier: 'title', fieldValue: 'Pancakes' }] },
          },
        },
      });
      expect(draft.status).toBe(201);
      const versionPath = `/content/objects/${Number(draft.body.Content._id)}/versions/1`;
      const writeServings = (node: NodeClient) =>
        node.rest(ADMIN, {
          method: 'PATCH',
          path: versionPath,
          input: 'VersionUpdate',
          accept: 'Version',
          body: { VersionUpdate: { fields: { field: [{ fieldDefinitionIdentifier: 'servings', languageCode: 'eng-GB', fieldValue: 4 }] } } },
        });
      // Nodes 2 and 3 have used the type over REST (and hold it in their caches); their schemas lack the field.
      for (const node of others) {
        expect([node.name, (await writeServings(node)).status]).toEqual([node.name, 400]);
        expect([node.name, await graphqlFields(node)]).toEqual([node.name, expect.not.arrayContaining(['servings'])]);
      }

      const editType = async (change: () => Promise<void>): Promise<number> => {
        expect((await node1.rest(ADMIN, { method: 'POST', path: `/content/types/${typeId}`, input: 'ContentTypeUpdate', body: { ContentTypeUpdate: {} } })).status).toBe(201);
        await change();
        const published = await node1.rest(ADMIN, { method: 'PUBLISH', path: `/content/types/${typeId}/draft` });
        expect(published.status).toBe(200);
        return performance.now();
      };

      const added = await editType(async () => {
        const field = await node1.rest(ADMIN, {
          method: 'POST',
          path: `/content/types/${typeId}/draft/fieldDefinitions`,
          input: 'FieldDefinitionCreate',
          body: { FieldDefinitionCreate: { identifier: 'servings', fieldType: 'ezinteger' } },
        });
        expect(field.status).toBe(201);
      });
      const [seenAddedRest, seenAddedGraphql] = await Promise.all([
        propagation(added, others, async (node) => (await writeServings(node)).status === 200, ' REST'),
        propagation(added, others, async (node) => (await graphqlFields(node)).includes('servings'), ' GraphQL'),
      ]);
      const seenAdded = { ...seenAddedRest, ...seenAddedGraphql };
      report('field added on node 1 → accepted by REST, in GraphQL of nodes 2 and 3', seenAdded);

      const removed = await editType(async () => {
        const typeDraft = await node1.rest(ADMIN, { method: 'GET', path: `/content/types/${typeId}/draft` });
        const servings = (typeDraft.body.ContentType.FieldDefinitions.FieldDefinition as { id: number; identifier: string }[]).find((definition) => definition.identifier === 'servings');
        expect(servings).toBeDefined();
        expect((await node1.rest(ADMIN, { method: 'DELETE', path: `/content/types/${typeId}/draft/fieldDefinitions/${servings?.id ?? 0}` })).status).toBe(204);
      });
      // Nodes 2 and 3 keep writing the field until they refuse it: a stale node would write rows of a removed definition.
      const [seenRemovedRest, seenRemovedGraphql] = await Promise.all([
        propagation(removed, others, async (node) => (await writeServings(node)).status === 400, ' REST'),
        propagation(removed, others, async (node) => !(await graphqlFields(node)).includes('servings'), ' GraphQL'),
      ]);
      const seenRemoved = { ...seenRemovedRest, ...seenRemovedGraphql };
      report('field removed on node 1 → refused by REST, gone from GraphQL of nodes 2 and 3', seenRemoved);

      const [orphans] = await cluster.query(
        'SELECT count(*) AS orphans FROM content_field f WHERE NOT EXISTS (SELECT 1 FROM field_definition d WHERE d.id = f.field_definition_id AND d.status = 0)',
      );
      console.log(`multi-node: content_field rows without their field definition: ${String(orphans?.int('orphans'))}`);
      expect(orphans?.int('orphans')).toBe(0);
      for (const node of nodes) {
        const served = await node.rest(ADMIN, { method: 'GET', path: versionPath, accept: 'Version' });
        expect([node.name, (served.body.Version.Fields.field as { fieldDefinitionIdentifier: string }[]).map((field) => field.fieldDefinitionIdentifier)]).toEqual([node.name, ['title']]);
      }
      expectWithinLimit(newType);
      expectWithinLimit(seenAdded);
      expectWithinLimit(seenRemoved);
    }, TEST_TIMEOUT_MS);

    it('applies a role assigned, then unassigned, on node 1 to requests on nodes 2 and 3 within 100 ms', async () => {
      const role = async (identifier: string, module: string, fn: string): Promise<number> => {
        const created = await node1.rest(ADMIN, { method: 'POST', path: '/user/roles', input: 'RoleInput', body: { RoleInput: { identifier } } });
        expect(created.status).toBe(201);
        const id = Number(String(created.headers.get('location')).split('/').pop());
        expect((await node1.rest(ADMIN, { method: 'POST', path: `/user/roles/${id}/policies`, input: 'PolicyCreate', body: { PolicyCreate: { module, function: fn } } })).status).toBe(201);
        return id;
      };
      const loginRole = await role('MnLogin', 'user', 'login');
      const readerRole = await role('MnRoleReader', 'role', 'read');
      const user = await node1.rest(ADMIN, {
        method: 'POST',
        path: '/user/groups/1/5/users',
        input: 'UserCreate',
        body: {
          UserCreate: {
            mainLanguageCode: 'eng-GB',
            login: 'mnreader',
            email: 'mnreader@example.com',
            password: 'Secret-Passw0rd',
            fields: { field: [{ fieldDefinitionIdentifier: 'first_name', fieldValue: 'Mn' }, { fieldDefinitionIdentifier: 'last_name', fieldValue: 'Reader' }] },
          },
        },
      });
      expect(user.status).toBe(201);
      const userPath = String(user.headers.get('location')).slice(API.length);
      const assign = (roleId: number) => node1.rest(ADMIN, { method: 'POST', path: `${userPath}/roles`, input: 'RoleAssignInput', body: { RoleAssignInput: { Role: { _href: `${API}/user/roles/${roleId}` } } } });
      expect((await assign(loginRole)).status).toBe(200);
      const reader = (await logIn(node1, 'mnreader', 'Secret-Passw0rd')).credentials;
      const readRoles = async (node: NodeClient): Promise<number> => (await node.rest(reader, { method: 'GET', path: '/user/roles' })).status;
      for (const node of others) expect([node.name, await readRoles(node)]).toEqual([node.name, 401]);

      expect((await assign(readerRole)).status).toBe(200);
      const gained = await propagation(performance.now(), others, async (node) => (await readRoles(node)) === 200);
      report('role assigned on node 1 → permission on nodes 2 and 3', gained);

      expect((await node1.rest(ADMIN, { method: 'DELETE', path: `${userPath}/roles/${readerRole}` })).status).toBe(200);
      const lost = await propagation(performance.now(), others, async (node) => (await readRoles(node)) === 401);
      report('role unassigned on node 1 → permission gone on nodes 2 and 3', lost);
      expectWithinLimit(gained);
      expectWithinLimit(lost);
    }, TEST_TIMEOUT_MS);

    it('serves an image uploaded through node 2 from node 3 (the same bytes), with no folder shared between the nodes', async () => {
      const [node2, node3] = others as [NodeClient, NodeClient];
      const created = await node2.rest(ADMIN, {
        method: 'POST',
        path: '/content/objects',
        input: 'ContentCreate',
        body: {
          ContentCreate: {
            ContentType: { _href: `${API}/content/types/5` },
            mainLanguageCode: 'eng-GB',
            LocationCreate: { ParentLocation: { _href: `${API}/content/locations/1/43/51` }, sortField: 'PATH', sortOrder: 'ASC' },
            fields: {
              field: [
                { fieldDefinitionIdentifier: 'name', fieldValue: 'Pixel' },
                { fieldDefinitionIdentifier: 'image', fieldValue: { fileName: 'pixel.png', fileSize: PNG_1X1.length, data: PNG_1X1.toString('base64') } },
              ],
            },
          },
        },
      });
      expect(created.status).toBe(201);
      const id = Number(created.body.Content._id);
      expect((await node2.rest(ADMIN, { method: 'PUBLISH', path: `/content/objects/${id}/versions/1` })).status).toBe(204);
      const version = await node3.rest(ADMIN, { method: 'GET', path: `/content/objects/${id}/versions/1`, accept: 'Version' });
      const image = (version.body.Version.Fields.field as { fieldDefinitionIdentifier: string; fieldValue: { uri: string } }[]).find((field) => field.fieldDefinitionIdentifier === 'image');
      expect(image?.fieldValue.uri).toMatch(/^\/var\/site\/storage\//);
      for (const node of [node3, node1]) {
        const file = await node.download(image?.fieldValue.uri ?? '');
        expect([node.name, file.status, file.bytes.equals(PNG_1X1)]).toEqual([node.name, 200, true]);
      }
    }, TEST_TIMEOUT_MS);

    it('loses no acknowledged update of 64 concurrent PATCH writers spread round-robin over the nodes on one draft', async () => {
      const result = await runConcurrentPatchWriters(new RoundRobin(nodes), ADMIN);
      console.log(
        `multi-node: 64 concurrent PATCH writers: statuses ${JSON.stringify(result.statuses)}, lost acknowledged distinct-slot updates ` +
          `${result.lost.length} of ${result.acknowledgedDistinct}, shared slot holds ${String(result.sameValue)} (acknowledged: ${result.acknowledgedSame.length})`,
      );
      expect(result.lost).toEqual([]);
      expect(result.acknowledgedSame).toContain(result.sameValue);
      expect(result.statuses).toEqual({ 200: 64 });
    }, TEST_TIMEOUT_MS);
  },
);
