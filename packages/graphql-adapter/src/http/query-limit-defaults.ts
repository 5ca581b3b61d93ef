/**
 * The query limits' shapes and defaults, apart from the rules that check them (which load graphql-js and GraphQL
 * Armor): the server's configuration reads them at start without loading the GraphQL API (exported as
 * `@contentrepo/graphql-adapter/query-limit-defaults`).
 */

/**
 * Limits on one GraphQL document, checked before anything runs. Ibexa leaves this to overblog/GraphQLBundle's
 * `security` settings (`query_max_depth`, `query_max_complexity`); here GraphQL Armor's rules measure the document,
 * and graphql-js's own parser counts tokens.
 */
export interface QueryLimits {
  /**
   * Most lexical tokens in the document (names, punctuators, values; graphql-js `maxTokens`). The parser stops at
   * the first token past the limit, so an oversized document is refused before its syntax tree is built.
   */
  readonly maxTokens: number;
  /** Deepest field nesting of an operation (a field of the root type is depth 1; each fragment, spread or inline, adds a level). */
  readonly maxDepth: number;
  /** Most aliased fields in an operation, fragments included (`__typename` aliases are free). */
  readonly maxAliases: number;
  /**
   * Highest cost of an operation: 1 per scalar field, 2 per object field plus 1.5 × the cost of its selections,
   * multiplied by a literal `first`/`last` argument (GraphQL Armor's cost model).
   */
  readonly maxCost: number;
  /** Most directives (`@include`, `@skip`, …) in an operation. */
  readonly maxDirectives: number;
}

/** The limits of authenticated callers and the (stricter) ones of anonymous callers. */
export interface QueryLimitSettings {
  readonly authenticated: QueryLimits;
  readonly anonymous: QueryLimits;
}

/** Limits of a caller with credentials (session cookie, Bearer token, Basic). */
export const DEFAULT_AUTHENTICATED_QUERY_LIMITS: QueryLimits = {
  maxTokens: 15_000,
  maxDepth: 20,
  maxAliases: 100,
  maxCost: 100_000,
  maxDirectives: 50,
};

/** Limits of a caller without credentials. */
export const DEFAULT_ANONYMOUS_QUERY_LIMITS: QueryLimits = {
  maxTokens: 3_000,
  maxDepth: 12,
  maxAliases: 30,
  maxCost: 20_000,
  maxDirectives: 20,
};

/** Names of the limits in `extensions.limit` of a refusal. */
export type QueryLimitName = 'tokens' | 'depth' | 'aliases' | 'cost' | 'directives';
