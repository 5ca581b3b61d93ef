/**
 * @contentrepo/core — the pure domain of the content repository.
 *
 * - API (driving ports): services and value types users call.
 * - SPI (driven ports): what persistence, search and storage adapters implement.
 * - Domain: version state machine, search model, rules; field types as plug-ins.
 */
export * from './errors/repository-error.js';
export { ContentTypeValidationError, type ContentTypeValidationFailure } from './errors/content-type-validation-error.js';

export type * from './api/values/common.js';
export { SORT_FIELD_CODES, SORT_FIELDS, sortFieldFromCode } from './api/values/common.js';
export type * from './api/values/content.js';
export { RELATION_TYPE_BITS } from './api/values/content.js';
export type * from './api/values/content-type.js';
export type * from './api/values/language.js';
export type * from './api/values/location.js';
export type * from './api/values/object-state.js';
export type * from './api/values/role.js';
export type * from './api/values/section.js';
export type * from './api/values/user.js';
export type * from './api/values/trash.js';
export type * from './api/values/url-alias.js';
export type * from './api/values/bookmark.js';
export type * from './api/structs/repository-structs.js';
export type * from './api/structs/content-structs.js';
export type * from './api/structs/content-type-structs.js';
export type * from './api/structs/user-structs.js';
export type * from './api/structs/role-structs.js';
export type * from './api/structs/content-type-query.js';

export type * from './api/services/content-service.js';
export type * from './api/services/content-type-service.js';
export type * from './api/services/language-service.js';
export type * from './api/services/location-service.js';
export type * from './api/services/permission-resolver.js';
export type * from './api/services/repository.js';
export type * from './api/services/role-service.js';
export type * from './api/services/search-service.js';
export type * from './api/services/section-service.js';
export type * from './api/services/user-service.js';
export type * from './api/services/trash-service.js';
export type * from './api/services/object-state-service.js';
export type * from './api/services/url-alias-service.js';
export type * from './api/services/url-wildcard-service.js';
export type * from './api/services/bookmark-service.js';
export type * from './api/services/image-variation-service.js';

export type * from './domain/criteria/criterion.js';
export { criteria, FIELD_OPERATORS, LOCATION_ONLY_CRITERIA, RANGE_OPERATORS } from './domain/criteria/criterion.js';
export type * from './domain/criteria/sort-clause.js';
export { LOCATION_SORT_CLAUSES } from './domain/criteria/sort-clause.js';
export type * from './domain/criteria/query.js';
export { DEFAULT_QUERY_LIMIT } from './domain/criteria/query.js';
// The reference semantics shared with SQL engines (Legacy FullText and Field, docs/adr/0004).
export {
  isEmptyEntry,
  toSearchFloatKey,
  toSearchInteger,
  toSearchString,
  wildcardMatch,
} from './domain/criteria/evaluator/indexed-field-values.js';
export {
  fullTextAlternatives,
  indexWords,
  matchesAlternative,
  MAX_WORD_LENGTH,
  normalizeText,
  STOP_WORD_FACTOR,
  stopWordThreshold,
  type FullTextAlternative,
} from './domain/criteria/evaluator/full-text.js';
export { compareStrings } from './domain/criteria/evaluator/strings.js';

export type * from './field-types/field-type.js';
export { createFieldTypeRegistry, FieldValueError, groupBySearchFamily, SEARCH_FAMILIES } from './field-types/field-type.js';

export type * from './spi/index.js';
export { MAX_LANGUAGE_ID, nextLanguageId } from './spi/language-handler.js';
export * from './field-types/index.js';

export { createRepository, type RepositoryOptions } from './services/create-repository.js';
export { FALLBACK_CACHE_TTL_MS } from './services/follow-changes.js';
export { systemClock, systemRandom } from './services/platform-ports.js';
export { locationSortClause } from './services/search/location-children.js';
export { buildCleanInstallSeed, buildLanguages, DEFAULT_LANGUAGE, type CleanInstallOptions } from './clean-install/build-seed.js';
export { LANGUAGE_CODE_PATTERN, languageDisplayName, languageLocale } from './domain/rules/language-names.js';
export {
  CLEAN_INSTALL_IDS,
  DEFAULT_ADMIN_PASSWORD,
  DEFAULT_SITEACCESS,
} from './clean-install/clean-install-data.js';
export { installCleanRepository, type InstallOptions } from './clean-install/install.js';
export { addMissingLanguages } from './clean-install/configured-languages.js';
export {
  DEFAULT_REINDEX_BATCH_SIZE,
  reindexSearch,
  type ReindexOptions,
  type ReindexProgress,
  type ReindexResult,
} from './clean-install/reindex-search.js';
export { assertVersionTransition, VERSION_TRANSITIONS, type VersionOperation, type VersionTransition } from './domain/version/transitions.js';
export { resolveNameSchema } from './domain/rules/name-schema.js';
export { crc32, LIMITATION_TYPES, limitationType, type LimitationType, type LimitationValueKind } from './domain/rules/limitations.js';
export { allowedLimitations, POLICY_MAP } from './domain/rules/policy-map.js';
export { ROOT_CONTENT_INFO, ROOT_LOCATION_ID } from './domain/tree/root.js';
export { md5 } from './domain/rules/md5.js';
export { remoteIdKey, sameRemoteId } from './domain/rules/remote-id.js';
export { urlAliasId, urlAliasSegment } from './domain/rules/url-alias-text.js';
// The one MIME type detection (docs/adr/0014): field types, stored files and the GraphQL upload mapping use it.
export {
  detectMimeType,
  isMimeType,
  MIME_SNIFF_BYTES,
  sniffImageMimeType,
  sniffMimeType,
  UNKNOWN_MIME_TYPE,
} from './domain/files/mime-type-detection.js';
export { findMalformedString, isWellFormed, type MalformedString, visibleExcerpt } from './domain/text/well-formed-unicode.js';
export {
  applyImageFilter,
  applyImageFilters,
  DEFAULT_IMAGE_VARIATION_DEFINITIONS,
  parseImageVariationDefinitions,
  SUPPORTED_IMAGE_FILTERS,
  type ImageFilter,
  type ImageVariationDefinition,
  type ImageVariationDefinitions,
} from './domain/images/image-variation-definitions.js';
export { createImageVariationService, imageVariationKey, type ImageVariationOptions } from './services/images/create-image-variation-service.js';
