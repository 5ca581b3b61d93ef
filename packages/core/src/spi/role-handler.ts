import type { Limitation, PolicyDraft, Role, RoleAssignment, RoleDraft } from '../api/values/role.js';

/** A policy to write into a role draft: `originalId` is the published policy it copies (null for a new one). */
export interface PolicyRecord {
  readonly module: string;
  readonly function: string;
  readonly limitations: readonly Limitation[];
  readonly originalId: number | null;
}

/** A role draft to create: a new role (`originalId` null) or a draft of the published role `originalId`. */
export interface RoleDraftRecord {
  readonly identifier: string;
  readonly originalId: number | null;
  readonly policies: readonly PolicyRecord[];
}

/** An assignment to create. */
export type RoleAssignmentRecord = Omit<RoleAssignment, 'id'>;

/**
 * Roles, policies and assignments (Ibexa `User\Handler` role part). Published roles come ordered by id with their
 * policies ordered by id; assignments ordered by id. Drafts live apart from published roles: a draft has its own
 * id and, for a draft of a published role, that role's id as `originalId`. Methods do exactly what they say, with
 * no permission or consistency checks (core does those); loads return null for unknown ids.
 */
export interface RoleHandler {
  /** A published role. */
  loadRole(roleId: number): Promise<Role | null>;
  /** The published role with this identifier (exact match). */
  loadRoleByIdentifier(identifier: string): Promise<Role | null>;
  loadRoles(): Promise<readonly Role[]>;
  /** Published roles with the given ids, with their policies. */
  loadRolesByIds(roleIds: readonly number[]): Promise<readonly Role[]>;
  /** A draft by its own id. */
  loadRoleDraft(draftId: number): Promise<RoleDraft | null>;
  /**
   * The first (lowest id) of the drafts whose `originalId` is `roleId`: a role may have several drafts, and they
   * outlive the role (Ibexa 4.6).
   */
  loadRoleDraftByRoleId(roleId: number): Promise<RoleDraft | null>;
  /** Drafts with this identifier (a new role's draft reserves its identifier). */
  loadRoleDraftsByIdentifier(identifier: string): Promise<readonly RoleDraft[]>;
  /** Creates a draft with its policies (new ids). */
  createRoleDraft(record: RoleDraftRecord): Promise<RoleDraft>;
  updateRoleDraft(draftId: number, update: { readonly identifier: string }): Promise<void>;
  /** Deletes a draft with its policies. */
  deleteRoleDraft(draftId: number): Promise<void>;
  /**
   * Publishes a draft. A draft of a published role replaces that role's identifier and policies (each policy
   * takes the id of the policy it copies, `originalId`, or keeps its own) and is removed; a new role's draft, or a
   * draft whose role was deleted, becomes the published role with the draft's id (its policies keep their ids).
   */
  publishRoleDraft(draftId: number): Promise<void>;
  /** Deletes a published role with its policies and its assignments; its drafts stay (Ibexa 4.6). */
  deleteRole(roleId: number): Promise<void>;
  /** Adds a policy to a draft. */
  addPolicy(draftId: number, policy: PolicyRecord): Promise<PolicyDraft>;
  /** Replaces the limitations of a draft's policy. */
  updatePolicy(policyId: number, limitations: readonly Limitation[]): Promise<void>;
  deletePolicy(policyId: number): Promise<void>;

  /** Assignments whose subject (user or group content id) is one of `subjectIds`. */
  loadAssignmentsBySubjects(subjectIds: readonly number[]): Promise<readonly RoleAssignment[]>;
  loadAssignmentsByRole(roleId: number): Promise<readonly RoleAssignment[]>;
  loadAssignment(assignmentId: number): Promise<RoleAssignment | null>;
  assignRole(record: RoleAssignmentRecord): Promise<RoleAssignment>;
  removeAssignment(assignmentId: number): Promise<void>;
  /** Removes every assignment of the given subjects (when users or groups are deleted). */
  removeAssignmentsBySubjects(subjectIds: readonly number[]): Promise<void>;
}
