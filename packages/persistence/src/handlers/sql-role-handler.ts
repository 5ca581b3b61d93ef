import type {
  Limitation,
  PolicyDraft,
  PolicyRecord,
  Role,
  RoleAssignment,
  RoleAssignmentRecord,
  RoleDraft,
  RoleDraftRecord,
  RoleHandler,
} from '@contentrepo/core';
import type { Knex } from '@mikro-orm/knex';
import { roleStatusCode, roleStatusOf } from '../db/codes.js';
import { chunks } from '../db/batches.js';
import { insertReturningId, insertRows } from '../db/inserts.js';
import { jsonParam } from '../db/json-decoders.js';
import type { Row } from '../db/row.js';
import type { SqlContext } from '../db/sql-context.js';
import { sql } from '../db/statement.js';
import { toPolicy } from '../mappers/user-value-rows.js';
import { TABLES, type TableRow } from '../schema/index.js';
import { roleAssignments } from './sql-role-assignments.js';

const DEFINED = roleStatusCode('DEFINED');
const DRAFT = roleStatusCode('DRAFT');

const { role: roleTable, policy: policyTable, roleAssignment: assignmentTable } = TABLES;
/** Every column of `role`. */
const roleQuery = (ctx: SqlContext): Knex.QueryBuilder => ctx.kx(roleTable.$name).select('*');

const UPDATE_IDENTIFIER = sql<[identifier: string, roleId: number]>(
  `UPDATE ${roleTable} SET ${roleTable.identifier} = ? WHERE ${roleTable.id} = ?`,
);
const DELETE_ROLE = sql<[roleId: number]>(`DELETE FROM ${roleTable} WHERE ${roleTable.id} = ?`);
const DELETE_POLICIES_OF_ROLE = sql<[roleId: number]>(`DELETE FROM ${policyTable} WHERE ${policyTable.roleId} = ?`);
const DELETE_POLICY = sql<[policyId: number]>(`DELETE FROM ${policyTable} WHERE ${policyTable.id} = ?`);
const UPDATE_POLICY = sql<[limitations: string, policyId: number]>(
  `UPDATE ${policyTable} SET ${policyTable.limitations} = ? WHERE ${policyTable.id} = ?`,
);
/** Moves a draft's policies onto the published role, giving copies the id of the policy they copy. */
const MOVE_DRAFT_POLICIES = sql<[roleId: number, draftId: number]>(
  `UPDATE ${policyTable} SET ${policyTable.id} = COALESCE(${policyTable.originalId}, ${policyTable.id}), ${policyTable.roleId} = ?, ` +
    `${policyTable.originalId} = NULL WHERE ${policyTable.roleId} = ?`,
);
const PUBLISH_NEW_ROLE = sql<[draftId: number]>(
  `UPDATE ${roleTable} SET ${roleTable.status} = ${DEFINED}, ${roleTable.originalId} = NULL WHERE ${roleTable.id} = ?`,
);
const CLEAR_POLICY_ORIGINS = sql<[draftId: number]>(`UPDATE ${policyTable} SET ${policyTable.originalId} = NULL WHERE ${policyTable.roleId} = ?`);
const DELETE_ASSIGNMENTS_OF_ROLE = sql<[roleId: number]>(`DELETE FROM ${assignmentTable} WHERE ${assignmentTable.roleId} = ?`);

/**
 * RoleHandler on `role`, `policy` and `role_assignment`. Published roles (status DEFINED) and drafts (status
 * DRAFT, `original_id` = the role they change; a role may have several, and they outlive it) share the table;
 * roles come with their policies in two queries for any number of roles, ordered by id. Multi-statement writes
 * (draft creation, publication, deletion) are atomic.
 */
export class SqlRoleHandler implements RoleHandler {
  constructor(private readonly ctx: SqlContext) {}

  async loadRole(roleId: number): Promise<Role | null> {
    const [role] = await this.roles(roleQuery(this.ctx).where(roleTable.id, roleId).where(roleTable.status, DEFINED));
    return role ?? null;
  }

