import type { Limitation } from '../../api/values/role.js';
import type { Criterion } from '../criteria/criterion.js';
import type { LimitationType, PermissionFacts } from './limitation-facts.js';
import { ASSIGN_LIMITATION_TYPES } from './limitation-types-assign.js';
import { CONTENT_LIMITATION_TYPES } from './limitation-types-content.js';
import { PARENT_LIMITATION_TYPES } from './limitation-types-parent.js';

/** The facts a limitation votes on and the limitation type contract (see `limitation-facts.ts`). */
export type {
  LimitationType,
  LimitationValueKind,
  ParentFacts,
  PermissionFacts,
  SubjectFacts,
} from './limitation-facts.js';

/**
 * Limitation types by Ibexa identifier (those of Ibexa's `policies.yml` and of REST `PolicyCreate`). Unknown
 * identifiers deny.
 */
export const LIMITATION_TYPES: Readonly<Record<string, LimitationType>> = {
  ...CONTENT_LIMITATION_TYPES,
  ...PARENT_LIMITATION_TYPES,
  ...ASSIGN_LIMITATION_TYPES,
};

/** The type of a limitation identifier, or undefined when unknown. */
export function limitationType(identifier: string): LimitationType | undefined {
  return Object.hasOwn(LIMITATION_TYPES, identifier) ? LIMITATION_TYPES[identifier] : undefined;
}

/** Evaluates one limitation; unknown identifiers deny (fail closed). */
export async function evaluateLimitation(limitation: Limitation, facts: PermissionFacts): Promise<boolean> {
  const type = limitationType(limitation.identifier);
  return type ? type.evaluate(limitation.values, facts) : false;
}

/** The criterion of one limitation, or null when it cannot be expressed (or is unknown). */
export async function limitationCriterion(
  limitation: Limitation,
  facts: Pick<PermissionFacts, 'userId' | 'userGroupIds'>,
): Promise<Criterion | null> {
  const type = limitationType(limitation.identifier);
  return type ? type.toCriterion(limitation.values, facts) : null;
}

/** CRC-32 (IEEE) of a string as an unsigned decimal string, as Ibexa's SiteAccess limitation stores it. */
export function crc32(text: string): string {
  let crc = 0xffffffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return String((crc ^ 0xffffffff) >>> 0);
}
