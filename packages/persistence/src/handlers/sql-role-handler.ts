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
import { toPolicy } from '../mappers/user-values.js';
import { roleAssignments } from './sql-role-assignments.js';

const DEFINED = roleStatusCode('DEFINED');
const DRAFT = roleStatusCode('DRAFT');

const UPDATE_IDENTIFIER = sql<[identifier: string, roleId: number]>('UPDATE role SET identifier = ? WHERE id = ?');
const DELETE_ROLE = sql<[roleId: number]>('DELETE FROM role WHERE id = ?');
const DELETE_POLICIES_OF_ROLE = sql<[roleId: number]>('DELETE FROM policy WHERE role_id = ?');
const DELETE_POLICY = sql<[policyId: number]>('DELETE FROM policy WHERE id = ?');
const UPDATE_POLICY = sql<[limitations: string, policyId: number]>('UPDATE policy SET limitations = ? WHERE id = ?');
/** Moves a draft's policies onto the published role, giving copies the id of the policy they copy. */
const MOVE_DRAFT_POLICIES = sql<[roleId: number, draftId: number]>(
  'UPDATE policy SET id = COALESCE(original_id, id), role_id = ?, original_id = NULL WHERE role_id = ?',
);
const PUBLISH_NEW_ROLE = sql<[draftId: number]>(`UPDATE role SET status = ${DEFINED}, original_id = NULL WHERE id = ?`);
const CLEAR_POLICY_ORIGINS = sql<[draftId: number]>('UPDATE policy SET original_id = NULL WHERE role_id = ?');
const DELETE_DRAFTS_OF_ROLE = sql<[roleId: number]>(`DELETE FROM role WHERE original_id = ? AND status = ${DRAFT}`);
const DELETE_ASSIGNMENTS_OF_ROLE = sql<[roleId: number]>('DELETE FROM role_assignment WHERE role_id = ?');

/**
 * RoleHandler on `role`, `policy` and `role_assignment`. Published roles (status DEFINED) and drafts (status
 * DRAFT, `original_id` = the role they change) share the table; roles come with their policies in two queries for
 * any number of roles, ordered by id. Multi-statement writes (draft creation, publication, deletion) are atomic.
 */
export class SqlRoleHandler implements RoleHandler {
  constructor(private readonly ctx: SqlContext) {}

  async loadRole(roleId: number): Promise<Role | null> {
    const [role] = await this.roles(this.ctx.kx('role').select('*').where({ id: roleId, status: DEFINED }));
    return role ?? null;
  }

  async loadRoleByIdentifier(identifier: string): Promise<Role | null> {
    const [role] = await this.roles(this.ctx.kx('role').select('*').where({ identifier, status: DEFINED }).orderBy('id').limit(1));
    return role ?? null;
  }

  loadRoles(): Promise<readonly Role[]> {
    return this.roles(this.ctx.kx('role').select('*').where('status', DEFINED).orderBy('id'));
  }

  async loadRolesByIds(roleIds: readonly number[]): Promise<readonly Role[]> {
    const rows: Row[] = [];
    for (const ids of chunks([...new Set(roleIds)])) {
      rows.push(...(await this.ctx.rows(this.ctx.kx('role').select('*').whereIn('id', ids).where('status', DEFINED))));
    }
    rows.sort((a, b) => a.int('id') - b.int('id'));
    return this.withPolicies(rows);
  }

  async loadRoleDraft(draftId: number): Promise<RoleDraft | null> {
    const [draft] = await this.drafts(this.ctx.kx('role').select('*').where({ id: draftId, status: DRAFT }));
    return draft ?? null;
  }

  async loadRoleDraftByRoleId(roleId: number): Promise<RoleDraft | null> {
    const [draft] = await this.drafts(this.ctx.kx('role').select('*').where({ original_id: roleId, status: DRAFT }).orderBy('id').limit(1));
    return draft ?? null;
  }

  loadRoleDraftsByIdentifier(identifier: string): Promise<readonly RoleDraft[]> {
    return this.drafts(this.ctx.kx('role').select('*').where({ identifier, status: DRAFT }).orderBy('id'));
  }

  async createRoleDraft(record: RoleDraftRecord): Promise<RoleDraft> {
    const draftId = await this.ctx.atomic(async (tx) => {
      const id = await insertReturningId(tx, 'role', { identifier: record.identifier, status: DRAFT, original_id: record.originalId });
      await insertRows(tx, 'policy', record.policies.map((policy) => policyRow(id, policy)));
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
      const draft = await tx.first(tx.kx('role').select('*').where({ id: draftId, status: DRAFT }));
      if (!draft) return;
      const originalId = draft.intOrNull('original_id');
      const original = originalId === null ? null : await tx.first(tx.kx('role').select('id').where({ id: originalId, status: DEFINED }));
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
      await tx.exec(tx.kx('policy').whereIn('role_id', tx.kx('role').select('id').where({ original_id: roleId, status: DRAFT })).delete());
      await tx.write(DELETE_DRAFTS_OF_ROLE, [roleId]);
      await tx.write(DELETE_POLICIES_OF_ROLE, [roleId]);
      await tx.write(DELETE_ROLE, [roleId]);
    });
  }

  async addPolicy(draftId: number, policy: PolicyRecord): Promise<PolicyDraft> {
    const id = await insertReturningId(this.ctx, 'policy', policyRow(draftId, policy));
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
      const id = row.int('id');
      return {
        id,
        identifier: row.str('identifier'),
        status: 'DRAFT' as const,
        originalId: row.intOrNull('original_id'),
        policies: policies.filter((policy) => policy.roleId === id),
      };
    });
  }

  private async withPolicies(roleRows: readonly Row[]): Promise<Role[]> {
    const policies = await this.policiesOf(roleRows);
    return roleRows.map((row) => {
      const id = row.int('id');
      return {
        id,
        identifier: row.str('identifier'),
        status: roleStatusOf(row.int('status')),
        policies: policies.filter((policy) => policy.roleId === id).map(({ originalId: _originalId, ...policy }) => policy),
      };
    });
  }

  /** Policies of the given role rows, by id (one query per batch of roles). */
  private async policiesOf(roleRows: readonly Row[]): Promise<PolicyDraft[]> {
    const result: PolicyDraft[] = [];
    for (const ids of chunks(roleRows.map((row) => row.int('id')))) {
      const rows = await this.ctx.rows(this.ctx.kx('policy').select('*').whereIn('role_id', ids).orderBy('id'));
      result.push(...rows.map((row) => ({ ...toPolicy(row), originalId: row.intOrNull('original_id') })));
    }
    return result.sort((a, b) => a.id - b.id);
  }
}

/** A `policy` row of a draft's policy. */
function policyRow(roleId: number, policy: PolicyRecord): Record<string, string | number | null> {
  return {
    role_id: roleId,
    module: policy.module,
    function: policy.function,
    limitations: jsonText(policy.limitations),
    original_id: policy.originalId,
  };
}

/** A JSON column parameter (text on both dialects; PostgreSQL casts it to jsonb on write). */
function jsonText(value: unknown): string {
  const param = jsonParam(value);
  if (typeof param !== 'string') throw new Error('Expected a JSON text parameter');
  return param;
}
