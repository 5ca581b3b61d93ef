import { isRepositoryError, type LockTarget, type Policy, type Role, type RoleDraft } from '@contentrepo/core';
import { forbidOn } from '../error-response.js';
import type { AggregateOf, RestContext, RestHandler, RestResult, RestRoute } from '../http/rest-context.js';
import { BadRequestError, RestNotFoundError } from '../http/rest-errors.js';
import { parsePolicyCreate, parsePolicyUpdate, parseRoleInput } from '../input/parsers/role-parser.js';
import { policyListNode, policyNode, roleListNode, roleNode } from '../output/visitors/role-visitor.js';
import { userHrefs } from '../output/visitors/user-hrefs.js';
import { intParam, intQuery, resource, tagged, taggedBy } from './route-support.js';

const roleId = (context: RestContext): number => intParam(context, 'roleId');
const policyId = (context: RestContext): number => intParam(context, 'policyId');

/** Runs `work`, giving null for a NotFound error. */
async function orNull<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (isRepositoryError(error) && error.code === 'NotFound') return null;
    throw error;
  }
}

/**
 * The draft a `/user/roles/{id}/draft` route means: the first draft of the role `id` (published or deleted since),
 * else the draft whose own id is `id` (a new role created with `?publish=false`, or any draft by its id), as
 * Ibexa's controllers look it up. @throws NotFoundError
 */
async function draftOf(context: RestContext, id: number): Promise<RoleDraft> {
  const { roleService } = context.repository;
  return (await orNull(() => roleService.loadRoleDraftByRoleId(id))) ?? roleService.loadRoleDraft(id);
}

/** The published role `id`, or else the draft with that id (whose `Policies` ref points here too). */
async function roleOrDraft(context: RestContext, id: number): Promise<Role> {
  const { roleService } = context.repository;
  return (await orNull(() => roleService.loadRole(id))) ?? roleService.loadRoleDraft(id);
}

/**
 * The aggregate a role or role draft belongs to: the role, with its draft, policies and assignments. The draft of a
 * published role is part of that role; a new role's draft (never published) is its own.
 */
const roleTarget = (role: Role | RoleDraft): LockTarget => ({ kind: 'role', id: ('originalId' in role ? role.originalId : null) ?? role.id });

/** The aggregate of `/user/roles/{id}`: the published role `id`. */
const roleAggregate = (context: RestContext): LockTarget => ({ kind: 'role', id: roleId(context) });

/** The aggregate of `/user/roles/{id}/draft`: the role of the draft the path means (a load: a draft id may be given). */
const draftAggregate: AggregateOf = async (context) => roleTarget(await draftOf(context, roleId(context)));

/** The aggregate of `/user/roles/{id}/policies…`: the role of the role or draft `id` (a load, as for the draft). */
const policiesAggregate: AggregateOf = async (context) => roleTarget(await roleOrDraft(context, roleId(context)));

/** A Role (or RoleDraft) element: `load` (re)loads it after the revision of `target` is read (see `tagged`). */
const roleResult = (
  context: RestContext,
  target: LockTarget,
  load: () => Promise<Role>,
  options: { status?: number; location?: string } = {},
): Promise<RestResult> => tagged(context, target, async () => resource(roleNode(await load(), context.visit), { acceptPatch: 'RoleInput', ...options }));

const policyResult = (context: RestContext, policy: Policy, options: { status?: number; location?: string } = {}): RestResult =>
  resource(policyNode(policy, context.visit), { acceptPatch: 'PolicyUpdate', ...options });

/** GET /user/roles?identifier= (unknown: empty list) or ?offset=&limit= → RoleList. */
const loadRoles: RestHandler = async (context) => {
  const { roleService } = context.repository;
  const identifier = context.query.get('identifier');
  let roles: readonly Role[];
  if (identifier !== null) {
    const role = await orNull(() => roleService.loadRoleByIdentifier(identifier));
    roles = role ? [role] : [];
  } else {
    const offset = Math.max(0, intQuery(context, 'offset', 0));
    const limit = intQuery(context, 'limit', -1);
    roles = (await roleService.loadRoles()).slice(offset, limit < 0 ? undefined : offset + limit);
  }
  return resource(roleListNode(roles, userHrefs(context.hrefs).roles(), context.visit));
};

/**
 * POST /user/roles (RoleInput) → 201 published Role, or with `?publish=false` 201 RoleDraft (Ibexa 4.6);
 * identifier taken or no permission: 403.
 */
