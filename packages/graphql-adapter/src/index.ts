/**
 * @contentrepo/graphql-adapter — the GraphQL API (Ibexa-compatible, schema generated from the content types) as
 * Express middleware on top of @contentrepo/core.
 */
export {
  createGraphQLMiddleware,
  DEFAULT_IMAGE_VARIATIONS,
  type GraphQLMiddleware,
  type GraphQLMiddlewareOptions,
} from './middleware.js';
export {
  DEFAULT_ANONYMOUS_QUERY_LIMITS,
  DEFAULT_AUTHENTICATED_QUERY_LIMITS,
  type QueryLimitName,
  type QueryLimits,
} from './http/query-limits.js';
export { buildSchema, type BuildSchemaOptions } from './schema/build-schema.js';
export {
  builtInFieldTypeMappers,
  createFieldTypeMapperRegistry,
  DEFAULT_FORM_FIELD_TYPES,
  defaultFieldTypeMapper,
  type DefinitionTypeRef,
  type FieldInputSource,
  type FieldResolveContext,
  type FieldTypeMapper,
  type FieldTypeMapperRegistry,
  type FieldValueSource,
  type SchemaScope,
} from './field-types/index.js';
export type { GraphQLContext } from './resolvers/graphql-context.js';
export { fingerprintModel, loadSchemaModel, type SchemaModel } from './schema/model.js';
export { GeneratedSchemaGateway, type GeneratedSchemaGatewayOptions } from './schema/schema-gateway.js';
export { contentTypeNames, groupNames, lowerCamel, upperCamel, type ContentTypeNames, type GroupNames } from './schema/naming.js';
export { pluralize } from './schema/pluralizer.js';
export type { ContentSearch, SearchPage, SearchQuery } from './search/content-search.js';
export { repositorySearch } from './search/repository-search.js';
export type { UploadMapping } from './resolvers/graphql-context.js';
export type { GraphQLLogger } from './resolvers/graphql-errors.js';
export { DEFAULT_UPLOAD_FALLBACK, DEFAULT_UPLOAD_MAPPINGS } from './uploads/mapping.js';
