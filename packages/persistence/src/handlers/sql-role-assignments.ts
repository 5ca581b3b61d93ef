import type { RoleAssignment, RoleAssignmentRecord } from '@contentrepo/core';
import { chunks } from '../db/batches.js';
import { jsonParam } from '../db/json-decoders.js';
import { insertReturningId } from '../db/inserts.js';
import type { SqlContext } from '../db/sql-context.js';
import { sql } from '../db/statement.js';
import { toRoleAssignment } from '../mappers/user-value-rows.js';
import { TABLES } from '../schema/index.js';

const { roleAssignment } = TABLES;

const ASSIGNMENT_BY_ID = sql<[assignmentId: number]>(`SELECT * FROM ${roleAssignment} WHERE ${roleAssignment.id} = ?`);
const ASSIGNMENTS_OF_ROLE = sql<[roleId: number]>(
  `SELECT * FROM ${roleAssignment} WHERE ${roleAssignment.roleId} = ? ORDER BY ${roleAssignment.id}`,
);
const DELETE_ASSIGNMENT = sql<[assignmentId: number]>(`DELETE FROM ${roleAssignment} WHERE ${roleAssignment.id} = ?`);

/**
 * The assignment part of the RoleHandler on `role_assignment`: one statement per
 * operation, subjects in `IN` lists of at most a batch each.
 */
export const roleAssignments = {
  /** Assignments of the given subjects, by id. */
  async bySubjects(ctx: SqlContext, subjectIds: readonly number[]): Promise<RoleAssignment[]> {
    const result: RoleAssignment[] = [];
    for (const ids of chunks([...new Set(subjectIds)])) {
      const rows = await ctx.rows(ctx.kx(roleAssignment.$name).select('*').whereIn(roleAssignment.subjectId, ids));
      result.push(...rows.map(toRoleAssignment));
    }
    return result.sort((a, b) => a.id - b.id);
  },

  async byRole(ctx: SqlContext, roleId: number): Promise<RoleAssignment[]> {
    return (await ctx.all(ASSIGNMENTS_OF_ROLE, [roleId])).map(toRoleAssignment);
  },

  async byId(ctx: SqlContext, assignmentId: number): Promise<RoleAssignment | null> {
    const row = await ctx.one(ASSIGNMENT_BY_ID, [assignmentId]);
    return row && toRoleAssignment(row);
  },

  async create(ctx: SqlContext, record: RoleAssignmentRecord): Promise<RoleAssignment> {
    const id = await insertReturningId(ctx, roleAssignment, {
      roleId: record.roleId,
      subjectKind: record.subjectKind,
      subjectId: record.subjectId,
      limitation: jsonParam(record.limitation),
    });
    return { id, ...record };
  },

  async remove(ctx: SqlContext, assignmentId: number): Promise<void> {
    await ctx.write(DELETE_ASSIGNMENT, [assignmentId]);
  },

  async removeBySubjects(ctx: SqlContext, subjectIds: readonly number[]): Promise<void> {
    for (const ids of chunks([...new Set(subjectIds)])) {
      await ctx.exec(ctx.kx(roleAssignment.$name).whereIn(roleAssignment.subjectId, ids).delete());
    }
  },
};
