import type { ObjectStateService } from '../../api/services/object-state-service.js';
import type { TranslatedStrings } from '../../api/values/common.js';
import type { ObjectState, ObjectStateGroup } from '../../api/values/object-state.js';
import { InvalidArgumentError, NotFoundError } from '../../errors/repository-error.js';
import type { PersistenceHandler } from '../../spi/persistence-handler.js';
import type { ServiceContext } from '../service-context.js';
import { requireContentInfo } from '../content/content-reads.js';
import { knownLanguageCodes } from '../languages/create-language-service.js';

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
 * `/content/objects/{id}/objectstates`). Writes check `state/administrate` and run in one transaction; the
 * default states new content gets are cached (ReferenceCache) and forgotten on every change.
 */
export function createObjectStateService(context: ServiceContext): ObjectStateService {
  const { persistence } = context;
  const handler = persistence.objectStateHandler;
  const administrate = (properties: Readonly<Record<string, string | number>> = {}): Promise<void> =>
    context.guard.assert('state', 'administrate', { kind: 'none' }, properties);
  const requireGroup = async (groupId: number): Promise<ObjectStateGroup> => {
    const group = await handler.loadGroup(groupId);
    if (!group) throw new NotFoundError('ObjectStateGroup', groupId);
    return group;
  };
  const requireState = async (stateId: number): Promise<ObjectState> => {
    const state = await handler.loadState(stateId);
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
  const write = <T>(work: (tx: PersistenceHandler) => Promise<T>): Promise<T> =>
    persistence.transaction(async (tx) => {
      const result = await work(tx);
      context.referenceCache.invalidate();
      return result;
    });

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
      return write((tx) => tx.objectStateHandler.createGroup(group));
    },

    async updateObjectStateGroup(groupId, struct) {
      const current = await requireGroup(groupId);
      await administrate({ groupId });
      const next = await translated(
        {
          identifier: struct.identifier ?? current.identifier,
          defaultLanguageCode: struct.defaultLanguageCode ?? current.defaultLanguageCode,
          names: struct.names ?? current.names,
          descriptions: struct.descriptions ?? current.descriptions,
        },
        '$objectStateGroupUpdateStruct',
      );
      return write((tx) => tx.objectStateHandler.updateGroup({ id: groupId, ...next }));
    },

    async deleteObjectStateGroup(groupId) {
      await requireGroup(groupId);
      await administrate({ groupId });
      await write((tx) => tx.objectStateHandler.deleteGroup(groupId));
    },

    async createObjectState(groupId, struct) {
      await requireGroup(groupId);
      await administrate({ groupId });
      const value = await translated({ ...struct, descriptions: struct.descriptions ?? {} }, '$objectStateCreateStruct');
      return write(async (tx) => {
        const existing = await tx.objectStateHandler.loadStates(groupId);
        const priority = struct.priority ?? existing.reduce((highest, state) => Math.max(highest, state.priority + 1), 0);
        const created = await tx.objectStateHandler.createState({ groupId, priority, ...value });
        if (existing.length === 0) await tx.objectStateHandler.assignStateToAllContent(created.id);
        return created;
      });
    },

    async updateObjectState(stateId, struct) {
      const current = await requireState(stateId);
      await administrate({ stateId });
      const next = await translated(
        {
          identifier: struct.identifier ?? current.identifier,
          defaultLanguageCode: struct.defaultLanguageCode ?? current.defaultLanguageCode,
          names: struct.names ?? current.names,
          descriptions: struct.descriptions ?? current.descriptions,
        },
        '$objectStateUpdateStruct',
      );
      return write((tx) => tx.objectStateHandler.updateState({ ...current, ...next }));
    },

    async setPriorityOfObjectState(stateId, priority) {
      const current = await requireState(stateId);
      await administrate({ stateId });
      return write((tx) => tx.objectStateHandler.updateState({ ...current, priority }));
    },

    async deleteObjectState(stateId) {
      const state = await requireState(stateId);
      await administrate({ stateId });
      await write(async (tx) => {
        const [replacement] = (await tx.objectStateHandler.loadStates(state.groupId)).filter((other) => other.id !== stateId);
        await tx.objectStateHandler.deleteState(stateId, replacement?.id ?? null);
      });
    },

    setContentState: (contentId, groupId, stateId) => service.setContentStates(contentId, [{ groupId, stateId }]),

    async setContentStates(contentId, states) {
      const contentInfo = await requireContentInfo(context, contentId);
      const groups = new Set<number>();
      for (const { groupId, stateId } of states) {
        await requireGroup(groupId);
        const state = await requireState(stateId);
        if (state.groupId !== groupId) throw new InvalidArgumentError('$objectState', `Object state ${stateId} does not belong to group ${groupId}`);
        if (groups.has(groupId)) throw new InvalidArgumentError('$objectStates', `Several object states given for group ${groupId}`);
        groups.add(groupId);
        await context.guard.assert('state', 'assign', { kind: 'content', contentInfo, newStateIds: [stateId] }, { contentId, stateId });
      }
      const stateIds = states.map((state) => state.stateId);
      await persistence.transaction((tx) => tx.objectStateHandler.setContentStates(contentId, stateIds));
    },

    async getContentState(contentId, groupId) {
      await requireContentInfo(context, contentId);
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
