import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { login } from '../bench-session.js';
import { coldStart } from './peer-cold-start.js';
import { CATEGORIES, PEER_TYPE, PeerRandom, TITLE_WORDS, peerItem } from './peer-data.js';
import { type CannonPhase, cannonLoad, measurePhase, type PhaseResult, type PhaseRun, updatesLoad } from './peer-phases.js';
import { startPeerProcess, type PeerProcess } from './peer-process.js';
import { hottestFunctions } from './peer-profile.js';
import { createItems, createParentFolder, createPeerType, dig, type PeerRest, rest, updateCycle } from './peer-rest.js';
import { printTable, type TableRow } from './peer-table.js';

/** Items created by one client before the others join (the workload's single-client create figure). */
const SINGLE_CLIENT_ITEMS = 2000;
/** Concurrent clients creating the remaining items. */
const CREATE_CLIENTS = 8;
/** Functions listed per profiled phase. */
const PROFILE_TOP = 15;
const MIB = 1024 * 1024;

/** The options of a run, from the environment. */
interface Options {
  readonly items: number;
  readonly seconds: number;
  readonly connections: number;
  readonly seed: 'rest' | 'spi';
  readonly profile: boolean;
  readonly databaseUrl: string | null;
  readonly seedTimeout: number;
}

function options(): Options {
  const seed = process.env['BENCH_SEED'] ?? 'rest';
  if (seed !== 'rest' && seed !== 'spi') throw new Error('BENCH_SEED must be rest or spi');
  return {
    items: Math.max(1, Math.min(1_000_000, Number(process.env['BENCH_ITEMS'] ?? 10_000))),
    seconds: Number(process.env['BENCH_DURATION'] ?? 10),
    connections: Number(process.env['BENCH_CONNECTIONS'] ?? 10),
    seed,
    profile: process.env['BENCH_PROFILE'] === '1',
    databaseUrl: process.env['DATABASE_URL'] || null,
    seedTimeout: Number(process.env['BENCH_SEED_TIMEOUT'] ?? 3600),
  };
}

/** Where a run keeps its data: a SQLite folder, or a PostgreSQL schema; and how to measure and remove it. */
interface Store {
  readonly env: NodeJS.ProcessEnv;
  bytes(): Promise<number>;
  remove(): Promise<void>;
}

async function sqliteStore(root: string, name: string): Promise<Store> {
  const dataDir = join(root, name);
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env['DATABASE_URL'];
  delete env['DATABASE_SCHEMA'];
  return {
    env,
    async bytes() {
      const files = (await readdir(dataDir)).filter((file) => file.startsWith('contentrepo.sqlite'));
      const sizes = await Promise.all(files.map(async (file) => (await stat(join(dataDir, file))).size));
      return sizes.reduce((sum, size) => sum + size, 0);
    },
    remove: () => rm(dataDir, { recursive: true, force: true }),
  };
}

async function postgresStore(url: string, root: string, name: string): Promise<Store> {
  const schema = `peerbench_${name}_${randomBytes(4).toString('hex')}`;
  const query = async <T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<T>(sql, values)).rows;
    } finally {
      await client.end();
    }
  };
  return {
    env: { ...process.env, DATABASE_URL: url, DATABASE_SCHEMA: schema, DATA_DIR: join(root, name) },
    async bytes() {
      const rows = await query<{ bytes: string }>(
        `SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0)::bigint AS bytes FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'm')`,
        [schema],
      );
      return Number(rows[0]?.bytes ?? 0);
    },
    async remove() {
      await query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await rm(join(root, name), { recursive: true, force: true });
    },
  };
}

const viewHeaders = (client: PeerRest): Record<string, string> => ({
  Cookie: client.session.cookie,
  'X-CSRF-Token': client.session.csrf,
  'Content-Type': 'application/vnd.ibexa.api.ViewInput+json; version=1.1',
  Accept: 'application/vnd.ibexa.api.View+json; version=1.1',
});

/** Phase b: type + `category` = X, newest `published_at` first, 25. */
const listBody = (category: string): string =>
  JSON.stringify({
    ViewInput: {
      identifier: 'peer-list',
      ContentQuery: {
        Filter: { AND: { ContentTypeIdentifierCriterion: PEER_TYPE, Field: { name: 'category', operator: 'EQ', value: category } } },
        SortClauses: { Field: { identifier: `${PEER_TYPE}/published_at`, direction: 'descending' } },
        limit: 25,
        offset: 0,
      },
    },
  });

/** Phase c: type + `title` CONTAINS W, 25. */
const searchBody = (word: string): string =>
  JSON.stringify({
    ViewInput: {
      identifier: 'peer-search',
      ContentQuery: { Filter: { AND: { ContentTypeIdentifierCriterion: PEER_TYPE, Field: { name: 'title', operator: 'CONTAINS', value: word } } }, limit: 25, offset: 0 },
    },
  });

