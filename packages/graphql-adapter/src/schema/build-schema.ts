import { GraphQLSchema } from 'graphql';
import { builtInFieldTypeMapperRegistry, type FieldTypeMapperRegistry } from '../field-types/index.js';
import { registerGeneratedEnums } from './enums.js';
import { registerGroups } from './groups.js';
import { registerItemInterfaces, registerUploadFallbackTypes } from './item-interfaces.js';
import { registerContentType } from './item-types.js';
import type { SchemaModel } from './model.js';
import { registerMutation } from './mutations.js';
import { planSchema } from './plan.js';
import { registerQuery } from './queries.js';
import { TypeRegistry } from './type-registry.js';
import { registerCommonTypes } from './static/common-types.js';
import { registerContentTypeTypes } from './static/content-type-types.js';
import { registerFieldValueTypes } from './static/field-value-types.js';
import { registerInputTypes } from './static/input-types.js';
import { registerLocationTypes } from './static/location-types.js';

/** Options of {@link buildSchema}. */
export interface BuildSchemaOptions {
  /** Receives the generator's warnings (skipped names, collisions). */
  readonly warn?: (message: string) => void;
  /** The GraphQL form of each field type (default: the built-in mappers; see `createFieldTypeMapperRegistry`). */
  readonly fieldTypeMappers?: FieldTypeMapperRegistry;
}

/**
 * Generates the GraphQL schema of a repository model, as Ibexa's schema generator does: static types, the generated
 * enums, per content type the item, item-type, connection and input types, the group types, the `Domain` query root and
 * the `ItemMutation` root. Pure: the same model gives the same schema; resolvers reach the repository only through the
 * request context. Static types are registered first, so a generated name that collides with one is skipped.
 */
export function buildSchema(model: SchemaModel, options: BuildSchemaOptions = {}): GraphQLSchema {
  const warn = options.warn ?? (() => undefined);
  const plan = planSchema(model, warn, options.fieldTypeMappers ?? builtInFieldTypeMapperRegistry);
  const registry = new TypeRegistry(warn);
  registerGeneratedEnums(registry, plan);
  registerCommonTypes(registry);
  registerLocationTypes(registry);
  registerContentTypeTypes(registry);
  registerFieldValueTypes(registry);
  registerInputTypes(registry);

  const itemNames = new Map<number, string>();
  const contentNames = new Map<number, string>();
  registerItemInterfaces(registry, { item: (id) => itemNames.get(id), content: (id) => contentNames.get(id) });
  const generated = plan.types.filter((type) => {
    const registered = registerContentType(registry, type);
    if (registered.item) itemNames.set(type.contentType.id, type.names.item);
    if (registered.content) contentNames.set(type.contentType.id, type.names.content);
    return registered.item;
  });
  registerUploadFallbackTypes(registry);

  const included = new Set(generated);
  const groups = plan.groups
    .map((group) => ({ ...group, types: group.types.filter((type) => included.has(type)) }))
    .filter((group) => group.types.length > 0);
  const groupFields = registerGroups(registry, groups);
  const query = registerQuery(registry, groupFields);
  const mutation = registerMutation(registry, generated);
  return new GraphQLSchema({ query, mutation, types: registry.all() });
}
