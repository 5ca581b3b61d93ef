/**
 * A limitation narrows a policy or a role assignment (Ibexa `Limitation`). `identifier` is Ibexa's
 * (`Section`, `Class`, `Subtree`, `Node`, `Owner`, `Language`, `State`, `Group`, `ParentClass`, `SiteAccess`, ...);
 * `values` are raw values as REST carries them (ids, path strings such as `/1/2/`, language codes).
 */
export interface Limitation {
  readonly identifier: string;
  readonly values: readonly string[];
}

/** A permission grant: `module`/`function` (either may be `*`), narrowed by all its limitations (ANDed). */
export interface Policy {
  readonly id: number;
  readonly roleId: number;
  readonly module: string;
  readonly function: string;
  readonly limitations: readonly Limitation[];
}

/**
 * A policy of a role draft (Ibexa `PolicyDraft`): `originalId` is the id of the published policy
 * it was copied from, or null for a policy added to the draft. Publishing gives it that id back.
 */
export interface PolicyDraft extends Policy {
  readonly originalId: number | null;
}

/** Status of a role: published or a draft of changes. */
export type RoleStatus = 'DEFINED' | 'DRAFT';

/** A named set of policies (Ibexa `Role`). */
export interface Role {
  readonly id: number;
  readonly identifier: string;
  readonly status: RoleStatus;
  readonly policies: readonly Policy[];
}

/**
 * A draft of a role (Ibexa `RoleDraft`; Ibexa roles are edited through drafts): either the changes
 * to the published role `originalId`, or a new role never published (`originalId` null). Publishing a draft of a
 * role replaces that role's identifier and policies and removes the draft; publishing a new role keeps its id.
 */
export interface RoleDraft extends Role {
  readonly status: 'DRAFT';
  readonly originalId: number | null;
  readonly policies: readonly PolicyDraft[];
}

/**
 * A role given to a user or a user group (by content id), optionally narrowed by one role limitation
 * (`Section` or `Subtree`), as in Ibexa.
 */
export interface RoleAssignment {
  readonly id: number;
  readonly roleId: number;
  readonly subjectKind: 'user' | 'group';
  /** Content id of the user or user group. */
  readonly subjectId: number;
  readonly limitation: Limitation | null;
}