const createRole: RestHandler = async (context) => {
  const { data } = await context.input(['RoleInput']);
  const { identifier } = parseRoleInput(data);
  const { roleService } = context.repository;
  const publish = context.query.get('publish') !== 'false';
  const role = await forbidOn(['InvalidArgument', 'Unauthorized'], () =>
    publish ? roleService.createAndPublishRole({ identifier }) : roleService.createRole({ identifier }),
  );
  const reload = (): Promise<Role> => (publish ? roleService.loadRole(role.id) : roleService.loadRoleDraft(role.id));
  return roleResult(context, roleTarget(role), reload, { status: 201, location: userHrefs(context.hrefs).role(role.id) });
};

/** GET /user/roles/{id} → Role with its ETag (If-None-Match → 304). */
const loadRole: RestHandler = (context) => roleResult(context, roleAggregate(context), () => context.repository.roleService.loadRole(roleId(context)));

/**
 * POST /user/roles/{id} → 201 RoleDraft (Location: the draft's own id) with the role's new ETag, also when other
 * drafts of the role are pending (Ibexa 4.6); no permission: 403; If-Match guards it.
 */
const createRoleDraft: RestHandler = async (context) => {
  const { roleService } = context.repository;
  const draft = await forbidOn(['InvalidArgument', 'Unauthorized'], () => roleService.createRoleDraft(roleId(context)));
  return roleResult(context, roleAggregate(context), () => roleService.loadRoleDraft(draft.id), {
    status: 201,
    location: userHrefs(context.hrefs).role(draft.id),
  });
};

/**
 * PATCH /user/roles/{id} (RoleInput): draft + update + publish in one go → 200 Role with its new ETag, pending drafts
 * of the role left alone; If-Match guards it.
 */
const updateRole: RestHandler = async (context) => {
  const { data } = await context.input(['RoleInput']);
  await context.repository.roleService.updateRole(roleId(context), parseRoleInput(data));
  return loadRole(context);
};

/** DELETE /user/roles/{id} → 204, the role's drafts kept (loadable, publishable, deletable by their ids); If-Match guards it. */
const deleteRole: RestHandler = async (context) => {
  await context.repository.roleService.deleteRole(roleId(context));
  return { kind: 'empty', status: 204 };
};

/** GET /user/roles/{id}/draft → RoleDraft with the role's ETag (If-None-Match → 304). */
const loadDraft: RestHandler = async (context) => {
  const draft = await draftOf(context, roleId(context));
  return roleResult(context, roleTarget(draft), () => context.repository.roleService.loadRoleDraft(draft.id));
};

/** PATCH /user/roles/{id}/draft (RoleInput) → 200 RoleDraft with the role's new ETag; If-Match guards it. */
const updateDraft: RestHandler = async (context) => {
  const { data } = await context.input(['RoleInput']);
  const { roleService } = context.repository;
  const draft = await draftOf(context, roleId(context));
  await roleService.updateRoleDraft(draft.id, parseRoleInput(data));
  return roleResult(context, roleTarget(draft), () => roleService.loadRoleDraft(draft.id));
};

/**
 * PUBLISH /user/roles/{id}/draft (or 5.x POST + PublishRoleInput) → 204 + Location of the published role: the
 * original, or the draft's own id for a new role or a role deleted since; identifier held by another role: 406.
 * If-Match guards it.
 */
const publishDraft: RestHandler = async (context) => {
  const draft = await draftOf(context, roleId(context));
  const role = await context.repository.roleService.publishRoleDraft(draft.id);
  return { kind: 'empty', status: 204, location: userHrefs(context.hrefs).role(role.id) };
};

const deleteDraft: RestHandler = async (context) => {
  const draft = await draftOf(context, roleId(context));
  await context.repository.roleService.deleteRoleDraft(draft.id);
  return { kind: 'empty', status: 204 };
};

/** GET /user/roles/{id}/policies → PolicyList. */
const loadPolicies: RestHandler = async (context) => {
  const role = await roleOrDraft(context, roleId(context));
  return resource(policyListNode(role.policies, userHrefs(context.hrefs).rolePolicies(roleId(context)), context.visit));
};

/**
 * POST /user/roles/{id}/policies (PolicyCreate) → 201 Policy: added to the draft when `id` is a draft,
 * else to the published role through a draft published at once.
 */