/** Phase e: the item by id through GraphQL. */
const GRAPHQL_QUERY = 'query PeerItem($id: Int!) { content { peerArticle(contentId: $id) { _info { id } title intro publishedAt { timestamp } category } } }';
const graphqlBody = (id: number): string => JSON.stringify({ query: GRAPHQL_QUERY, variables: { id } });

/** The value of a field of an embedded Content (its current version's fields). */
function fieldValue(content: unknown, identifier: string): unknown {
  const fields = dig(content, 'CurrentVersion', 'Version', 'Fields', 'field');
  if (!Array.isArray(fields)) throw new Error(`check: no fields in ${JSON.stringify(content).slice(0, 300)}`);
  const field: unknown = fields.find((candidate) => dig(candidate, 'fieldDefinitionIdentifier') === identifier);
  return dig(field, 'fieldValue');
}

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(`check failed: ${message}`);
}

/** The search hits' Content of a View answer. */
function hitsOf(body: unknown): unknown[] {
  const hits = dig(body, 'View', 'Result', 'searchHits', 'searchHit');
  check(Array.isArray(hits), `no searchHits in ${JSON.stringify(body).slice(0, 300)}`);
  return (hits as unknown[]).map((hit) => dig(hit, 'value', 'Content'));
}

/** Checks one answer of each phase before anything is timed (the update check last: it changes one item). */
async function checkAnswers(client: PeerRest, url: string, ids: readonly number[]): Promise<void> {
  const index = Math.floor(ids.length / 2);
  const id = ids[index] ?? 0;
  const item = peerItem(index);
  const got = await rest(client, 'GET', `/content/objects/${id}`, { accept: 'Content' });
  check(got.status === 200 && dig(got.body, 'Content', '_id') === id, `a: GET ${id} → ${got.status}`);
  check(fieldValue(dig(got.body, 'Content'), 'title') === item.title, `a: the title of ${id} is not "${item.title}"`);

  const views = async (body: string): Promise<unknown[]> => {
    const response = await fetch(`${client.api}/views`, { method: 'POST', headers: viewHeaders(client), body });
    check(response.status === 200, `POST /views → ${response.status}: ${(await response.clone().text()).slice(0, 300)}`);
    return hitsOf(await response.json());
  };
  const listed = await views(listBody(item.category));
  check(listed.length > 0 && listed.length <= 25, `b: ${listed.length} hits`);
  const dates = listed.map((content) => {
    check(fieldValue(content, 'category') === item.category, `b: a hit not in ${item.category}`);
    return Number(dig(fieldValue(content, 'published_at'), 'timestamp'));
  });
  check(dates.every((date, position) => position === 0 || date <= (dates[position - 1] ?? date)), 'b: not newest first');

  const word = item.title.split(' ')[0] ?? '';
  const found = await views(searchBody(word));
  check(found.length > 0, `c: no hits for ${word}`);
  check(found.every((content) => String(fieldValue(content, 'title')).includes(word)), `c: a hit without ${word} in its title`);

  const graphql = await fetch(`${url}/graphql`, { method: 'POST', headers: { Cookie: client.session.cookie, 'Content-Type': 'application/json' }, body: graphqlBody(id) });
  const answer: unknown = await graphql.json();
  check(graphql.status === 200 && dig(answer, 'data', 'content', 'peerArticle', 'title') === item.title, `e: ${JSON.stringify(answer).slice(0, 300)}`);
  check(Number(dig(answer, 'data', 'content', 'peerArticle', '_info', 'id')) === id, 'e: another item');

  await updateCycle(client, id, `${item.title} (checked)`);
  const updated = await rest(client, 'GET', `/content/objects/${id}`, { accept: 'Content' });
  check(fieldValue(dig(updated.body, 'Content'), 'title') === `${item.title} (checked)`, 'd: the new title is not published');
}

/** Runs `measure` with a profile file of `name` when profiling. */
function phaseRun(base: Omit<PhaseRun, 'profileFile'>, profileDir: string | null, name: string): PhaseRun {
  return { ...base, profileFile: profileDir ? join(profileDir, `${name}.cpuprofile`) : null };
}

/**
 * The headless-CMS workload, loopback only and bounded in time: the `peer_article` type and BENCH_ITEMS items created
 * over REST (ContentCreate then PUBLISH; the first 2,000 from one client, the rest from eight), or the rest seeded
 * through the SPI with BENCH_SEED=spi; then five phases with autocannon (or ten update workers), each after a
 * correctness check and a 2 s warm-up, beside a bare Express route; cold starts, RSS, database size; one table with
 * the targets. BENCH_PROFILE=1 profiles each phase in the server. Everything it creates is removed.
 */
