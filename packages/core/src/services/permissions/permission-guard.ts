import type { PermissionResolver, PermissionSet, PermissionTarget } from '../../api/services/permission-resolver.js';
import type { UserReference } from '../../api/values/common.js';
import type { ContentInfo } from '../../api/values/content.js';
import type { Limitation } from '../../api/values/role.js';
import type { Criterion } from '../../domain/criteria/criterion.js';
import {
  evaluateLimitation,
  limitationCriterion,
  type ParentFacts,
  type PermissionFacts,
  type SubjectFacts,
} from '../../domain/rules/limitations.js';
import { UnauthorizedError } from '../../errors/repository-error.js';
import type { RepositoryRuntime } from '../repository-runtime.js';
import type { UserPermissions } from './permission-cache.js';
import { loadGroupIdsOf } from './user-group-ids.js';

/** The PermissionResolver plus the two helpers services use. */
export interface PermissionGuard extends PermissionResolver {
  /**
   * @throws UnauthorizedError (`The User does not have the '<function>' '<module>' permission with: ...`) when
   * the user may not.
   */
  assert(
    module: string,
    func: string,
    target: PermissionTarget,
    properties?: Readonly<Record<string, string | number>>,
  ): Promise<void>;
  /**
   * The criterion to AND into a search so that only content the user may `module/func` matches
   * (as Ibexa filters searches); null when unrestricted.
   */
  criterion(module: string, func: string): Promise<Criterion | null>;
}

const memo = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let value: Promise<T> | undefined;
  return () => (value ??= load());
};

const matches = (granted: string, wanted: string): boolean => granted === '*' || granted === wanted;

/**
 * Evaluates the roles of `userId` (as Ibexa's `PermissionResolver`): assignments ORed, policies ORed, a policy's
 * limitations ANDed, the assignment's role limitation ANDed with its policies.
 */
export function createPermissionGuard(runtime: RepositoryRuntime, userId: number): PermissionGuard {
  const { persistence } = runtime;
  const permissions = (): Promise<UserPermissions> =>
    runtime.permissionCache.get(userId, async () => {
      const groupIds = await loadGroupIdsOf(persistence, userId);
      const assignments = await persistence.roleHandler.loadAssignmentsBySubjects([userId, ...groupIds]);
      const roles = await persistence.roleHandler.loadRolesByIds([...new Set(assignments.map((a) => a.roleId))]);
      const roleById = new Map(roles.map((role) => [role.id, role]));
      const grants = assignments.flatMap((assignment) => {
        const role = roleById.get(assignment.roleId);
        return role ? [{ assignment, role }] : [];
      });
      return { userId, groupIds, grants };
    });

  const hasAccess = async (module: string, func: string): Promise<boolean | readonly PermissionSet[]> => {
    const sets: PermissionSet[] = [];
    for (const { assignment, role } of (await permissions()).grants) {
      const policies = role.policies.filter((policy) => matches(policy.module, module) && matches(policy.function, func));
      if (policies.length === 0) continue;
      if (assignment.limitation === null && policies.some((policy) => policy.limitations.length === 0)) return true;
      sets.push({ roleLimitation: assignment.limitation, policies });
    }
    return sets.length > 0 ? sets : false;
  };

  const factsFor = (target: PermissionTarget, groupIds: readonly number[]): PermissionFacts => ({
    userId,
    siteAccessCrc: runtime.siteAccessCrc,
    userGroupIds: async () => groupIds,
    subject: subjectFacts(runtime, target),
  });

  const guard: PermissionGuard = {
    getCurrentUserReference: (): UserReference => ({ userId }),
    hasAccess,
    async canUser(module, func, target) {
      const access = await hasAccess(module, func);
      if (typeof access === 'boolean') return access;
      const facts = factsFor(target, (await permissions()).groupIds);
      for (const set of access) {
        if (set.roleLimitation && roleLimitationVotes(set.roleLimitation, facts) && !(await evaluateLimitation(set.roleLimitation, facts))) continue;
        for (const policy of set.policies) {
          let granted = true;
          for (const limitation of policy.limitations) {
            if (!(await evaluateLimitation(limitation, facts))) {
              granted = false;
              break;
            }
          }
          if (granted) return true;
        }
      }
      return false;
    },
    async assert(module, func, target, properties = {}) {
      if (!(await guard.canUser(module, func, target))) throw new UnauthorizedError(module, func, properties);
    },
    async criterion(module, func) {
      const access = await hasAccess(module, func);
      if (access === true) return null;
      if (access === false) return { type: 'MatchNone' };
      const { groupIds } = await permissions();
      const facts = { userId, userGroupIds: async () => groupIds };
      const alternatives: Criterion[] = [];
      for (const set of access) {
        const role = set.roleLimitation ? await limitationCriterion(set.roleLimitation, facts) : null;
        if (set.roleLimitation && role === null) continue;
        const policies: Criterion[] = [];
        for (const policy of set.policies) {
          const parts = await Promise.all(policy.limitations.map((limitation) => limitationCriterion(limitation, facts)));
          if (parts.some((part) => part === null)) continue;
          const usable = parts.filter((part): part is Criterion => part !== null);
          policies.push(usable.length === 0 ? { type: 'MatchAll' } : { type: 'LogicalAnd', criteria: usable });
        }
        if (policies.length === 0) continue;
        const granted: Criterion = { type: 'LogicalOr', criteria: policies };
        alternatives.push(role ? { type: 'LogicalAnd', criteria: [role, granted] } : granted);
      }
      return alternatives.length === 0 ? { type: 'MatchNone' } : { type: 'LogicalOr', criteria: alternatives };
    },
  };
  return guard;
}

