import type { Limitation, Policy, PolicyDraft, Role, RoleAssignment } from '@contentrepo/core';
import { hash, list, obj, ref, val, type Child, type HashNode, type ObjectNode } from '../node.js';
import { userHrefs } from './user-hrefs.js';
import type { VisitContext } from './visit-context.js';

const isDraftPolicy = (policy: Policy): policy is PolicyDraft => 'originalId' in policy;

/**
 * A limitation hash `{@identifier, values: {[]ref {@href = raw value}}}` (as in Ibexa, `_href` holds the raw
 * limitation value, not a URI). `name` is `limitation` in both places it appears.
 */
export function limitationHash(limitation: Limitation): HashNode {
  return hash(
    'limitation',
    [hash('values', [list('ref', limitation.values.map((value) => hash('ref', [], { href: value })))])],
    { identifier: limitation.identifier },
  );
}

/**
 * `Policy` (media `Policy` or `PolicyDraft`): `@href`, `id`, `originalId` (drafts only), `module`,
 * `function`, `limitations` (only when there are any).
 */
export function policyNode(policy: Policy, context: VisitContext): ObjectNode {
  const draft = isDraftPolicy(policy);
  return obj('Policy', draft ? 'PolicyDraft' : 'Policy', { href: userHrefs(context.hrefs).policy(policy.roleId, policy.id) }, [
    val('id', policy.id),
    draft && policy.originalId !== null ? val('originalId', policy.originalId) : undefined,
    val('module', policy.module),
    val('function', policy.function),
    policy.limitations.length > 0 ? hash('limitations', [list('limitation', policy.limitations.map(limitationHash))]) : undefined,
  ]);
}

/** `PolicyList`: `@href` and the policies. */
export function policyListNode(policies: readonly Policy[], href: string, context: VisitContext): ObjectNode {
  return obj('PolicyList', 'PolicyList', { href }, [list('Policy', policies.map((policy) => policyNode(policy, context)))]);
}

/**
 * `Role` (media `Role` or `RoleDraft`, element `Role` either way): `@href`, `identifier`,
 * `Policies` ref.
 */
export function roleNode(role: Role, context: VisitContext): ObjectNode {
  const hrefs = userHrefs(context.hrefs);
  return obj('Role', role.status === 'DRAFT' ? 'RoleDraft' : 'Role', { href: hrefs.role(role.id) }, [
    val('identifier', role.identifier),
    ref('Policies', 'PolicyList', hrefs.rolePolicies(role.id)),
  ]);
}

/** `RoleList` element. */
export function roleListNode(roles: readonly Role[], href: string, context: VisitContext): ObjectNode {
  return obj('RoleList', 'RoleList', { href }, [list('Role', roles.map((role) => roleNode(role, context)))]);
}

/** Where an assignment is listed: below a user (`/user/users/{id}`) or a group (`/user/groups/{path}`). */
export type AssignmentOwner = { readonly kind: 'user'; readonly userId: number } | { readonly kind: 'group'; readonly pathString: string };

/** `RoleAssignment`: `@href`, `limitation` (optional), `Role` ref. */
export function roleAssignmentNode(assignment: RoleAssignment, owner: AssignmentOwner, context: VisitContext): ObjectNode {
  const hrefs = userHrefs(context.hrefs);
  const href = owner.kind === 'user' ? hrefs.userRole(owner.userId, assignment.roleId) : hrefs.groupRole(owner.pathString, assignment.roleId);
  const children: Child[] = [
    assignment.limitation ? limitationHash(assignment.limitation) : undefined,
    ref('Role', 'Role', hrefs.role(assignment.roleId)),
  ];
  return obj('RoleAssignment', 'RoleAssignment', { href }, children);
}

/** `RoleAssignmentList`: `@href` `/user/users/{id}/roles` or `/user/groups/{path}/roles`. */
export function roleAssignmentListNode(assignments: readonly RoleAssignment[], owner: AssignmentOwner, context: VisitContext): ObjectNode {
  const href = owner.kind === 'user' ? context.hrefs.userRoles(owner.userId) : userHrefs(context.hrefs).groupRoles(owner.pathString);
  return obj('RoleAssignmentList', 'RoleAssignmentList', { href }, [
    list('RoleAssignment', assignments.map((assignment) => roleAssignmentNode(assignment, owner, context))),
  ]);
}
