import { InvalidArgumentError, type ObjectState, type ObjectStateGroup, type ObjectStateHandler } from '@contentrepo/core';
import { insertReturningId } from '../db/inserts.js';
import { jsonParam } from '../db/json-decoders.js';
import type { SqlContext } from '../db/sql-context.js';
import { placeholders, sql, StatementsBySize } from '../db/statement.js';
import { convertUniqueViolation } from '../db/unique-violation.js';
import { toObjectState, toObjectStateGroup } from '../mappers/user-value-rows.js';
import { TABLES } from '../schema/index.js';

const { objectStateGroup, objectState, contentObjectState, content } = TABLES;
/** Every item (`c`) and the state assigned to all of them (`s`), and the proposed row of an upsert. */
const c = content.$as('c');
const s = objectState.$as('s');
const excluded = contentObjectState.$as('excluded');
const UPSERT_STATE =
  `ON CONFLICT (${contentObjectState.$list(['contentId', 'groupId'])}) DO UPDATE SET ${contentObjectState.stateId} = ${excluded.stateId}`;

/** Links an item (first parameter) to `size` states (the other parameters). */
const SET_CONTENT_STATES = new StatementsBySize(
  (size) =>
    `INSERT INTO ${contentObjectState} (${contentObjectState.$list(['contentId', 'groupId', 'stateId'])}) ` +
    `SELECT ?, ${objectState.$list(['groupId', 'id'])} FROM ${objectState} WHERE ${objectState.id} IN (${placeholders(size)}) ` +
    UPSERT_STATE,
);
const GROUP = sql<[groupId: number]>(`SELECT * FROM ${objectStateGroup} WHERE ${objectStateGroup.id} = ?`);
const STATE = sql<[stateId: number]>(`SELECT * FROM ${objectState} WHERE ${objectState.id} = ?`);
const UPDATE_GROUP = sql<
  [identifier: string, defaultLanguageCode: string, languageCodes: string | null, names: string | null, descriptions: string | null, id: number]
>(
  `UPDATE ${objectStateGroup} SET ${objectStateGroup.$set(['identifier', 'defaultLanguageCode', 'languageCodes', 'names', 'descriptions'])} ` +
    `WHERE ${objectStateGroup.id} = ?`,
);
const UPDATE_STATE = sql<
  [identifier: string, priority: number, defaultLanguageCode: string, languageCodes: string | null, names: string | null, descriptions: string | null, id: number]
>(
  `UPDATE ${objectState} SET ${objectState.$set(['identifier', 'priority', 'defaultLanguageCode', 'languageCodes', 'names', 'descriptions'])} ` +
    `WHERE ${objectState.id} = ?`,
);
const DELETE_GROUP = sql<[groupId: number]>(`DELETE FROM ${objectStateGroup} WHERE ${objectStateGroup.id} = ?`);
const RELINK = sql<[replacementId: number, stateId: number]>(
  `UPDATE ${contentObjectState} SET ${contentObjectState.stateId} = ? WHERE ${contentObjectState.stateId} = ?`,
);
const DELETE_STATE = sql<[stateId: number]>(`DELETE FROM ${objectState} WHERE ${objectState.id} = ?`);
/** Every content item into one state of its group, in one statement. */
const ASSIGN_ALL = sql<[stateId: number]>(
  `INSERT INTO ${contentObjectState} (${contentObjectState.$list(['contentId', 'groupId', 'stateId'])}) ` +
    `SELECT ${c.id}, ${s.groupId}, ${s.id} FROM ${c}, ${s} WHERE ${s.id} = ? ${UPSERT_STATE}`,
);
const COUNT_IN_STATE = sql<[stateId: number]>(`SELECT COUNT(*) AS n FROM ${contentObjectState} WHERE ${contentObjectState.stateId} = ?`);

const duplicateGroup = (identifier: string): InvalidArgumentError =>
  new InvalidArgumentError('$objectStateGroupCreateStruct', `Object state group with identifier '${identifier}' already exists`);
const duplicateState = (identifier: string): InvalidArgumentError =>
  new InvalidArgumentError('$objectStateCreateStruct', `Object state with identifier '${identifier}' already exists in the group`);

/**
 * ObjectStateHandler on `object_state_group`, `object_state` and `content_object_state` (primary key
 * (content_id, group_id): one state per group and item; links cascade with their group and state). Groups are
 * ordered by id, states by priority then id; taken identifiers (unique indexes) are InvalidArgumentErrors.
 */
export class SqlObjectStateHandler implements ObjectStateHandler {
  constructor(private readonly ctx: SqlContext) {}

