import type {
  PolicyCreateStruct,
  PolicyUpdateStruct,
  RoleCreateStruct,
  RoleLimitationInput,
  RoleUpdateStruct,
} from '../structs/role-structs.js';
import type { Policy, PolicyDraft, Role, RoleAssignment, RoleDraft } from '../values/role.js';

/**
 * Roles, policies and role assignments (Ibexa `RoleService`; REST `/user/roles`, `/user/policies` and the
 * role assignments of users and groups). Roles are edited through drafts; every change that affects permissions
 * (publishing, deleting, assigning) takes effect for every user at once in this repository.
 *
 * Permissions: `role/read` for loads, `role/create` to create a role or a draft, `role/update` to change and
 * publish drafts, `role/delete`, and `role/assign` (with its `Role` and `MemberOf` limitations) to assign and
 * unassign.
 *
 * A role may have several drafts at once; they outlive the role's deletion (a draft of a deleted role publishes as
 * a role of its own under the draft's id), as in Ibexa 4.6.
 *
 * Errors: NotFoundError (unknown role, draft, policy, assignment, user or group; an unknown limitation
 * identifier); InvalidArgumentError (identifier already used, unknown module/function, a
 * limitation not allowed for the function); LimitationValidationError (limitation values that do not exist or
 * have the wrong shape); UnauthorizedError.
 */
export interface RoleService {
  /** Creates a new role as a draft (with the struct's policies). */
  createRole(struct: RoleCreateStruct): Promise<RoleDraft>;
  /**
   * Creates a role and publishes it in one transaction (REST `POST /user/roles` without `?publish=false`):
   * a failing publish leaves no draft behind. Errors as {@link RoleService.createRole}.
   */
  createAndPublishRole(struct: RoleCreateStruct): Promise<Role>;
  /** Creates a draft of a published role, copying its policies (other drafts of it may exist). */
  createRoleDraft(roleId: number): Promise<RoleDraft>;
  /** A draft by its own id. */
  loadRoleDraft(draftId: number): Promise<RoleDraft>;
  /** The first (lowest id) draft of the role `roleId`, also after the role was deleted. */
  loadRoleDraftByRoleId(roleId: number): Promise<RoleDraft>;
  updateRoleDraft(draftId: number, struct: RoleUpdateStruct): Promise<RoleDraft>;
  addPolicyByRoleDraft(draftId: number, struct: PolicyCreateStruct): Promise<RoleDraft>;
  /** @param policyId id of a policy of the draft */
  updatePolicyByRoleDraft(draftId: number, policyId: number, struct: PolicyUpdateStruct): Promise<PolicyDraft>;
  removePolicyByRoleDraft(draftId: number, policyId: number): Promise<RoleDraft>;
  deleteRoleDraft(draftId: number): Promise<void>;
  /**
   * Publishes a draft; returns the published role (the original's id, or the draft's for a new role or a role
   * deleted since). @throws InvalidArgumentError when another published role has the draft's identifier.
   */
  publishRoleDraft(draftId: number): Promise<Role>;

  /** A published role. */
  loadRole(roleId: number): Promise<Role>;
  loadRoleByIdentifier(identifier: string): Promise<Role>;
  /** Published roles by id. */
  loadRoles(): Promise<readonly Role[]>;
  /** Deletes a published role with its assignments; its drafts stay (loadable, publishable, deletable). */
  deleteRole(roleId: number): Promise<void>;

  /**
   * REST shortcuts on a published role (`PATCH /user/roles/{id}`, the writes under `…/policies`): each runs draft +
   * change + publish in one transaction (Ibexa's deprecated `updateRole`, `addPolicy`, `updatePolicy`, `deletePolicy`),
   * also while other drafts of the role are pending (they stay).
   */
  updateRole(roleId: number, struct: RoleUpdateStruct): Promise<Role>;
  /** Returns the added policy (the highest id of the published role). */
  addPolicy(roleId: number, struct: PolicyCreateStruct): Promise<Policy>;
  updatePolicy(roleId: number, policyId: number, struct: PolicyUpdateStruct): Promise<Policy>;
  /** Deletes one policy, or every policy when `policyId` is null. */
  deletePolicy(roleId: number, policyId: number | null): Promise<void>;

  assignRoleToUser(roleId: number, userId: number, limitation?: RoleLimitationInput): Promise<RoleAssignment>;
  assignRoleToUserGroup(roleId: number, groupId: number, limitation?: RoleLimitationInput): Promise<RoleAssignment>;
  loadRoleAssignment(assignmentId: number): Promise<RoleAssignment>;
  removeRoleAssignment(assignmentId: number): Promise<void>;
  /** Assignments of a role, by id. */
  getRoleAssignments(roleId: number): Promise<readonly RoleAssignment[]>;
  /** Assignments made to the user (and, with `inherited`, to the groups it is in), by id. */
  getRoleAssignmentsForUser(userId: number, inherited?: boolean): Promise<readonly RoleAssignment[]>;
  getRoleAssignmentsForUserGroup(groupId: number): Promise<readonly RoleAssignment[]>;
  /** Policies of every role assigned to the user, directly or through its groups (`/user/policies?userId=`). */
  loadPoliciesByUserId(userId: number): Promise<readonly Policy[]>;
}