  async loadRoleByIdentifier(identifier: string): Promise<Role | null> {
    const query = roleQuery(this.ctx).where(roleTable.identifier, identifier).where(roleTable.status, DEFINED);
    const [role] = await this.roles(query.orderBy(roleTable.id).limit(1));
    return role ?? null;
  }

  loadRoles(): Promise<readonly Role[]> {
    return this.roles(roleQuery(this.ctx).where(roleTable.status, DEFINED).orderBy(roleTable.id));
  }

  async loadRolesByIds(roleIds: readonly number[]): Promise<readonly Role[]> {
    const rows: Row[] = [];
    for (const ids of chunks([...new Set(roleIds)])) {
      rows.push(...(await this.ctx.rows(roleQuery(this.ctx).whereIn(roleTable.id, ids).where(roleTable.status, DEFINED))));
    }
    rows.sort((a, b) => a.int('id') - b.int('id'));
    return this.withPolicies(rows);
  }

  async loadRoleDraft(draftId: number): Promise<RoleDraft | null> {
    const [draft] = await this.drafts(roleQuery(this.ctx).where(roleTable.id, draftId).where(roleTable.status, DRAFT));
    return draft ?? null;
  }

  async loadRoleDraftByRoleId(roleId: number): Promise<RoleDraft | null> {
    const query = roleQuery(this.ctx).where(roleTable.originalId, roleId).where(roleTable.status, DRAFT);
    const [draft] = await this.drafts(query.orderBy(roleTable.id).limit(1));
    return draft ?? null;
  }

  loadRoleDraftsByIdentifier(identifier: string): Promise<readonly RoleDraft[]> {
    return this.drafts(roleQuery(this.ctx).where(roleTable.identifier, identifier).where(roleTable.status, DRAFT).orderBy(roleTable.id));
  }

  async createRoleDraft(record: RoleDraftRecord): Promise<RoleDraft> {
    const draftId = await this.ctx.atomic(async (tx) => {
      const id = await insertReturningId(tx, roleTable, { identifier: record.identifier, status: DRAFT, originalId: record.originalId });
      await insertRows(tx, policyTable, record.policies.map((policy) => policyRow(id, policy)));
      return id;
    });
    const draft = await this.loadRoleDraft(draftId);
    if (!draft) throw new Error(`Role draft ${draftId} vanished after its creation`);
    return draft;
  }

  async updateRoleDraft(draftId: number, update: { readonly identifier: string }): Promise<void> {
    await this.ctx.write(UPDATE_IDENTIFIER, [update.identifier, draftId]);
  }

  async deleteRoleDraft(draftId: number): Promise<void> {
    await this.ctx.atomic(async (tx) => {
      await tx.write(DELETE_POLICIES_OF_ROLE, [draftId]);
      await tx.write(DELETE_ROLE, [draftId]);
    });
  }

  async publishRoleDraft(draftId: number): Promise<void> {
    await this.ctx.atomic(async (tx) => {
      const draft = await tx.first(roleQuery(tx).where(roleTable.id, draftId).where(roleTable.status, DRAFT));
      if (!draft) return;
      const originalId = draft.intOrNull(roleTable.originalId);
      const original =
        originalId === null
          ? null
          : await tx.first(tx.kx(roleTable.$name).select(roleTable.id).where(roleTable.id, originalId).where(roleTable.status, DEFINED));
      if (originalId === null || !original) {
        await tx.write(PUBLISH_NEW_ROLE, [draftId]);
        await tx.write(CLEAR_POLICY_ORIGINS, [draftId]);
        return;
      }
      await tx.write(UPDATE_IDENTIFIER, [draft.str('identifier'), originalId]);
      await tx.write(DELETE_POLICIES_OF_ROLE, [originalId]);
      await tx.write(MOVE_DRAFT_POLICIES, [originalId, draftId]);
      await tx.write(DELETE_ROLE, [draftId]);
    });
  }

  async deleteRole(roleId: number): Promise<void> {
    await this.ctx.atomic(async (tx) => {
      await tx.write(DELETE_ASSIGNMENTS_OF_ROLE, [roleId]);
      await tx.write(DELETE_POLICIES_OF_ROLE, [roleId]);
      await tx.write(DELETE_ROLE, [roleId]);
    });
  }

