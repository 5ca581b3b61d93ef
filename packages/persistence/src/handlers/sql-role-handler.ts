import type { Role, RoleAssignment, RoleHandler } from '@contentrepo/core';
import { roleStatusCode, roleStatusOf } from '../db/codes.js';
import { chunks } from '../db/batches.js';
import type { Row } from '../db/row.js';
import type { SqlContext } from '../db/sql-context.js';
import { toPolicy, toRoleAssignment } from '../mappers/user-values.js';

const DEFINED = roleStatusCode('DEFINED');

/**
 * RoleHandler on `role`, `policy` and `role_assignment`. Roles come with their policies (two queries for any
 * number of roles), ordered by id; policies by id. `loadRoles` and `loadRolesByIds` return published (DEFINED)
 * roles; `loadRole` returns a role whatever its status. Unknown ids give null or are left out.
 */
export class SqlRoleHandler implements RoleHandler {
  constructor(private readonly ctx: SqlContext) {}

  async loadRole(roleId: number): Promise<Role | null> {
    const roles = await this.withPolicies(await this.ctx.rows(this.ctx.kx('role').select('*').where('id', roleId)));
    return roles[0] ?? null;
  }

  async loadRoles(): Promise<readonly Role[]> {
    return this.withPolicies(await this.ctx.rows(this.ctx.kx('role').select('*').where('status', DEFINED).orderBy('id')));
  }

  async loadRolesByIds(roleIds: readonly number[]): Promise<readonly Role[]> {
    const rows: Row[] = [];
    for (const ids of chunks(roleIds)) {
      rows.push(...(await this.ctx.rows(this.ctx.kx('role').select('*').whereIn('id', ids).where('status', DEFINED))));
    }
    rows.sort((a, b) => a.int('id') - b.int('id'));
    return this.withPolicies(rows);
  }

  /** Assignments of the given subjects (user or group content ids), by id. */
  async loadAssignmentsBySubjects(subjectIds: readonly number[]): Promise<readonly RoleAssignment[]> {
    const result: RoleAssignment[] = [];
    for (const ids of chunks(subjectIds)) {
      const rows = await this.ctx.rows(this.ctx.kx('role_assignment').select('*').whereIn('subject_id', ids));
      result.push(...rows.map(toRoleAssignment));
    }
    return result.sort((a, b) => a.id - b.id);
  }

  private async withPolicies(roleRows: readonly Row[]): Promise<Role[]> {
    if (roleRows.length === 0) return [];
    const ids = roleRows.map((row) => row.int('id'));
    const policyRows = await this.ctx.rows(this.ctx.kx('policy').select('*').whereIn('role_id', ids).orderBy('id'));
    const policies = policyRows.map(toPolicy);
    return roleRows.map((row) => {
      const id = row.int('id');
      return {
        id,
        identifier: row.str('identifier'),
        status: roleStatusOf(row.int('status')),
        policies: policies.filter((policy) => policy.roleId === id),
      };
    });
  }
}
