import fc from 'fast-check';
import type { Repository } from '../api/services/repository.js';
import type { Location } from '../api/values/location.js';
import { publishFolder } from './content-builders.js';

/** One step of a random tree history; indexes pick among the candidates present when the step runs. */
export type TreeOperation =
  | { readonly kind: 'create'; readonly parent: number }
  | { readonly kind: 'addLocation'; readonly location: number; readonly parent: number }
  | { readonly kind: 'move' | 'copy'; readonly location: number; readonly parent: number }
  | { readonly kind: 'swap'; readonly location: number; readonly other: number }
  | { readonly kind: 'hide' | 'reveal' | 'hideContent' | 'revealContent' | 'trash' | 'delete'; readonly location: number }
  | { readonly kind: 'recover'; readonly item: number; readonly parent: number | null };

const index = fc.nat({ max: 63 });

/** Random operations, weighted towards the tree-changing ones. */
export const treeOperation: fc.Arbitrary<TreeOperation> = fc.oneof(
  { weight: 3, arbitrary: index.map((parent): TreeOperation => ({ kind: 'create', parent })) },
  { weight: 1, arbitrary: fc.record({ location: index, parent: index }).map((op): TreeOperation => ({ kind: 'addLocation', ...op })) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('move' as const, 'copy' as const), location: index, parent: index }) },
  { weight: 2, arbitrary: fc.record({ location: index, other: index }).map((op): TreeOperation => ({ kind: 'swap', ...op })) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constantFrom('hide' as const, 'reveal' as const, 'hideContent' as const, 'revealContent' as const, 'trash' as const, 'delete' as const),
      location: index,
    }),
  },
  { weight: 2, arbitrary: index.map((location): TreeOperation => ({ kind: 'trash', location })) },
  { weight: 4, arbitrary: fc.record({ item: index, parent: fc.option(index, { nil: null }) }).map((op): TreeOperation => ({ kind: 'recover', ...op })) },
);

/** What an operation runs against: the sandbox root and its current locations, the trash items from the sandbox. */
export interface Sandbox {
  readonly root: Location;
  /** Locations of the sandbox subtree, the root first. */
  readonly locations: readonly Location[];
  readonly trashItemIds: readonly number[];
}

const pick = <T>(items: readonly T[], at: number): T | undefined => (items.length === 0 ? undefined : items[at % items.length]);

/**
 * Runs one operation through the services as `admin`. The sandbox root is never moved, swapped, trashed or deleted
 * (it keeps the run's tree apart); everything else may fail with a RepositoryError, which the caller expects to
 * change nothing. Returns a short description for failure reports.
 */
export async function runTreeOperation(admin: Repository, sandbox: Sandbox, op: TreeOperation, name: string): Promise<string> {
  const { locationService, contentService, trashService } = admin;
  const all = sandbox.locations;
  const inner = all.filter((location) => location.id !== sandbox.root.id);
  const location = 'location' in op ? pick(inner, op.location) : undefined;
  const parent = 'parent' in op && op.parent !== null ? pick(all, op.parent) : undefined;
  switch (op.kind) {
    case 'create': {
      const target = pick(all, op.parent) ?? sandbox.root;
      await publishFolder(admin, name, target.id);
      return `create below ${target.id}`;
    }
    case 'addLocation':
      if (!location || !parent) return 'noop';
      await locationService.createLocation(location.contentId, { parentLocationId: parent.id });
      return `add a location of content ${location.contentId} below ${parent.id}`;
    case 'move':
    case 'copy':
      if (!location || !parent) return 'noop';
      await (op.kind === 'move' ? locationService.moveSubtree(location.id, parent.id) : locationService.copySubtree(location.id, parent.id));
      return `${op.kind} ${location.id} below ${parent.id}`;
    case 'swap': {
      const other = pick(inner, op.other);
      if (!location || !other) return 'noop';
      await locationService.swapLocation(location.id, other.id);
      return `swap ${location.id} and ${other.id}`;
    }
    case 'hide':
    case 'reveal':
      if (!location) return 'noop';
      await (op.kind === 'hide' ? locationService.hideLocation(location.id) : locationService.unhideLocation(location.id));
      return `${op.kind} ${location.id}`;
    case 'hideContent':
    case 'revealContent':
      if (!location) return 'noop';
      await (op.kind === 'hideContent' ? contentService.hideContent(location.contentId) : contentService.revealContent(location.contentId));
      return `${op.kind} ${location.contentId}`;
    case 'trash':
      if (!location) return 'noop';
      await trashService.trash(location.id);
      return `trash ${location.id}`;
    case 'delete':
      if (!location) return 'noop';
      await locationService.deleteLocation(location.id);
      return `delete ${location.id}`;
    case 'recover': {
      const item = pick(sandbox.trashItemIds, op.item);
      if (item === undefined) return 'noop';
      await trashService.recover(item, parent?.id);
      return `recover ${item}${parent ? ` below ${parent.id}` : ''}`;
    }
  }
}
