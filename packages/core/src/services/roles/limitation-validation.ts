import type { PolicyCreateStruct, RoleLimitationInput } from '../../api/structs/role-structs.js';
import type { Limitation } from '../../api/values/role.js';
import { limitationType, type LimitationValueKind } from '../../domain/rules/limitations.js';
import { SELF_VALUE } from '../../domain/rules/limitation-types-assign.js';
import { allowedLimitations } from '../../domain/rules/policy-map.js';
import { InvalidArgumentError, LimitationValidationError, NotFoundError } from '../../errors/repository-error.js';
import type { ServiceContext } from '../service-context.js';

const INT = /^-?\d+$/;
const PATH = /^(\/\d+)+\/?$/;

/**
 * Checks a policy (Ibexa `RoleService` policy validation against `policies.yml`; REST `PolicyCreate`):
 * the module/function exists, each limitation identifier is known (else NotFound, as Ibexa's REST parser does),
 * allowed for the function and given once, and its values exist.
 * @throws InvalidArgumentError unknown module/function, a limitation not allowed there or on a wildcard policy.
 * @throws NotFoundError unknown limitation identifier; LimitationValidationError bad values.
 */
export async function validatePolicy(context: ServiceContext, struct: PolicyCreateStruct): Promise<readonly Limitation[]> {
  const allowed = allowedLimitations(struct.module, struct.function);
  if (allowed === undefined) {
    throw new InvalidArgumentError('$policyCreateStruct', `Module/function '${struct.module}/${struct.function}' does not exist`);
  }
  const limitations = struct.limitations ?? [];
  const seen = new Set<string>();
  for (const limitation of limitations) {
    const type = limitationType(limitation.identifier);
    if (!type) throw new NotFoundError('Limitation', limitation.identifier);
    if (!allowed.includes(limitation.identifier)) {
      throw new InvalidArgumentError(
        '$policy',
        `The limitation '${limitation.identifier}' is not applicable on the '${struct.module}/${struct.function}' policy`,
      );
    }
    if (seen.has(limitation.identifier)) throw new LimitationValidationError(`The '${limitation.identifier}' limitation is given twice`);
    seen.add(limitation.identifier);
    await validateValues(context, limitation, type.valueKind);
  }
  return limitations.map((limitation) => ({ identifier: limitation.identifier, values: [...limitation.values] }));
}

/**
 * Checks a role assignment's limitation (Ibexa `RoleLimitation`: `Section` or `Subtree`, as REST `RoleAssignInput`
 * takes).
 * @throws LimitationValidationError another identifier, or values that do not exist.
 */
export async function validateRoleLimitation(context: ServiceContext, limitation: RoleLimitationInput): Promise<Limitation> {
  const identifier: string = limitation.identifier;
  if (identifier !== 'Section' && identifier !== 'Subtree') {
    throw new LimitationValidationError(`Role assignments take a Section or Subtree limitation, not '${identifier}'`);
  }
  await validateValues(context, limitation, identifier === 'Section' ? 'section' : 'subtree');
  return { identifier, values: limitation.values.map((value) => (identifier === 'Subtree' && !value.endsWith('/') ? `${value}/` : value)) };
}

const invalid = (limitation: Limitation, what: string): LimitationValidationError =>
  new LimitationValidationError(`The '${limitation.identifier}' limitation has invalid values: ${what}`);

/** @throws LimitationValidationError */
async function validateValues(context: ServiceContext, limitation: Limitation, kind: LimitationValueKind): Promise<void> {
  const { values } = limitation;
  if (values.length === 0) throw invalid(limitation, 'at least one value is required');
  const { persistence } = context;
  const ints = (): number[] => {
    const bad = values.find((value) => !INT.test(value));
    if (bad !== undefined) throw invalid(limitation, `'${bad}' is not an integer`);
    return values.map(Number);
  };
  const mustExist = (ids: readonly number[], found: Iterable<number>, what: string): void => {
    const known = new Set(found);
    const missing = ids.find((id) => !known.has(id));
    if (missing !== undefined) throw invalid(limitation, `${what} ${missing} does not exist`);
  };
  const oneOf = (allowed: readonly string[]): void => {
    const bad = values.find((value) => !allowed.includes(value));
    if (bad !== undefined) throw invalid(limitation, `'${bad}' is not one of ${allowed.join(', ')}`);
  };
  switch (kind) {
    case 'contentType':
      return mustExist(ints(), (await persistence.contentTypeHandler.loadContentTypes()).map((type) => type.id), 'content type');
    case 'section':
      return mustExist(ints(), (await persistence.sectionHandler.loadAll()).map((section) => section.id), 'section');
    case 'location': {
      const ids = ints();
      return mustExist(ids, (await persistence.locationHandler.loadList(ids)).map((location) => location.id), 'location');
    }
    case 'subtree':
      return validateSubtrees(context, limitation);
    case 'state': {
      const ids = ints();
      const states: number[] = [];
      for (const group of await persistence.objectStateHandler.loadGroups()) {
        states.push(...(await persistence.objectStateHandler.loadStates(group.id)).map((state) => state.id));
      }
      return mustExist(ids, states, 'object state');
    }
    case 'language': {
      const codes = new Set((await persistence.languageHandler.loadAll()).map((language) => language.languageCode));
      const bad = values.find((code) => !codes.has(code));
      if (bad !== undefined) throw invalid(limitation, `language '${bad}' does not exist`);
      return;
    }
    case 'ownerFlag':
      return oneOf(['1', '2']);
    case 'groupFlag':
      return oneOf(['1']);
    case 'depth':
      if (ints().some((depth) => depth < 1)) throw invalid(limitation, 'depths start at 1');
      return;
    case 'siteAccess':
      if (values.some((value) => !/^\d+$/.test(value))) throw invalid(limitation, 'siteaccess values are CRC-32 numbers');
      return;
    case 'status':
      return oneOf(['0', '1', '3']);
    case 'userGroup':
    case 'changeOwner': {
      const ids = ints().filter((id) => String(id) !== SELF_VALUE);
      const infos = await persistence.contentHandler.loadContentInfoList(ids);
      return mustExist(ids, infos.map((info) => info.id), kind === 'userGroup' ? 'user group' : 'user');
    }
    case 'role': {
      const ids = ints();
      return mustExist(ids, (await persistence.roleHandler.loadRolesByIds(ids)).map((role) => role.id), 'role');
    }
  }
}

/** Subtree values are path strings of existing locations (`/1/2/`). @throws LimitationValidationError */
async function validateSubtrees(context: ServiceContext, limitation: Limitation): Promise<void> {
  const bad = limitation.values.find((value) => !PATH.test(value));
  if (bad !== undefined) throw invalid(limitation, `'${bad}' is not a location path such as /1/2/`);
  const lastIds = limitation.values.map((value) => Number(value.replace(/\/$/, '').split('/').pop()));
  const locations = new Map((await context.persistence.locationHandler.loadList(lastIds)).map((location) => [location.id, location]));
  for (const value of limitation.values) {
    const path = value.endsWith('/') ? value : `${value}/`;
    const location = locations.get(Number(value.replace(/\/$/, '').split('/').pop()));
    if (!location || location.pathString !== path) throw invalid(limitation, `no location has the path '${path}'`);
  }
}
