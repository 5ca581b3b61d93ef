import type { Limitation } from '../values/role.js';

/**
 * A policy to add to a role draft (Ibexa `PolicyCreateStruct`, rest.md §4.6 PolicyCreate): `module`/`function`
 * (`*` allowed) and limitations allowed for that function (search-auth-errors-data.md B.5 table).
 */
export interface PolicyCreateStruct {
  readonly module: string;
  readonly function: string;
  readonly limitations?: readonly Limitation[];
}

/** New limitations of a policy (Ibexa `PolicyUpdateStruct`, rest.md §4.6 PolicyUpdate): they replace the old ones. */
export interface PolicyUpdateStruct {
  readonly limitations: readonly Limitation[];
}

/** Input of `RoleService.createRole` (Ibexa `RoleCreateStruct`, rest.md §4.6 RoleInput). */
export interface RoleCreateStruct {
  readonly identifier: string;
  readonly policies?: readonly PolicyCreateStruct[];
}

/** Input of `RoleService.updateRoleDraft` (Ibexa `RoleUpdateStruct`): absent members stay unchanged. */
export interface RoleUpdateStruct {
  readonly identifier?: string;
}

/**
 * The limitation of a role assignment (Ibexa `RoleLimitation`, rest.md §4.6 RoleAssignInput): `Section` with
 * section ids or `Subtree` with location path strings (`/1/2/`).
 */
export interface RoleLimitationInput {
  readonly identifier: 'Section' | 'Subtree';
  readonly values: readonly string[];
}
