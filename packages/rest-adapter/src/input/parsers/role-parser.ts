import type { Limitation, PolicyCreateStruct, PolicyUpdateStruct, RoleLimitationInput } from '@contentrepo/core';
import { BadRequestError } from '../../http/rest-errors.js';
import type { DecodedObject } from '../decoded-input.js';
import { parseHref } from '../href.js';
import { type InputReader, reader } from '../reader.js';

/**
 * `RoleInput`: `identifier` is the only member read, as in Ibexa 4.x/5.x; `mainLanguageCode`, `names` and
 * `descriptions` (listed by older XSDs) are accepted and ignored. @throws BadRequestError
 */
export function parseRoleInput(data: DecodedObject): { identifier: string } {
  return { identifier: reader(data, 'RoleInput').requiredString('identifier') };
}

/** One `{_identifier, values: {ref: [{_href}]}}` limitation: the `_href`s are returned as they are. */
function limitationOf(input: InputReader): { identifier: string; values: string[] } {
  const identifier = input.optionalString('_identifier');
  if (identifier === undefined || identifier === '') throw new BadRequestError(`Missing '_identifier' attribute for ${input.struct}.`);
  const values = input.optionalObject('values', `${input.struct} values`);
  const refs = values ? values.objectList('ref', 'ref', { singleAsList: true }) : [];
  return {
    identifier,
    values: refs.map((ref) => {
      const href = ref.optionalString('_href');
      if (href === undefined) throw new BadRequestError('Invalid format for data value in Limitation.');
      return href;
    }),
  };
}

/** `limitations.limitation[]` of PolicyCreate/PolicyUpdate (raw values in `_href`, not URIs, as in Ibexa). */
function limitationsOf(input: InputReader): Limitation[] {
  const limitations = input.optionalObject('limitations');
  if (!limitations) return [];
  return limitations.objectList('limitation', 'limitation', { singleAsList: true }).map(limitationOf);
}

/** `PolicyCreate`: `module` and `function` required, `limitations` optional. @throws BadRequestError */
export function parsePolicyCreate(data: DecodedObject): PolicyCreateStruct {
  const input = reader(data, 'PolicyCreate');
  return { module: input.requiredString('module'), function: input.requiredString('function'), limitations: limitationsOf(input) };
}

/** `PolicyUpdate`: `limitations` replace the policy's (none when absent). @throws BadRequestError */
export function parsePolicyUpdate(data: DecodedObject): PolicyUpdateStruct {
  return { limitations: limitationsOf(reader(data, 'PolicyUpdate')) };
}

/**
 * `RoleAssignInput`: the `Role` ref (required) and an optional `Section` or `Subtree`
 * limitation. Section values may be section hrefs or ids; Subtree values location hrefs or path strings (`/1/2/`).
 * @throws BadRequestError another identifier or a malformed value; InvalidHrefError for a Role ref to another route.
 */
export function parseRoleAssignInput(data: DecodedObject, prefix: string): { roleId: number; limitation?: RoleLimitationInput } {
  const input = reader(data, 'RoleAssignInput');
  const roleId = parseHref(input.href('Role'), prefix, 'role');
  const raw = input.optionalObject('limitation', 'RoleAssignInput limitation');
  if (!raw) return { roleId };
  const { identifier, values } = limitationOf(raw);
  if (identifier === 'Section') return { roleId, limitation: { identifier, values: values.map((value) => sectionValue(value, prefix)) } };
  if (identifier === 'Subtree') return { roleId, limitation: { identifier, values: values.map((value) => subtreeValue(value, prefix)) } };
  throw new BadRequestError(`Invalid limitation '${identifier}' in RoleAssignInput: only Section and Subtree limit role assignments.`);
}

function sectionValue(value: string, prefix: string): string {
  if (/^\d+$/.test(value)) return value;
  try {
    return String(parseHref(value, prefix, 'section'));
  } catch {
    throw new BadRequestError(`Invalid Section limitation value '${value}': expected a section href.`);
  }
}

function subtreeValue(value: string, prefix: string): string {
  if (/^(\/\d+)+\/?$/.test(value)) return value.endsWith('/') ? value : `${value}/`;
  try {
    return `/${parseHref(value.replace(/\/+$/, ''), prefix, 'location').path.join('/')}/`;
  } catch {
    throw new BadRequestError(`Invalid Subtree limitation value '${value}': expected a location href.`);
  }
}
