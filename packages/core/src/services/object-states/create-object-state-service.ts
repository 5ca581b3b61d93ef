import type { ObjectStateService } from '../../api/services/object-state-service.js';
import type { TranslatedStrings } from '../../api/values/common.js';
import type { ObjectState, ObjectStateGroup } from '../../api/values/object-state.js';
import { InvalidArgumentError, NotFoundError } from '../../errors/repository-error.js';
import type { LockTarget } from '../../spi/persistence-handler.js';
import { underDiscoveredLocks } from '../discovered-locks.js';
import { recordEvent, recordEvents } from '../events/record-event.js';
import { underLock } from '../in-transaction.js';
import type { ServiceContext } from '../service-context.js';
import { assertCanRead, requireContentInfo } from '../content/content-reads.js';
import { knownLanguageCodes } from '../languages/create-language-service.js';

/** The lock target of an object state group: the group with its states. */
const groupTarget = (groupId: number): LockTarget => ({ kind: 'objectStateGroup', id: groupId });

/** The translated members shared by groups and states. */
interface Translated {
  readonly identifier: string;
  readonly defaultLanguageCode: string;
  readonly languageCodes: readonly string[];
  readonly names: TranslatedStrings;
  readonly descriptions: TranslatedStrings;
}

/**
 * The ObjectStateService of one user scope (Ibexa `ObjectStateService`; REST `/content/objectstategroups` and
 * `/content/objects/{id}/objectstates`). Writes check `state/administrate` and run under the lock of the group
 * (kind `objectStateGroup`: the group with its states), reading what they change under it; setting the states of
 * a content item locks the item. The default states new content gets are cached (ReferenceCache) and forgotten on
 * every change.
 */
