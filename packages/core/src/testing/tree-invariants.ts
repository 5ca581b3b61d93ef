import fc from 'fast-check';
import type { Repository } from '../api/services/repository.js';
import type { Location } from '../api/values/location.js';
import { installCleanRepository } from '../clean-install/install.js';
import { isRepositoryError } from '../errors/repository-error.js';
import { createDefaultFieldTypeRegistry } from '../field-types/registry.js';
import { createRepository } from '../services/create-repository.js';
import type { PersistenceHandler } from '../spi/persistence-handler.js';
import { publishFolder } from './content-builders.js';
import type { PersistenceUnderTest } from './contract/fixtures.js';
import { createInMemoryBinaryStorage, createPlainTextPasswordHasher } from './in-memory/index.js';
import type { TestRunner } from './test-runner.js';
import { runTreeOperation, type Sandbox, treeOperation } from './random-tree-operations.js';

/** Seed of the tree property (fast-check prints seed and path of a failing run; override with TREE_PROPERTY_SEED). */
export const TREE_PROPERTY_SEED = Number(process.env['TREE_PROPERTY_SEED'] ?? 20240917);
/** Runs of the tree property and the most steps per run. */
export const TREE_PROPERTY_RUNS = 50;
const MAX_STEPS = 15;

/** The search engine's answer: location ids matching a criterion, ascending. */
async function searchIds(persistence: PersistenceHandler, criterion: Parameters<PersistenceHandler['searchHandler']['findLocations']>[0]['criterion']): Promise<number[]> {
  const result = await persistence.searchHandler.findLocations({ criterion, sortClauses: [], offset: 0, limit: 10_000, languageFilter: {} });
  return [...result.ids].sort((a, b) => a - b);
}

/** The sandbox subtree walked through the location handler and the children search, parents first. */
async function walk(persistence: PersistenceHandler, rootId: number): Promise<Location[]> {
  const root = await persistence.locationHandler.load(rootId);
  if (!root) throw new Error(`Sandbox root ${rootId} disappeared`);
  const found: Location[] = [root];
  for (let index = 0; index < found.length; index += 1) {
    const parent = found[index];
    if (!parent) break;
    found.push(...(await persistence.locationHandler.loadList(await searchIds(persistence, { type: 'ParentLocationId', values: [parent.id] }))));
  }
  return found;
}

/**
 * Every location but the root belongs to a published item: items get locations at their first publication
 * (drafts' locations are pending ones) and trashed items' locations are in the trash. Location searches rely on it
 * and read no item status (persistence `search-query.ts`), so every location they return is checked.
 */
async function checkLocationsOfPublishedItems(expect: TestRunner['expect'], persistence: PersistenceHandler): Promise<void> {
  const all = await persistence.locationHandler.loadList(await searchIds(persistence, { type: 'MatchAll' }));
  expect(all.filter((location) => location.contentInfo.status !== 'PUBLISHED').map((location) => [location.id, location.contentInfo.status])).toEqual([]);
}

/**
 * Checks the tree invariants for every location of the sandbox and every location or content
 * ever seen: pathString = parent's pathString + id + '/', depth = parent's + 1, the parent exists, invisible =
 * hidden ∨ content hidden ∨ parent invisible, trashed content has no location, published content with locations
 * has its main location among them, Subtree / ParentLocationId searches agree with the tree, and every location
 * of the repository belongs to a published item.
 */