const addPolicy: RestHandler = async (context) => {
  const { data } = await context.input(['PolicyCreate']);
  const struct = parsePolicyCreate(data);
  const id = roleId(context);
  const { roleService } = context.repository;
  const draft = await orNull(() => roleService.loadRoleDraft(id));
  let policy: Policy | undefined;
  if (draft) policy = (await roleService.addPolicyByRoleDraft(draft.id, struct)).policies.reduce<Policy | undefined>((last, p) => (!last || p.id > last.id ? p : last), undefined);
  else policy = await roleService.addPolicy(id, struct);
  if (!policy) throw new Error('The added policy is missing');
  return policyResult(context, policy, { status: 201, location: userHrefs(context.hrefs).policy(policy.roleId, policy.id) });
};

/** DELETE /user/roles/{id}/policies → 204, every policy removed. */
const deletePolicies: RestHandler = async (context) => {
  await context.repository.roleService.deletePolicy(roleId(context), null);
  return { kind: 'empty', status: 204 };
};

/** GET /user/roles/{id}/policies/{policyId} → Policy with its role's ETag. */
const loadPolicy: RestHandler = (context) =>
  taggedBy(context, policiesAggregate, async () => {
    const role = await roleOrDraft(context, roleId(context));
    const policy = role.policies.find((candidate) => candidate.id === policyId(context));
    if (!policy) throw new RestNotFoundError(`Policy not found: '${context.path}'.`);
    return policyResult(context, policy);
  });

/** PATCH /user/roles/{id}/policies/{policyId} (PolicyUpdate) → 200 Policy; If-Match (the role's ETag) guards it. */
const updatePolicy: RestHandler = async (context) => {
  const { data } = await context.input(['PolicyUpdate']);
  const struct = parsePolicyUpdate(data);
  const id = roleId(context);
  const { roleService } = context.repository;
  const draft = await orNull(() => roleService.loadRoleDraft(id));
  const policy = draft ? await roleService.updatePolicyByRoleDraft(draft.id, policyId(context), struct) : await roleService.updatePolicy(id, policyId(context), struct);
  return policyResult(context, policy);
};

/** DELETE /user/roles/{id}/policies/{policyId} → 204. */
const deletePolicy: RestHandler = async (context) => {
  const id = roleId(context);
  const { roleService } = context.repository;
  const draft = await orNull(() => roleService.loadRoleDraft(id));
  if (draft) await roleService.removePolicyByRoleDraft(draft.id, policyId(context));
  else await roleService.deletePolicy(id, policyId(context));
  return { kind: 'empty', status: 204 };
};

/** GET /user/policies?userId= → PolicyList of every role the user has, directly or through groups. */
const loadPoliciesOfUser: RestHandler = async (context) => {
  const userId = context.query.get('userId');
  if (userId === null || !/^\d+$/.test(userId)) throw new BadRequestError("The 'userId' query parameter is required and must be a user id");
  const policies = await context.repository.roleService.loadPoliciesByUserId(Number(userId));
  return resource(policyListNode(policies, userHrefs(context.hrefs).policies(), context.visit));
};

/**
 * Roles and policies (`/user/roles…`, `/user/policies`). A role, its draft and its policies share one aggregate (and
 * ETag revision): `If-Match` with the role's or the draft's tag guards writes of any of them.
 */
export const roleRoutes: readonly RestRoute[] = [
  { path: '/user/policies', methods: [['GET', loadPoliciesOfUser]] },
  { path: '/user/roles', methods: [['GET', loadRoles], ['POST', createRole]] },
  {
    path: '/user/roles/{roleId:id}',
    methods: [['POST', createRoleDraft], ['GET', loadRole], ['PATCH', updateRole], ['DELETE', deleteRole]],
    aggregate: roleAggregate,
  },
  {
    path: '/user/roles/{roleId:id}/draft',
    methods: [['GET', loadDraft], ['PATCH', updateDraft], ['PUBLISH', publishDraft], ['DELETE', deleteDraft]],
    postByInputType: { PublishRoleInput: publishDraft },
    aggregate: draftAggregate,
  },
  {
    path: '/user/roles/{roleId:id}/policies',
    methods: [['GET', loadPolicies], ['POST', addPolicy], ['DELETE', deletePolicies]],
    aggregate: policiesAggregate,
  },
  {
    path: '/user/roles/{roleId:id}/policies/{policyId:id}',
    methods: [['GET', loadPolicy], ['PATCH', updatePolicy], ['DELETE', deletePolicy]],
    aggregate: policiesAggregate,
  },
];