export function createObjectStateService(context: ServiceContext): ObjectStateService {
  const { persistence } = context;
  const handler = persistence.objectStateHandler;
  const administrate = (properties: Readonly<Record<string, string | number>> = {}): Promise<void> =>
    context.guard.assert('state', 'administrate', { kind: 'none' }, properties);
  const requireGroup = async (groupId: number, scope: ServiceContext = context): Promise<ObjectStateGroup> => {
    const group = await scope.persistence.objectStateHandler.loadGroup(groupId);
    if (!group) throw new NotFoundError('ObjectStateGroup', groupId);
    return group;
  };
  const requireState = async (stateId: number, scope: ServiceContext = context): Promise<ObjectState> => {
    const state = await scope.persistence.objectStateHandler.loadState(stateId);
    if (!state) throw NotFoundError.objectState(stateId);
    return state;
  };
  /** Checks and completes translated members (Ibexa: the default language needs a name; languages must exist). */
  const translated = async (value: Omit<Translated, 'languageCodes'>, argument: string): Promise<Translated> => {
    if (value.identifier.trim() === '') throw new InvalidArgumentError(argument, 'The identifier must not be empty');
    if (!value.names[value.defaultLanguageCode]) {
      throw new InvalidArgumentError(argument, `A name in the default language '${value.defaultLanguageCode}' is required`);
    }
    const languageCodes = Object.keys(value.names);
    const known = await knownLanguageCodes(context);
    const unknown = [...languageCodes, ...Object.keys(value.descriptions)].find((code) => !known.has(code));
    if (unknown !== undefined) throw new InvalidArgumentError(argument, `Language '${unknown}' does not exist`);
    return { ...value, languageCodes };
  };
  /** Runs a write under the lock of the groups `targets` and forgets the cached default states. */
  const write = <T>(groupIds: readonly number[], work: (tx: ServiceContext) => Promise<T>): Promise<T> =>
    underLock(context, groupIds.map(groupTarget), async (tx) => {
      const result = await work(tx);
      context.referenceCache.invalidate();
      return result;
    });
  /** A write of the group of state `stateId` (a state never changes group), with the state as read under the lock. */
  const writeState = <T>(stateId: number, work: (tx: ServiceContext, state: ObjectState) => Promise<T>): Promise<T> =>
    underDiscoveredLocks(
      context,
      async (scope) => {
        const state = await scope.objectStateHandler.loadState(stateId);
        return state ? [groupTarget(state.groupId)] : [];
      },
      async (tx) => {
        const result = await work(tx, await requireState(stateId, tx));
        context.referenceCache.invalidate();
        return result;
      },
    );

  const service: ObjectStateService = {
    loadObjectStateGroups: () => handler.loadGroups(),
    loadObjectStateGroup: (groupId) => requireGroup(groupId),
    async loadObjectStates(groupId) {
      await requireGroup(groupId);
      return handler.loadStates(groupId);
    },
    loadObjectState: (stateId) => requireState(stateId),

    async createObjectStateGroup(struct) {
      await administrate();
      const group = await translated({ ...struct, descriptions: struct.descriptions ?? {} }, '$objectStateGroupCreateStruct');
      return write([], async (tx) => {
        const created = await tx.persistence.objectStateHandler.createGroup(group);
        await tx.persistence.lock([groupTarget(created.id)]);
        await recordEvent(tx, 'object_state_group.created', { objectStateGroupId: created.id });
        return created;
      });
    },

    async updateObjectStateGroup(groupId, struct) {
      await requireGroup(groupId);
      await administrate({ groupId });
      return write([groupId], async (tx) => {
        const current = await requireGroup(groupId, tx);
        const next = await translated(
          {
            identifier: struct.identifier ?? current.identifier,
            defaultLanguageCode: struct.defaultLanguageCode ?? current.defaultLanguageCode,
            names: struct.names ?? current.names,
            descriptions: struct.descriptions ?? current.descriptions,
          },
          '$objectStateGroupUpdateStruct',
        );
        const updated = await tx.persistence.objectStateHandler.updateGroup({ id: groupId, ...next });
        await recordEvent(tx, 'object_state_group.updated', { objectStateGroupId: groupId });
        return updated;
      });
    },

    async deleteObjectStateGroup(groupId) {
      await requireGroup(groupId);
      await administrate({ groupId });
      await write([groupId], async (tx) => {
        await requireGroup(groupId, tx);
        await tx.persistence.objectStateHandler.deleteGroup(groupId);
        await recordEvent(tx, 'object_state_group.deleted', { objectStateGroupId: groupId });
      });
    },

    async createObjectState(groupId, struct) {
      await requireGroup(groupId);
      await administrate({ groupId });
      const value = await translated({ ...struct, descriptions: struct.descriptions ?? {} }, '$objectStateCreateStruct');
      return write([groupId], async (tx) => {
        await requireGroup(groupId, tx);
        const states = tx.persistence.objectStateHandler;
        const existing = await states.loadStates(groupId);
        const priority = struct.priority ?? existing.reduce((highest, state) => Math.max(highest, state.priority + 1), 0);
        const created = await states.createState({ groupId, priority, ...value });
        if (existing.length === 0) await states.assignStateToAllContent(created.id);
        await recordEvent(tx, 'object_state.created', { objectStateId: created.id, objectStateGroupId: groupId });
        return created;
      });
    },

    async updateObjectState(stateId, struct) {
      await requireState(stateId);
      await administrate({ stateId });
      return writeState(stateId, async (tx, current) => {
        const next = await translated(
          {
            identifier: struct.identifier ?? current.identifier,
            defaultLanguageCode: struct.defaultLanguageCode ?? current.defaultLanguageCode,
            names: struct.names ?? current.names,
            descriptions: struct.descriptions ?? current.descriptions,
          },
          '$objectStateUpdateStruct',
        );
        const updated = await tx.persistence.objectStateHandler.updateState({ ...current, ...next });
        await recordEvent(tx, 'object_state.updated', { objectStateId: stateId, objectStateGroupId: current.groupId });
        return updated;
      });
    },

    async setPriorityOfObjectState(stateId, priority) {
      await requireState(stateId);
      await administrate({ stateId });
      return writeState(stateId, async (tx, current) => {
        const updated = await tx.persistence.objectStateHandler.updateState({ ...current, priority });
        await recordEvent(tx, 'object_state.updated', { objectStateId: stateId, objectStateGroupId: current.groupId });
        return updated;
      });
    },

    async deleteObjectState(stateId) {
      await requireState(stateId);
      await administrate({ stateId });
      await writeState(stateId, async (tx, state) => {
        const states = tx.persistence.objectStateHandler;
        const [replacement] = (await states.loadStates(state.groupId)).filter((other) => other.id !== stateId);
        await states.deleteState(stateId, replacement?.id ?? null);
        await recordEvent(tx, 'object_state.deleted', { objectStateId: stateId, objectStateGroupId: state.groupId });
      });
    },

    setContentState: (contentId, groupId, stateId) => service.setContentStates(contentId, [{ groupId, stateId }]),

    /**
     * Locks the content item (its states are part of it); the states are checked again under the lock. Needs
     * `content/read` on the item (Ibexa's REST layer loads it through the permission-checked API) and `state/assign`
     * for each new state. @throws UnauthorizedError
     */
    async setContentStates(contentId, states) {
      const contentInfo = await requireContentInfo(context, contentId);
      await assertCanRead(context, contentInfo);
      const assertStates = async (scope: ServiceContext): Promise<void> => {
        const groups = new Set<number>();
        for (const { groupId, stateId } of states) {
          await requireGroup(groupId, scope);
          const state = await requireState(stateId, scope);
          if (state.groupId !== groupId) throw new InvalidArgumentError('$objectState', `Object state ${stateId} does not belong to group ${groupId}`);
          if (groups.has(groupId)) throw new InvalidArgumentError('$objectStates', `Several object states given for group ${groupId}`);
          groups.add(groupId);
        }
      };
      await assertStates(context);
      for (const { stateId } of states) {
        await context.guard.assert('state', 'assign', { kind: 'content', contentInfo, newStateIds: [stateId] }, { contentId, stateId });
      }
      const stateIds = states.map((state) => state.stateId);
      await underLock(context, [{ kind: 'content', id: contentId }], async (tx) => {
        await requireContentInfo(tx, contentId);
        await assertStates(tx);
        await tx.persistence.objectStateHandler.setContentStates(contentId, stateIds);
        await recordEvents(
          tx,
          states.map(({ groupId, stateId }) => ({ type: 'object_state.assigned', payload: { contentId, objectStateGroupId: groupId, objectStateId: stateId } }) as const),
        );
      });
    },

    async getContentState(contentId, groupId) {
      await assertCanRead(context, await requireContentInfo(context, contentId));
      await requireGroup(groupId);
      const states = await handler.loadStates(groupId);
      const linked = new Set(await handler.loadContentStateIds(contentId));
      const state = states.find((candidate) => linked.has(candidate.id)) ?? states[0];
      if (!state) throw new NotFoundError('ObjectState', `group ${groupId}, content ${contentId}`);
      return state;
    },

    async getContentCount(stateId) {
      await requireState(stateId);
      return handler.countContentInState(stateId);
    },
  };
  return service;
}
