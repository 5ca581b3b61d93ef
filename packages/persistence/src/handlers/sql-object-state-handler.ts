import type { ObjectState, ObjectStateGroup, ObjectStateHandler } from '@contentrepo/core';
import type { SqlContext } from '../db/sql-context.js';
import { placeholders, StatementsBySize } from '../db/statement.js';
import { toObjectState, toObjectStateGroup } from '../mappers/user-values.js';

/** Links an item (first parameter) to `size` states (the other parameters). */
const SET_CONTENT_STATES = new StatementsBySize(
  (size) =>
    'INSERT INTO content_object_state (content_id, group_id, state_id) ' +
    `SELECT ?, group_id, id FROM object_state WHERE id IN (${placeholders(size)}) ` +
    'ON CONFLICT (content_id, group_id) DO UPDATE SET state_id = excluded.state_id',
);

/**
 * ObjectStateHandler on `object_state_group`, `object_state` and `content_object_state` (primary key
 * (content_id, group_id): one state per group and item). Groups are ordered by id, states by priority then id.
 */
export class SqlObjectStateHandler implements ObjectStateHandler {
  constructor(private readonly ctx: SqlContext) {}

  async loadGroups(): Promise<readonly ObjectStateGroup[]> {
    const rows = await this.ctx.rows(this.ctx.kx('object_state_group').select('*').orderBy('id'));
    return rows.map(toObjectStateGroup);
  }

  async loadStates(groupId: number): Promise<readonly ObjectState[]> {
    const rows = await this.ctx.rows(
      this.ctx.kx('object_state').select('*').where('group_id', groupId).orderBy(['priority', 'id']),
    );
    return rows.map(toObjectState);
  }

  /** The item's state ids, one per group, ordered by group id. */
  async loadContentStateIds(contentId: number): Promise<readonly number[]> {
    const rows = await this.ctx.rows(
      this.ctx.kx('content_object_state').select('state_id').where('content_id', contentId).orderBy('group_id'),
    );
    return rows.map((row) => row.int('state_id'));
  }

  /**
   * Links the item to each state, replacing its state in that state's group, in one statement
   * (`INSERT … SELECT … ON CONFLICT (content_id, group_id) DO UPDATE`). Unknown state ids are ignored.
   */
  async setContentStates(contentId: number, stateIds: readonly number[]): Promise<void> {
    if (stateIds.length === 0) return;
    await this.ctx.write(SET_CONTENT_STATES.of(stateIds.length), [contentId, ...stateIds]);
  }
}
