import type { Limitation } from '../values/role.js';

/**
 * A policy to add to a role draft (Ibexa `PolicyCreateStruct`, REST `PolicyCreate`): `module`/`function`
 * (`*` allowed) and limitations allowed for that function (Ibexa's limitations per policy function).
 */
export interface PolicyCreateStruct {
  readonly module: string;
  readonly function: string;
  readonly limitations?: readonly Limitation[];
}

/** New limitations of a policy (Ibexa `PolicyUpdateStruct`, REST `PolicyUpdate`): they replace the old ones. */
export interface PolicyUpdateStruct {
  readonly limitations: readonly Limitation[];
}

/** Input of `RoleService.createRole` (Ibexa `RoleCreateStruct`, REST `RoleInput`). */
export interface RoleCreateStruct {
  readonly identifier: string;
  readonly policies?: readonly PolicyCreateStruct[];
}

/** Input of `RoleService.updateRoleDraft` (Ibexa `RoleUpdateStruct`): absent members stay unchanged. */
export interface RoleUpdateStruct {
  readonly identifier?: string;
}

/**
 * The limitation of a role assignment (Ibexa `RoleLimitation`, REST `RoleAssignInput`): `Section` with
 * section ids or `Subtree` with location path strings (`/1/2/`).
 */
export interface RoleLimitationInput {
  readonly identifier: 'Section' | 'Subtree';
  readonly values: readonly string[];
}