async function main(): Promise<void> {
  const opts = options();
  const root = await mkdtemp(join(tmpdir(), 'contentrepo-peers-'));
  const profileDir = opts.profile ? (process.env['BENCH_PROFILE_DIR'] ?? join(root, 'profiles')) : null;
  if (profileDir) await mkdir(profileDir, { recursive: true });
  const store = opts.databaseUrl ? await postgresStore(opts.databaseUrl, root, 'seeded') : await sqliteStore(root, 'seeded');
  const emptyStore = opts.databaseUrl ? await postgresStore(opts.databaseUrl, root, 'empty') : await sqliteStore(root, 'empty');
  let app: PeerProcess | null = null;
  let bare: PeerProcess | null = null;
  const rows: TableRow[] = [];
  const progress = (done: number): void => {
    process.stdout.write(`  ${done} items created\n`);
  };
  const profiles: { phase: string; file: string }[] = [];
  try {
    const coldEmpty = await coldStart(emptyStore.env, '/api/ibexa/v2/content/objects/1');
    await emptyStore.remove();
    bare = await startPeerProcess('bare', process.env);
    app = await startPeerProcess('app', store.env);
    const server = app;
    const driver = app.driver;
    const api = `${app.url}/api/ibexa/v2`;
    const client: PeerRest = { api, session: await login(api) };
    const typeId = await createPeerType(client);
    const parent = await createParentFolder(client);
    process.stdout.write(`${driver}: type ${PEER_TYPE} (${typeId}) and parent location ${parent.locationId} created; creating ${opts.items} items (${opts.seed})\n`);

    const single = Math.min(SINGLE_CLIENT_ITEMS, opts.items);
    const createRun = phaseRun({ server, connections: 1, seconds: 0 }, profileDir, 'create-1-client');
    if (createRun.profileFile) await server.profileStart();
    const before = await server.usage();
    const first = await createItems(client, typeId, parent.locationId, { from: 0, to: single, clients: 1, maxSeconds: opts.seedTimeout, progress });
    const after = await server.usage();
    if (createRun.profileFile) {
      await server.profileStop(createRun.profileFile);
      profiles.push({ phase: 'create + publish, 1 client', file: createRun.profileFile });
    }
    rows.push({ name: `create + publish, 1 client (${single} items)`, perSecond: single / first.seconds, cpuMs: (after.cpuMs - before.cpuMs) / single, target: { kind: 'cpu', limit: 2.0 } });
    const ids = [...first.ids];
    if (opts.items > single) {
      const begin = await server.usage();
      const started = performance.now();
      const rest8 =
        opts.seed === 'rest'
          ? (await createItems(client, typeId, parent.locationId, { from: single, to: opts.items, clients: CREATE_CLIENTS, maxSeconds: opts.seedTimeout, progress })).ids
          : await server.seed(single, opts.items, parent.locationId, opts.seedTimeout);
      const seconds = (performance.now() - started) / 1000;
      const end = await server.usage();
      ids.push(...rest8);
      const label = opts.seed === 'rest' ? `create + publish, ${CREATE_CLIENTS} clients` : 'seeding through the SPI';
      rows.push({ name: `${label} (${rest8.length} items)`, perSecond: rest8.length / seconds, cpuMs: (end.cpuMs - begin.cpuMs) / rest8.length });
    }
    const seededUsage = await server.usage();
    const dbBytes = await store.bytes();

    await checkAnswers(client, app.url, ids);
    const random = new PeerRandom(Date.now() % 1_000_000);
    const pickId = (): number => ids[random.int(ids.length)] ?? 1;
    const base = { server, connections: opts.connections, seconds: opts.seconds };
    const results: { result: PhaseResult; profile: string | null }[] = [];
    const phase = async (key: string, name: string, load: Parameters<typeof measurePhase>[2], on: PeerProcess = server): Promise<PhaseResult> => {
      const run = phaseRun({ ...base, server: on }, on === server ? profileDir : null, key);
      const result = await measurePhase(name, run, load);
      results.push({ result, profile: run.profileFile });
      if (run.profileFile) profiles.push({ phase: name, file: run.profileFile });
      process.stdout.write(`  ${name}: ${result.perSecond.toFixed(0)}/s, p99 ${result.p99.toFixed(1)} ms, ${result.cpuMsPerRequest.toFixed(2)} CPU-ms\n`);
      return result;
    };
    const cannon = (url: string, phaseDef: CannonPhase) => cannonLoad(url, phaseDef, opts.connections);
    const getHeaders = { Cookie: client.session.cookie, Accept: 'application/vnd.ibexa.api.Content+json' };
    const bareResult = await phase('bare', 'bare Express 5 route (~2 KB JSON)', cannon(bare.url, { method: 'GET', path: '/fixed', headers: {}, next: () => ({ path: '/fixed' }) }), bare);
    const getResult = await phase('a-get-by-id', 'a: GET content by id', cannon(app.url, { method: 'GET', path: '/api/ibexa/v2/content/objects/1', headers: getHeaders, next: () => ({ path: `/api/ibexa/v2/content/objects/${pickId()}` }) }));
    const listResult = await phase('b-list', 'b: list (category, by date, 25)', cannon(app.url, { method: 'POST', path: '/api/ibexa/v2/views', headers: viewHeaders(client), next: () => ({ path: '/api/ibexa/v2/views', body: listBody(random.pick(CATEGORIES)) }) }));
    const searchResult = await phase('c-title-search', 'c: title search (CONTAINS, 25)', cannon(app.url, { method: 'POST', path: '/api/ibexa/v2/views', headers: viewHeaders(client), next: () => ({ path: '/api/ibexa/v2/views', body: searchBody(random.pick(TITLE_WORDS)) }) }));
    const updateResult = await phase('d-update', 'd: update (COPY + PATCH + PUBLISH)', updatesLoad(client, ids, opts.connections, () => random.int(1_000_000) / 1_000_000));
    const graphqlHeaders = { Cookie: client.session.cookie, 'Content-Type': 'application/json' };
    const graphqlResult = await phase('e-graphql-by-id', 'e: GraphQL item by id', cannon(app.url, { method: 'POST', path: '/graphql', headers: graphqlHeaders, next: () => ({ path: '/graphql', body: graphqlBody(pickId()) }) }));

    await app.stop();
    app = null;
    const coldSeeded = await coldStart(store.env, `/api/ibexa/v2/content/objects/${ids[0] ?? 1}`);

    const measured = (result: PhaseResult, limit?: number): TableRow => ({
      name: result.name, perSecond: result.perSecond, p50: result.p50, p99: result.p99, cpuMs: result.cpuMsPerRequest, non2xx: result.non2xx,
      ...(limit === undefined ? {} : { target: { kind: 'cpu' as const, limit } }),
    });
    const ratio = (getResult.perSecond / bareResult.perSecond) * 100;
    const tableRows: TableRow[] = [
      measured(bareResult),
      measured(getResult, 0.4),
      { name: 'a: GET by id ÷ bare Express', value: `${ratio.toFixed(1)} %`, target: { kind: 'min', limit: 50, actual: ratio, unit: '%' } },
      measured(listResult, 1.5),
      measured(searchResult, 1.0),
      measured(updateResult, 2.0),
      measured(graphqlResult, 0.6),
      ...rows,
      { name: 'cold start, empty data', value: `${coldEmpty.toFixed(0)} ms` },
      { name: `cold start, seeded (${ids.length} items)`, value: `${coldSeeded.toFixed(0)} ms`, target: { kind: 'max', limit: 300, actual: coldSeeded, unit: 'ms' } },
      { name: 'RSS after seeding', value: `${(seededUsage.rss / MIB).toFixed(1)} MiB`, target: { kind: 'max', limit: 150, actual: seededUsage.rss / MIB, unit: 'MiB' } },
      { name: 'database after seeding', value: `${(dbBytes / MIB).toFixed(1)} MiB`, target: { kind: 'max', limit: 15, actual: dbBytes / MIB, unit: 'MiB' } },
    ];
    printTable(
      `${driver}, ${ids.length} items (${opts.seed === 'rest' ? 'created over REST' : `first ${single} over REST, the rest through the SPI`}), ${opts.connections} connections, ${opts.seconds} s per phase after a 2 s warm-up`,
      tableRows,
    );
    for (const { phase: name, file } of profiles) {
      const { busyMs, functions, areas } = await hottestFunctions(file, PROFILE_TOP);
      process.stdout.write(`\nprofile: ${name} — ${busyMs.toFixed(0)} ms busy\n  by area: ${areas.map((area) => `${area.name} ${area.percent.toFixed(1)} %`).join(', ')}\n  top ${PROFILE_TOP} functions by self time:\n`);
      for (const fn of functions) process.stdout.write(`  ${fn.percent.toFixed(1).padStart(5)} %  ${fn.selfMs.toFixed(0).padStart(6)} ms  ${fn.name}\n`);
    }
    if (profileDir && process.env['BENCH_PROFILE_DIR']) process.stdout.write(`\nprofiles kept in ${profileDir}\n`);
  } finally {
    await app?.stop();
    await bare?.stop();
    await store.remove();
    await emptyStore.remove();
    await rm(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`peer benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
