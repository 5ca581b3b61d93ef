import type { RoleAssignment, RoleLimitationInput } from '@contentrepo/core';
import type { RestContext, RestHandler, RestResult } from '../http/rest-context.js';
import { RestNotFoundError } from '../http/rest-errors.js';
import type { RouteDefinition } from '../http/route-table.js';
import { parseRoleAssignInput } from '../input/parsers/role-parser.js';
import { roleAssignmentListNode, roleAssignmentNode, type AssignmentOwner } from '../output/visitors/role-visitor.js';
import { intParam, resource } from './route-support.js';
import { groupFromPath } from './user-route-support.js';

/** Whose assignments a route works on: a user (`/user/users/{userId}`) or a group (`/user/groups/{groupPath}`). */
interface Subject {
  readonly owner: AssignmentOwner;
  /** Assignments made to the subject itself (not inherited), by id. */
  assignments(): Promise<readonly RoleAssignment[]>;
  assign(roleId: number, limitation: RoleLimitationInput | undefined): Promise<unknown>;
}

async function userSubject(context: RestContext): Promise<Subject> {
  const userId = intParam(context, 'userId');
  const { userService, roleService } = context.repository;
  await userService.loadUser(userId);
  return {
    owner: { kind: 'user', userId },
    assignments: () => roleService.getRoleAssignmentsForUser(userId),
    assign: (roleId, limitation) => roleService.assignRoleToUser(roleId, userId, limitation),
  };
}

async function groupSubject(context: RestContext): Promise<Subject> {
  const { group, mainLocation } = await groupFromPath(context);
  const groupId = group.contentInfo.id;
  const { roleService } = context.repository;
  return {
    owner: { kind: 'group', pathString: mainLocation.pathString },
    assignments: () => roleService.getRoleAssignmentsForUserGroup(groupId),
    assign: (roleId, limitation) => roleService.assignRoleToUserGroup(roleId, groupId, limitation),
  };
}

type SubjectOf = (context: RestContext) => Promise<Subject>;

const list = async (context: RestContext, subject: Subject): Promise<RestResult> =>
  resource(roleAssignmentListNode(await subject.assignments(), subject.owner, context.visit));

/** GET …/roles → RoleAssignmentList. */
const loadAssignments = (subjectOf: SubjectOf): RestHandler => async (context) => list(context, await subjectOf(context));

/** POST …/roles (RoleAssignInput) → **200** RoleAssignmentList (Ibexa's status, not 201); bad limitation: 400. */
const assignRole = (subjectOf: SubjectOf): RestHandler => async (context) => {
  const { data } = await context.input(['RoleAssignInput']);
  const { roleId, limitation } = parseRoleAssignInput(data, context.hrefs.prefix);
  const subject = await subjectOf(context);
  await subject.assign(roleId, limitation);
  return list(context, subject);
};

/** GET …/roles/{roleId} → the subject's (first) assignment of that role, else 404. */
const loadAssignment = (subjectOf: SubjectOf): RestHandler => async (context) => {
  const subject = await subjectOf(context);
  const roleId = intParam(context, 'roleId');
  const assignment = (await subject.assignments()).find((candidate) => candidate.roleId === roleId);
  if (!assignment) throw new RestNotFoundError(`Could not find 'RoleAssignment' with identifier '${roleId}'`);
  return resource(roleAssignmentNode(assignment, subject.owner, context.visit));
};

/** DELETE …/roles/{roleId}: removes every assignment of the role → **200** remaining list (Ibexa's status, not 204). */
const unassignRole = (subjectOf: SubjectOf): RestHandler => async (context) => {
  const subject = await subjectOf(context);
  const roleId = intParam(context, 'roleId');
  const { roleService } = context.repository;
  await roleService.loadRole(roleId);
  for (const assignment of await subject.assignments()) {
    if (assignment.roleId === roleId) await roleService.removeRoleAssignment(assignment.id);
  }
  return list(context, subject);
};

/** Role assignments of users and groups (`/user/users/{id}/roles…`, `/user/groups/{path}/roles…`). */
export const roleAssignmentRoutes: readonly RouteDefinition<RestHandler>[] = [
  { path: '/user/users/{userId:id}/roles', methods: [['GET', loadAssignments(userSubject)], ['POST', assignRole(userSubject)]] },
  { path: '/user/users/{userId:id}/roles/{roleId:id}', methods: [['GET', loadAssignment(userSubject)], ['DELETE', unassignRole(userSubject)]] },
  { path: '/user/groups/{groupPath:groupPath}/roles', methods: [['GET', loadAssignments(groupSubject)], ['POST', assignRole(groupSubject)]] },
  {
    path: '/user/groups/{groupPath:groupPath}/roles/{roleId:id}',
    methods: [['GET', loadAssignment(groupSubject)], ['DELETE', unassignRole(groupSubject)]],
  },
];
