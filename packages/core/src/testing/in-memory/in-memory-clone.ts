import type { InMemoryState } from './in-memory-state.js';

function clone(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return new Date(value.getTime());
  if (value instanceof Uint8Array) return value.slice();
  if (value instanceof Map) return new Map([...value].map(([key, item]) => [clone(key), clone(item)]));
  if (value instanceof Set) return new Set([...value].map(clone));
  if (Array.isArray(value)) return value.map(clone);
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = clone(item);
  return copy;
}

/**
 * A deep copy built in the current realm (plain objects, arrays, Maps, Sets, Dates, byte arrays). Unlike
 * `structuredClone`, whose objects may come from another realm under test sandboxes (so that
 * `Object.getPrototypeOf(x) === Object.prototype` checks of field types fail on restored data), the copy is
 * indistinguishable from the original.
 */
export function deepCopy<T>(value: T): T {
  return clone(value) as T;
}

/** A snapshot of the whole store (for transaction rollback). */
export const cloneState = (state: InMemoryState): InMemoryState => deepCopy(state);
