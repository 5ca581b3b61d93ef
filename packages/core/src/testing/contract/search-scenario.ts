import type { PersistenceHandler } from '../../spi/persistence-handler.js';
import type { TestRunner } from '../test-runner.js';
import type { PersistenceUnderTest } from './fixtures.js';
import { indexSeededContent, type ItemSpec, publishItem, type PublishedItem, searchSeed } from './search-fixtures.js';

/**
 * The hand-written search scenario: below a `root` folder (under Home), items whose expected hits the contract
 * cases spell out. Dates are Unix seconds in the specs below.
 *
 * | key | type | languages | notes |
 * |---|---|---|---|
 * | root | folder | eng-GB | `Search root` under location 2 |
 * | alpha | search_item | eng-GB, pol-PL | image 800×600 PNG 2 MB; modified later; state not_locked |
 * | beta | search_item | eng-GB | not always available, section 3, owner `searcher`, modifier 10, hidden location (priority 5), state locked, published 2023 |
 * | gamma | search_note | pol-PL (main) | two locations: under root (priority -1) and under alpha |
 * | delta | folder | eng-GB | republished by user 10 as `Delta renamed` (priority 2) |
 * | epsilon | search_item | eng-GB | under delta; image 300×400 JPEG 0.5 MB; empty tags and email |
 * | searcher | user | eng-GB | below Editors (location 14), account `searcher`, disabled |
 */
export type ScenarioKey = 'root' | 'alpha' | 'beta' | 'gamma' | 'delta' | 'epsilon' | 'searcher';

const at = (iso: string): Date => new Date(iso);
/** Unix seconds of an ISO date. */
export const seconds = (iso: string): number => Date.parse(iso) / 1000;

const image = (fileName: string, mimeType: string, fileSize: number, width: number, height: number) => ({
  id: `images/${fileName}`, uri: `/var/site/storage/images/${fileName}`, fileName, fileSize, mimeType, width, height,
  alternativeText: null, additionalData: {},
});

/** The item specs, in publication order (parents first); `placements` name scenario keys or location ids. */
function specs(items: ReadonlyMap<string, PublishedItem>): ItemSpec[] {
  const under = (key: string, options: { hidden?: boolean; priority?: number } = {}) => ({ parentLocationId: items.get(key)?.locationIds[0] ?? 2, ...options });
  const list: ((known: ReadonlyMap<string, PublishedItem>) => ItemSpec)[] = [
    () => ({ key: 'root', contentTypeId: 1, names: { 'eng-GB': 'Search root' }, fields: { 'eng-GB': { name: 'Search root' } }, placements: [{ parentLocationId: 2 }] }),
    () => ({
      key: 'searcher', contentTypeId: 4, names: { 'eng-GB': 'Searcher Person' }, sectionId: 2,
      fields: { 'eng-GB': { first_name: 'Searcher', last_name: 'Person' } }, placements: [{ parentLocationId: 14 }],
      account: { login: 'searcher', email: 'Searcher@Example.com', enabled: false },
    }),
    () => ({
      key: 'alpha', contentTypeId: 20, names: { 'eng-GB': 'Alpha Centauri', 'pol-PL': 'Alfa Centauri' }, modified: at('2024-02-01T00:00:00Z'),
      fields: {
        'eng-GB': {
          title: 'Alpha Centauri', count: 5, rating: 1.5, event_at: 1700000000, tags: 'red, blue', flag: true, choice: [1],
          email: 'ann@example.com', image: image('alpha.png', 'image/png', 2 * 1024 * 1024, 800, 600), body: 'The quick brown fox jumps', secret: 'hidden treasure',
        },
        'pol-PL': { title: 'Alfa Centauri', count: 105, body: 'Szybki brązowy lis' },
      },
      placements: [under('root')],
    }),
    (known) => ({
      key: 'beta', contentTypeId: 20, names: { 'eng-GB': 'beta' }, alwaysAvailable: false, sectionId: 3, ownerId: known.get('searcher')?.contentId ?? 14,
      creatorId: 10, published: at('2023-06-01T00:00:00Z'), stateId: 2,
      fields: { 'eng-GB': { title: 'beta', count: 12, rating: -3, event_at: 1600000000, tags: 'green', flag: false, choice: [0, 2], email: 'bob@test.org', body: 'lazy dog sleeps' } },
      placements: [under('root', { hidden: true, priority: 5 })],
    }),
    () => ({
      key: 'gamma', contentTypeId: 21, mainLanguageCode: 'pol-PL', names: { 'pol-PL': 'Gamma promień' },
      fields: { 'pol-PL': { title: 'Gamma promień', count: '7', body: 'szybkie myślenie' } },
      placements: [under('root', { priority: -1 }), under('alpha')],
    }),
    () => ({
      key: 'delta', contentTypeId: 1, names: { 'eng-GB': 'Delta folder' }, fields: { 'eng-GB': { name: 'Delta folder' } },
      republish: { creatorId: 10, name: 'Delta renamed', fields: { name: 'Delta renamed' } }, placements: [under('root', { priority: 2 })],
    }),
    () => ({
      key: 'epsilon', contentTypeId: 20, names: { 'eng-GB': 'Épsilon' },
      fields: { 'eng-GB': { title: 'Épsilon', count: 0, rating: 0, flag: false, image: image('epsilon.jpg', 'image/jpeg', 512 * 1024, 300, 400) } },
      placements: [under('delta')],
    }),
  ];
  return list.map((spec) => spec(items));
}

/** The built scenario: the store and each item's ids. */
export interface SearchScenario {
  readonly persistence: PersistenceHandler;
  readonly items: Readonly<Record<ScenarioKey, PublishedItem>>;
}

/** Seeds the search seed, indexes it and publishes the scenario into `persistence`, in a fixed order. */
export async function buildSearchScenario(persistence: PersistenceHandler): Promise<Readonly<Record<ScenarioKey, PublishedItem>>> {
  const items = new Map<string, PublishedItem>();
  for (let index = 0; index < 7; index += 1) {
    const spec = specs(items)[index];
    if (!spec) break;
    items.set(spec.key, await publishItem(persistence, spec));
  }
  const get = (key: ScenarioKey): PublishedItem => {
    const item = items.get(key);
    if (!item) throw new Error(`scenario item ${key} missing`);
    return item;
  };
  return {
    root: get('root'), alpha: get('alpha'), beta: get('beta'), gamma: get('gamma'), delta: get('delta'), epsilon: get('epsilon'), searcher: get('searcher'),
  };
}

/** A store for the enclosing `describe` holding the scenario, closed after it. */
export function searchScenarioStore(runner: TestRunner, create: () => Promise<PersistenceUnderTest>): () => SearchScenario {
  const { afterAll, beforeAll } = runner;
  let store: PersistenceUnderTest | undefined;
  let scenario: SearchScenario | undefined;
  beforeAll(async () => {
    store = await create();
    const seed = searchSeed();
    await store.seedImporter.import(seed);
    await indexSeededContent(store.persistence, seed);
    scenario = { persistence: store.persistence, items: await buildSearchScenario(store.persistence) };
  });
  afterAll(async () => {
    await store?.close();
  });
  return () => {
    if (!scenario) throw new Error('search scenario not built yet');
    return scenario;
  };
}