/**
 * Whether a role limitation (Section or Subtree) votes on the facts: it narrows what content a role reaches,
 * so it abstains on targets it does not handle (`user/login`, a Subtree on a section, ...), as Ibexa's role
 * limitation types do for objects they do not handle — otherwise a subtree-limited Editor could not even log in.
 * A role assignment's subject is a user or group content item, which Ibexa's Section and Subtree types evaluate:
 * `role/assign` granted through a Subtree-limited assignment reaches only users and groups in that subtree.
 */
function roleLimitationVotes(limitation: Limitation, facts: PermissionFacts): boolean {
  const { kind } = facts.subject;
  if (kind === 'content' || kind === 'contentCreate' || kind === 'roleAssignment') return true;
  return kind === 'section' && limitation.identifier === 'Section';
}

/**
 * The `content/create` target of placing existing content (a copy, a new location, a move) below
 * `parentLocationId`: checked like creating that content there.
 */
export function placementTarget(contentInfo: ContentInfo, parentLocationId: number): PermissionTarget {
  return {
    kind: 'contentCreate',
    contentTypeId: contentInfo.contentTypeId,
    sectionId: contentInfo.sectionId,
    ownerId: contentInfo.ownerId,
    languageCodes: [contentInfo.mainLanguageCode],
    parentLocationIds: [parentLocationId],
  };
}

/** A guard that allows everything (for `Repository.sudo`). */
export function createSudoGuard(userId: number): PermissionGuard {
  return {
    getCurrentUserReference: () => ({ userId }),
    hasAccess: async () => true,
    canUser: async () => true,
    assert: async () => undefined,
    criterion: async () => null,
  };
}

function subjectFacts(runtime: RepositoryRuntime, target: PermissionTarget): SubjectFacts {
  const { persistence } = runtime;
  switch (target.kind) {
    case 'content': {
      const { contentInfo } = target;
      const locations = memo(async () => {
        if (target.locationIds) return persistence.locationHandler.loadList(target.locationIds);
        if (contentInfo.status === 'TRASHED') {
          // In the trash: Node and Subtree look at its trash item, the location as it was when trashed (Ibexa
          // `loadLocationsByTrashContent`), so that an editor limited to a subtree reads what was trashed there.
          const item = contentInfo.mainLocationId === null ? null : await persistence.trashHandler.loadTrashItem(contentInfo.mainLocationId);
          return item ? [item] : [];
        }
        if (contentInfo.status !== 'DRAFT') return persistence.locationHandler.loadByContent(contentInfo.id);
        // Never published: no locations yet; Node and Subtree look at the parents of its pending locations (Ibexa
        // `loadParentLocationsForDraftContent`).
        const pending = await persistence.contentHandler.loadPendingLocations(contentInfo.id);
        return persistence.locationHandler.loadList(pending.map((location) => location.parentLocationId));
      });
      return {
        kind: 'content',
        contentInfo,
        versionStatus: target.versionStatus ?? null,
        locationPaths: async () => (await locations()).map((location) => location.pathString),
        locationIds: async () => (await locations()).map((location) => location.id),
        languageCodes: memo(async () => {
          if (target.languageCodes) return target.languageCodes;
          const version = await persistence.contentHandler.loadVersionInfo(contentInfo.id, contentInfo.currentVersionNo);
          return version?.languageCodes ?? [contentInfo.mainLanguageCode];
        }),
        stateIds: memo(() => persistence.objectStateHandler.loadContentStateIds(contentInfo.id)),
        ownerGroupIds: memo(() => loadGroupIdsOf(persistence, contentInfo.ownerId)),
        newSectionId: target.newSectionId ?? null,
        newStateIds: target.newStateIds ?? null,
        newOwnerId: target.newOwnerId ?? null,
      };
    }
    case 'contentCreate':
      return {
        kind: 'contentCreate',
        contentTypeId: target.contentTypeId,
        sectionId: target.sectionId,
        ownerId: target.ownerId,
        languageCodes: target.languageCodes,
        parents: memo(async () =>
          (await persistence.locationHandler.loadList(target.parentLocationIds)).map(
            (location): ParentFacts => ({
              locationId: location.id,
              pathString: location.pathString,
              depth: location.depth,
              contentInfo: location.contentInfo,
              ownerGroupIds: memo(() => loadGroupIdsOf(persistence, location.contentInfo.ownerId)),
            }),
          ),
        ),
      };
    case 'section':
      return { kind: 'section', sectionId: target.sectionId };
    case 'roleAssignment':
      return {
        kind: 'roleAssignment',
        roleId: target.roleId,
        subjectKind: target.subjectKind,
        subjectId: target.subjectId,
        subjectGroupIds: memo(async () =>
          target.subjectKind === 'group' ? [target.subjectId] : loadGroupIdsOf(persistence, target.subjectId),
        ),
        subjectSectionId: memo(async () => (await persistence.contentHandler.loadContentInfo(target.subjectId))?.sectionId ?? null),
        subjectLocationPaths: memo(async () => (await persistence.locationHandler.loadByContent(target.subjectId)).map((location) => location.pathString)),
      };
    case 'none':
      return { kind: 'none' };
  }
}
