import type { ApolloServerPlugin } from '@apollo/server';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { GraphQLError, parse, validate, type DocumentNode, type GraphQLFormattedError, type GraphQLSchema, type ValidationContext, type ValidationRule } from 'graphql';
import {
  DEFAULT_ANONYMOUS_QUERY_LIMITS,
  DEFAULT_AUTHENTICATED_QUERY_LIMITS,
  type QueryLimitName,
  type QueryLimits,
  type QueryLimitSettings,
} from './query-limit-defaults.js';

export { DEFAULT_ANONYMOUS_QUERY_LIMITS, DEFAULT_AUTHENTICATED_QUERY_LIMITS, type QueryLimitName, type QueryLimits, type QueryLimitSettings };

/** Fills in defaults and checks that every limit is a positive integer. @throws RangeError for one that is not. */
export function resolveQueryLimits(options: { authenticated?: Partial<QueryLimits>; anonymous?: Partial<QueryLimits> } = {}): QueryLimitSettings {
  const settings = {
    authenticated: { ...DEFAULT_AUTHENTICATED_QUERY_LIMITS, ...definedOnly(options.authenticated) },
    anonymous: { ...DEFAULT_ANONYMOUS_QUERY_LIMITS, ...definedOnly(options.anonymous) },
  };
  for (const [caller, limits] of Object.entries(settings)) {
    for (const [name, value] of Object.entries(limits)) {
      if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`GraphQL query limit ${caller}.${name} must be a positive integer, got ${String(value)}`);
    }
  }
  return settings;
}

function definedOnly(limits: Partial<QueryLimits> | undefined): Partial<QueryLimits> {
  return Object.fromEntries(Object.entries(limits ?? {}).filter(([, value]) => value !== undefined));
}

/** The token limit given to Apollo's parser (`parseOptions.maxTokens`): the larger of the two callers' limits. */
export function parseTokenLimit(settings: QueryLimitSettings): number {
  return Math.max(settings.authenticated.maxTokens, settings.anonymous.maxTokens);
}

/** A refusal: `GRAPHQL_VALIDATION_FAILED` (tokens: `GRAPHQL_PARSE_FAILED`, as the parser's own), HTTP 400. */
function limitError(message: string, limit: QueryLimitName): GraphQLError {
  const code = limit === 'tokens' ? 'GRAPHQL_PARSE_FAILED' : 'GRAPHQL_VALIDATION_FAILED';
  return new GraphQLError(message, { extensions: { code, limit, http: { status: 400 } } });
}

/**
 * `formatError` step: marks the parser's own refusal of a document over the token limit (`GRAPHQL_PARSE_FAILED`,
 * `Syntax Error: Document contains more that <n> tokens. Parsing aborted.`) with `extensions.limit: 'tokens'`,
 * like the refusals of {@link checkQueryLimits}. Other errors are returned unchanged.
 */
export function markTokenLimitError(formatted: GraphQLFormattedError): GraphQLFormattedError {
  if (formatted.extensions?.['code'] !== 'GRAPHQL_PARSE_FAILED' || !/Document contains more th[ae]t? \d+ tokens/.test(formatted.message)) return formatted;
  return { ...formatted, extensions: { ...formatted.extensions, limit: 'tokens' } };
}

/** GraphQL Armor's rules for `limits`, each reporting its refusal (named by `limit`) into `refusals`. */
function armorRules(limits: QueryLimits, refusals: { limit: QueryLimitName; error: GraphQLError }[]): ValidationRule[] {
  const report =
    (limit: QueryLimitName) =>
    (_context: ValidationContext | null, error: GraphQLError): void => {
      refusals.push({ limit, error });
    };
  const common = (limit: QueryLimitName) => ({ exposeLimits: true, propagateOnRejection: false, onReject: [report(limit)] });
  return [
    maxDepthRule({ n: limits.maxDepth, ...common('depth') }),
    maxAliasesRule({ n: limits.maxAliases, ...common('aliases') }),
    maxDirectivesRule({ n: limits.maxDirectives, ...common('directives') }),
    costLimitRule({ maxCost: limits.maxCost, ...common('cost') }),
  ];
}

/**
 * Checks `document` against `limits`; returns the first refusal as a GraphQL error (message naming the limit and
 * its value, e.g. `Aliases limit of 15 exceeded, found 20000.`), or null when the document is within them.
 * `source` is re-read with the caller's token limit when it is below `parsedWithTokenLimit` (the limit the
 * document was parsed with).
 */
export function checkQueryLimits(
  schema: GraphQLSchema,
  document: DocumentNode,
  source: string | undefined,
  limits: QueryLimits,
  parsedWithTokenLimit: number,
): GraphQLError | null {
  if (source !== undefined && limits.maxTokens < parsedWithTokenLimit) {
    try {
      parse(source, { maxTokens: limits.maxTokens, noLocation: true });
    } catch (error) {
      if (error instanceof GraphQLError) return limitError(error.message, 'tokens');
      throw error;
    }
  }
  const refusals: { limit: QueryLimitName; error: GraphQLError }[] = [];
  validate(schema, document, armorRules(limits, refusals));
  const first = refusals[0];
  // GraphQL Armor words its refusals as syntax errors; they are not.
  return first ? limitError(first.error.message.replace(/^Syntax Error: /, ''), first.limit) : null;
}

/**
 * Apollo plugin enforcing `settings` on every operation, after parsing (and Apollo's own validation, whose result
 * may come from its document cache) and before execution: anonymous callers (`isAnonymous` of the request's
 * context) get the anonymous limits, others the authenticated ones. A refused operation answers HTTP 400 with one
 * error (see {@link checkQueryLimits}) and runs no resolver. A document accepted once for a schema and a kind of
 * caller is not measured again (the same query text gives the same document from Apollo's document cache).
 */
export function queryLimitsPlugin<C extends object>(settings: QueryLimitSettings, isAnonymous: (context: C) => boolean): ApolloServerPlugin<C> {
  const parsedWithTokenLimit = parseTokenLimit(settings);
  // Documents found within the limits, per schema and caller kind. Apollo's document cache hands out the same
  // DocumentNode for the same query text, so a repeated query is measured once; a new schema (after a content type
  // change) starts afresh. Refusals are not remembered: each refused request is measured again.
  const accepted = new WeakMap<GraphQLSchema, { readonly anonymous: WeakSet<DocumentNode>; readonly authenticated: WeakSet<DocumentNode> }>();
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ contextValue, document, source, schema }) {
          const anonymous = isAnonymous(contextValue);
          let bySchema = accepted.get(schema);
          if (!bySchema) accepted.set(schema, (bySchema = { anonymous: new WeakSet(), authenticated: new WeakSet() }));
          const known = anonymous ? bySchema.anonymous : bySchema.authenticated;
          if (known.has(document)) return;
          const refusal = checkQueryLimits(schema, document, source, anonymous ? settings.anonymous : settings.authenticated, parsedWithTokenLimit);
          if (refusal) throw refusal;
          known.add(document);
        },
      };
    },
  };
}
