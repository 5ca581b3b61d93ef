import type { GraphQLFieldConfig } from 'graphql';
import type { GraphQLContext } from '../resolvers/graphql-context.js';

/** Resolver arguments, as graphql-js passes them after coercion: read them with the helpers below. */
export type ArgMap = { readonly [name: string]: unknown };

/** Field configs of an object or interface type whose values are `S`. */
export type FieldMap<S> = Record<string, GraphQLFieldConfig<S, GraphQLContext, ArgMap>>;

/** An Int argument, or undefined when absent or null. */
export function intArg(args: ArgMap, name: string): number | undefined {
  const value = args[name];
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
}

/** A String/ID/enum argument, or undefined when absent or null. */
export function stringArg(args: ArgMap, name: string): string | undefined {
  const value = args[name];
  return typeof value === 'string' ? value : undefined;
}

/** A Boolean argument, or undefined. */
export function booleanArg(args: ArgMap, name: string): boolean | undefined {
  const value = args[name];
  return typeof value === 'boolean' ? value : undefined;
}

/** A list argument (null entries kept as null), or undefined. */
export function listArg(args: ArgMap, name: string): readonly unknown[] | undefined {
  const value = args[name];
  return Array.isArray(value) ? value : undefined;
}

/** An input object argument, or undefined. */
export function objectArg(args: ArgMap, name: string): ArgMap | undefined {
  const value = args[name];
  return isArgMap(value) ? value : undefined;
}

/** Whether a coerced input value is an input object. */
export function isArgMap(value: unknown): value is ArgMap {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