async function checkInvariants(
  expect: TestRunner['expect'],
  persistence: PersistenceHandler,
  locations: readonly Location[],
  seenLocations: ReadonlySet<number>,
  seenContent: ReadonlySet<number>,
): Promise<void> {
  const { locationHandler, contentHandler } = persistence;
  const inTree = new Set(locations.map((location) => location.id));
  const [root] = locations;
  if (!root) throw new Error('empty sandbox');
  const seen = await locationHandler.loadList([...seenLocations]);
  const parents = new Map((await locationHandler.loadList(seen.map((location) => location.parentLocationId))).map((parent) => [parent.id, parent]));
  for (const location of seen) {
    const { id } = location;
    if (location.pathString.startsWith(root.pathString)) expect({ id, found: inTree.has(id) }).toEqual({ id, found: true });
    const parent = parents.get(location.parentLocationId);
    expect({ id, parentExists: parent !== undefined }).toEqual({ id, parentExists: true });
    if (!parent) continue;
    const contentHidden = location.contentInfo.isHidden;
    expect({ id, pathString: location.pathString, depth: location.depth, invisible: location.invisible, status: location.contentInfo.status }).toEqual({
      id,
      pathString: `${parent.pathString}${id}/`,
      depth: parent.depth + 1,
      invisible: location.hidden || contentHidden || parent.invisible,
      status: 'PUBLISHED',
    });
  }
  for (const info of await contentHandler.loadContentInfoList([...seenContent])) {
    const contentId = info.id;
    const ids = (await locationHandler.loadByContent(contentId)).map((location) => location.id);
    if (info.status === 'TRASHED') expect({ contentId, locations: ids }).toEqual({ contentId, locations: [] });
    if (info.status === 'PUBLISHED' && ids.length > 0) expect({ contentId, mainAmongLocations: ids.includes(info.mainLocationId ?? -1) }).toEqual({ contentId, mainAmongLocations: true });
  }
  for (const location of locations) {
    const subtree = locations.filter((other) => other.pathString.startsWith(location.pathString)).map((other) => other.id).sort((a, b) => a - b);
    expect({ subtreeOf: location.id, ids: await searchIds(persistence, { type: 'Subtree', values: [location.pathString] }) }).toEqual({ subtreeOf: location.id, ids: subtree });
  }
  await checkLocationsOfPublishedItems(expect, persistence);
}

/** A comparable picture of the sandbox and the trash (to check that a refused operation changed nothing). */
const snapshot = async (admin: Repository, locations: readonly Location[]): Promise<string> =>
  JSON.stringify({
    tree: locations.map((l) => [l.id, l.parentLocationId, l.pathString, l.depth, l.hidden, l.invisible, l.contentId, l.contentInfo.mainLocationId, l.contentInfo.isHidden]),
    trash: (await admin.trashService.findTrashItems()).items.map((item) => [item.id, item.parentLocationId, item.contentId]),
  });

/**
 * The tree property: random sequences of createLocation / move / copy / swap / hide / reveal /
 * trash / recover / delete through the services keep every invariant of {@link checkInvariants}, and operations
 * refused with a RepositoryError leave the tree and the trash unchanged. `create` gives an empty, migrated store;
 * the tests are declared with `runner` (see {@link TestRunner}).
 */