  async addPolicy(draftId: number, policy: PolicyRecord): Promise<PolicyDraft> {
    const id = await insertReturningId(this.ctx, policyTable, policyRow(draftId, policy));
    return { id, roleId: draftId, module: policy.module, function: policy.function, limitations: policy.limitations, originalId: policy.originalId };
  }

  async updatePolicy(policyId: number, limitations: readonly Limitation[]): Promise<void> {
    await this.ctx.write(UPDATE_POLICY, [jsonText(limitations), policyId]);
  }

  async deletePolicy(policyId: number): Promise<void> {
    await this.ctx.write(DELETE_POLICY, [policyId]);
  }

  loadAssignmentsBySubjects(subjectIds: readonly number[]): Promise<readonly RoleAssignment[]> {
    return roleAssignments.bySubjects(this.ctx, subjectIds);
  }

  loadAssignmentsByRole(roleId: number): Promise<readonly RoleAssignment[]> {
    return roleAssignments.byRole(this.ctx, roleId);
  }

  loadAssignment(assignmentId: number): Promise<RoleAssignment | null> {
    return roleAssignments.byId(this.ctx, assignmentId);
  }

  assignRole(record: RoleAssignmentRecord): Promise<RoleAssignment> {
    return roleAssignments.create(this.ctx, record);
  }

  removeAssignment(assignmentId: number): Promise<void> {
    return roleAssignments.remove(this.ctx, assignmentId);
  }

  removeAssignmentsBySubjects(subjectIds: readonly number[]): Promise<void> {
    return roleAssignments.removeBySubjects(this.ctx, subjectIds);
  }

  private async roles(query: Knex.QueryBuilder): Promise<Role[]> {
    return this.withPolicies(await this.ctx.rows(query));
  }

  private async drafts(query: Knex.QueryBuilder): Promise<RoleDraft[]> {
    const rows = await this.ctx.rows(query);
    const policies = await this.policiesOf(rows);
    return rows.map((row) => {
      const id = row.int(roleTable.id);
      return {
        id,
        identifier: row.str(roleTable.identifier),
        status: 'DRAFT' as const,
        originalId: row.intOrNull(roleTable.originalId),
        policies: policies.filter((policy) => policy.roleId === id),
      };
    });
  }

  private async withPolicies(roleRows: readonly Row[]): Promise<Role[]> {
    const policies = await this.policiesOf(roleRows);
    return roleRows.map((row) => {
      const id = row.int(roleTable.id);
      return {
        id,
        identifier: row.str(roleTable.identifier),
        status: roleStatusOf(row.int(roleTable.status)),
        policies: policies.filter((policy) => policy.roleId === id).map(({ originalId: _originalId, ...policy }) => policy),
      };
    });
  }

  /** Policies of the given role rows, by id (one query per batch of roles). */
  private async policiesOf(roleRows: readonly Row[]): Promise<PolicyDraft[]> {
    const result: PolicyDraft[] = [];
    for (const ids of chunks(roleRows.map((row) => row.int(roleTable.id)))) {
      const rows = await this.ctx.rows(this.ctx.kx(policyTable.$name).select('*').whereIn(policyTable.roleId, ids).orderBy(policyTable.id));
      result.push(...rows.map((row) => ({ ...toPolicy(row), originalId: row.intOrNull(policyTable.originalId) })));
    }
    return result.sort((a, b) => a.id - b.id);
  }
}

/** A `policy` row of a draft's policy. */
function policyRow(roleId: number, policy: PolicyRecord): TableRow<typeof policyTable> {
  return {
    roleId,
    module: policy.module,
    function: policy.function,
    limitations: jsonText(policy.limitations),
    originalId: policy.originalId,
  };
}

/** A JSON column parameter (text on both dialects; PostgreSQL casts it to jsonb on write). */
function jsonText(value: unknown): string {
  const param = jsonParam(value);
  if (typeof param !== 'string') throw new Error('Expected a JSON text parameter');
  return param;
}