  async loadGroups(): Promise<readonly ObjectStateGroup[]> {
    const rows = await this.ctx.rows(this.ctx.kx(objectStateGroup.$name).select('*').orderBy(objectStateGroup.id));
    return rows.map(toObjectStateGroup);
  }

  async loadGroup(groupId: number): Promise<ObjectStateGroup | null> {
    const row = await this.ctx.one(GROUP, [groupId]);
    return row && toObjectStateGroup(row);
  }

  async loadStates(groupId: number): Promise<readonly ObjectState[]> {
    const query = this.ctx.kx(objectState.$name).select('*').where(objectState.groupId, groupId).orderBy([objectState.priority, objectState.id]);
    const rows = await this.ctx.rows(query);
    return rows.map(toObjectState);
  }

  async loadState(stateId: number): Promise<ObjectState | null> {
    const row = await this.ctx.one(STATE, [stateId]);
    return row && toObjectState(row);
  }

  /** The item's state ids, one per group, ordered by group id. */
  async loadContentStateIds(contentId: number): Promise<readonly number[]> {
    const links = contentObjectState;
    const rows = await this.ctx.rows(
      this.ctx.kx(links.$name).select(links.stateId).where(links.contentId, contentId).orderBy(links.groupId),
    );
    return rows.map((row) => row.int(contentObjectState.stateId));
  }

  /**
   * Links the item to each state, replacing its state in that state's group, in one statement
   * (`INSERT … SELECT … ON CONFLICT (content_id, group_id) DO UPDATE`). Unknown state ids are ignored.
   */
  async setContentStates(contentId: number, stateIds: readonly number[]): Promise<void> {
    if (stateIds.length === 0) return;
    await this.ctx.write(SET_CONTENT_STATES.of(stateIds.length), [contentId, ...stateIds]);
  }

  async createGroup(group: Omit<ObjectStateGroup, 'id'>): Promise<ObjectStateGroup> {
    const id = await convertUniqueViolation(
      this.ctx,
      () =>
        insertReturningId(this.ctx, objectStateGroup, {
          identifier: group.identifier,
          defaultLanguageCode: group.defaultLanguageCode,
          languageCodes: jsonParam(group.languageCodes),
          names: jsonParam(group.names),
          descriptions: jsonParam(group.descriptions),
        }),
      () => duplicateGroup(group.identifier),
    );
    return { id, ...group };
  }

  async updateGroup(group: ObjectStateGroup): Promise<ObjectStateGroup> {
    await convertUniqueViolation(
      this.ctx,
      () =>
        this.ctx.write(UPDATE_GROUP, [
          group.identifier,
          group.defaultLanguageCode,
          jsonParam(group.languageCodes),
          jsonParam(group.names),
          jsonParam(group.descriptions),
          group.id,
        ]),
      () => duplicateGroup(group.identifier),
    );
    return group;
  }

  async deleteGroup(groupId: number): Promise<void> {
    await this.ctx.write(DELETE_GROUP, [groupId]);
  }

  async createState(state: Omit<ObjectState, 'id'>): Promise<ObjectState> {
    const id = await convertUniqueViolation(
      this.ctx,
      () =>
        insertReturningId(this.ctx, objectState, {
          groupId: state.groupId,
          identifier: state.identifier,
          priority: state.priority,
          defaultLanguageCode: state.defaultLanguageCode,
          languageCodes: jsonParam(state.languageCodes),
          names: jsonParam(state.names),
          descriptions: jsonParam(state.descriptions),
        }),
      () => duplicateState(state.identifier),
    );
    return { id, ...state };
  }

  async updateState(state: ObjectState): Promise<ObjectState> {
    await convertUniqueViolation(
      this.ctx,
      () =>
        this.ctx.write(UPDATE_STATE, [
          state.identifier,
          state.priority,
          state.defaultLanguageCode,
          jsonParam(state.languageCodes),
          jsonParam(state.names),
          jsonParam(state.descriptions),
          state.id,
        ]),
      () => duplicateState(state.identifier),
    );
    return state;
  }

  async deleteState(stateId: number, replacementStateId: number | null): Promise<void> {
    await this.ctx.atomic(async (tx) => {
      if (replacementStateId !== null) await tx.write(RELINK, [replacementStateId, stateId]);
      await tx.write(DELETE_STATE, [stateId]);
    });
  }

  async assignStateToAllContent(stateId: number): Promise<void> {
    await this.ctx.write(ASSIGN_ALL, [stateId]);
  }

  async countContentInState(stateId: number): Promise<number> {
    return (await this.ctx.one(COUNT_IN_STATE, [stateId]))?.int('n') ?? 0;
  }
}