export function describeTreeInvariants(runner: TestRunner, name: string, create: () => Promise<PersistenceUnderTest>): void {
  const { afterAll, beforeAll, describe, expect, it } = runner;
  describe(`location tree invariants: ${name}`, () => {
    let store: PersistenceUnderTest | undefined;
    let admin: Repository | undefined;
    beforeAll(async () => {
      store = await create();
      const fieldTypes = createDefaultFieldTypeRegistry();
      const passwordHasher = createPlainTextPasswordHasher();
      await installCleanRepository({ persistence: store.persistence, seedImporter: store.seedImporter, fieldTypes, passwordHasher });
      // Admin's roles never change here, so they are cached as in production (the default TTL) rather than reloaded
      // by every service call.
      const repository = createRepository({ persistence: store.persistence, storage: createInMemoryBinaryStorage(), passwordHasher, fieldTypes });
      admin = repository.forUser({ userId: 14 });
    });
    afterAll(async () => {
      await store?.close();
    });

    it('give locations to published items only: drafts, new versions, trash, recovery and deletion', async () => {
      if (!admin || !store) throw new Error('store not created');
      const { contentService, locationService, trashService } = admin;
      const persistence = store.persistence;
      const folder = await publishFolder(admin, 'Lifecycle', 2);
      const locationsOf = async (contentId: number): Promise<number[]> => (await persistence.locationHandler.loadByContent(contentId)).map((location) => location.id);
      const draft = await contentService.createContent({ contentTypeId: 1, mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'name', value: 'Draft only' }] }, [
        { parentLocationId: folder.locationId },
      ]);
      expect(await locationsOf(draft.contentInfo.id)).toEqual([]);
      await checkLocationsOfPublishedItems(expect, persistence);
      const child = await publishFolder(admin, 'Child', folder.locationId);
      await contentService.createContentDraft(child.contentId);
      expect((await contentService.loadContentInfo(child.contentId)).status).toBe('PUBLISHED');
      await checkLocationsOfPublishedItems(expect, persistence);
      const trashed = await trashService.trash(folder.locationId);
      expect(trashed).not.toBeNull();
      expect(await locationsOf(child.contentId)).toEqual([]);
      await checkLocationsOfPublishedItems(expect, persistence);
      await trashService.recover(trashed?.id ?? 0);
      expect(await locationsOf(child.contentId)).toHaveLength(1);
      await checkLocationsOfPublishedItems(expect, persistence);
      await locationService.deleteLocation(folder.locationId);
      await contentService.deleteContent(draft.contentInfo.id);
      expect(await locationsOf(child.contentId)).toEqual([]);
      await checkLocationsOfPublishedItems(expect, persistence);
    });

    it(`hold after random move/copy/swap/hide/trash/recover/delete sequences (${TREE_PROPERTY_RUNS} runs, seed ${TREE_PROPERTY_SEED})`, async () => {
      if (!admin || !store) throw new Error('store not created');
      const repository = admin;
      const persistence = store.persistence;
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(fc.nat({ max: 63 }), { minLength: 2, maxLength: 6 }), fc.array(treeOperation, { minLength: 8, maxLength: MAX_STEPS }), async (initial, operations) => {
          run += 1;
          const sandboxFolder = await publishFolder(repository, `Sandbox ${run}`, 2);
          const seenLocations = new Set([sandboxFolder.locationId]);
          const seenContent = new Set([sandboxFolder.contentId]);
          const state = async (): Promise<Sandbox> => {
            const locations = await walk(persistence, sandboxFolder.locationId);
            const [root] = locations;
            if (!root) throw new Error('no sandbox root');
            for (const location of locations) {
              seenLocations.add(location.id);
              seenContent.add(location.contentId);
            }
            const trashed = (await repository.trashService.findTrashItems()).items.filter((item) => item.pathString.startsWith(root.pathString));
            return { root, locations, trashItemIds: trashed.map((item) => item.id) };
          };
          try {
            for (const parent of initial) await runTreeOperation(repository, await state(), { kind: 'create', parent }, `Node ${run}`);
            // The checks only read, so the state after a step is the state the next step starts from.
            let sandbox = await state();
            for (const [step, operation] of operations.entries()) {
              const before = await snapshot(repository, sandbox.locations);
              let refused = false;
              try {
                await runTreeOperation(repository, sandbox, operation, `Step ${run}.${step}`);
              } catch (error) {
                if (!isRepositoryError(error)) throw error;
                refused = true;
              }
              sandbox = await state();
              if (refused) expect({ refused: operation, state: await snapshot(repository, sandbox.locations) }).toEqual({ refused: operation, state: before });
              await checkInvariants(expect, persistence, sandbox.locations, seenLocations, seenContent);
            }
          } finally {
            await repository.locationService.deleteLocation(sandboxFolder.locationId);
            await repository.trashService.emptyTrash();
          }
        }),
        { seed: TREE_PROPERTY_SEED, numRuns: TREE_PROPERTY_RUNS, endOnFailure: true },
      );
    }, 600_000);
  });
}
