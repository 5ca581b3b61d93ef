import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getIntrospectionQuery } from 'graphql';
import { createGraphQLTestApp, type GraphQLTestApp } from '../testing/graphql-test-app.js';
import { DEFAULT_ANONYMOUS_QUERY_LIMITS, DEFAULT_AUTHENTICATED_QUERY_LIMITS, resolveQueryLimits } from '../http/query-limits.js';
import { ADMIN_BASIC, dataAt, errorCodes, errorMessages, gql, type GraphQLResponse } from './helpers.js';

const admin = { headers: { Authorization: ADMIN_BASIC } };

/** `{ a0: item(contentId: 1) { _name } a1: … }` with `count` aliases. */
const aliasedItems = (count: number): string =>
  `{ ${Array.from({ length: count }, (_, index) => `a${index}: item(contentId: 1) { _name }`).join(' ')} }`;

/** `_repository { location(locationId: 2) { parentLocation { … { id } } } }`: depth `levels + 3`. */
const parentChain = (levels: number): string =>
  `{ _repository { location(locationId: 2) { ${'parentLocation { '.repeat(levels)}id${' }'.repeat(levels)} } } }`;

/** The `extensions.limit` of each error. */
const limits = (response: GraphQLResponse): unknown[] => (response.body.errors ?? []).map((error) => error.extensions?.['limit']);

/** Asserts a refusal by `limit`: HTTP 400, one error with `code`, no data (nothing was executed). */
function expectRefused(response: GraphQLResponse, code: string, limit: string, message: RegExp): void {
  expect(response.status).toBe(400);
  expect(errorCodes(response)).toEqual([code]);
  expect(limits(response)).toEqual([limit]);
  expect(errorMessages(response)[0]).toMatch(message);
  expect(response.body.data).toBeUndefined();
}

describe('query limits (defaults)', () => {
  let t: GraphQLTestApp;
  beforeAll(async () => {
    t = await createGraphQLTestApp();
  });
  afterAll(async () => {
    await t.graphql.stop();
  });

  it('refuses an anonymous query of 20,000 aliases (0.7 MB) while parsing: 400, token limit', async () => {
    const query = aliasedItems(20_000);
    expect(query.length).toBeGreaterThan(700_000);
    const response = await gql(t.app, query);
    expectRefused(response, 'GRAPHQL_PARSE_FAILED', 'tokens', /more that 15000 tokens/);
    // Credentials do not lift the parser's limit.
    expectRefused(await gql(t.app, query, admin), 'GRAPHQL_PARSE_FAILED', 'tokens', /more that 15000 tokens/);
  });

  it('gives anonymous callers stricter limits than authenticated ones (aliases)', async () => {
    const query = aliasedItems(40);
    expectRefused(await gql(t.app, query), 'GRAPHQL_VALIDATION_FAILED', 'aliases', /^Aliases limit of 30 exceeded, found 40\.$/);
    const authenticated = await gql(t.app, query, admin);
    expect(authenticated.status).toBe(200);
    expect(authenticated.body.errors).toBeUndefined();
    expect(dataAt(authenticated, 'a39')).toEqual({ _name: 'Ibexa Platform' });
    expectRefused(await gql(t.app, aliasedItems(101), admin), 'GRAPHQL_VALIDATION_FAILED', 'aliases', /^Aliases limit of 100 exceeded, found 101\.$/);
  });

  it('measures a document once per kind of caller: accepted for one, still refused for the other, every time', async () => {
    const query = aliasedItems(35);
    for (let round = 0; round < 2; round += 1) {
      const authenticated = await gql(t.app, query, admin);
      expect([authenticated.status, authenticated.body.errors]).toEqual([200, undefined]);
      expectRefused(await gql(t.app, query), 'GRAPHQL_VALIDATION_FAILED', 'aliases', /^Aliases limit of 30 exceeded, found 35\.$/);
    }
  });

  it('refuses a query deeper than the limit', async () => {
    expectRefused(await gql(t.app, parentChain(25), admin), 'GRAPHQL_VALIDATION_FAILED', 'depth', /^Query depth limit of 20 exceeded, found 28\.$/);
    expectRefused(await gql(t.app, parentChain(10)), 'GRAPHQL_VALIDATION_FAILED', 'depth', /^Query depth limit of 12 exceeded, found 13\.$/);
    const authenticated = await gql(t.app, parentChain(10), admin);
    expect(authenticated.status).toBe(200);
    expect(authenticated.body.errors).toBeUndefined();
    const within = await gql(t.app, parentChain(1));
    expect(within.status).toBe(200);
    expect(dataAt(within, '_repository', 'location')).toEqual({ parentLocation: { id: 1 } });
  });

  it('refuses an anonymous document of more tokens than its limit that an authenticated caller may send', async () => {
    // A long list literal: many tokens, few fields.
    const query = `{ _repository { location(locationId: 2) { children(sortBy: [${'_name '.repeat(3_500)}]) { totalCount } } } }`;
    expectRefused(await gql(t.app, query), 'GRAPHQL_PARSE_FAILED', 'tokens', /more that 3000 tokens/);
    const authenticated = await gql(t.app, query, admin);
    expect(authenticated.status).toBe(200);
    expect(authenticated.body.errors).toBeUndefined();
  });

  it('refuses a query over the cost limit (page sizes multiply the cost of what they list)', async () => {
    const page = (first: number) => `children(first: ${first}) { edges { node { id pathString content { _name } } } }`;
    const query = `{ _repository { location(locationId: 1) { ${page(400)} } } }`;
    expectRefused(await gql(t.app, query), 'GRAPHQL_VALIDATION_FAILED', 'cost', /^Query Cost limit of 20000 exceeded, found \d+/);
    expect((await gql(t.app, query, admin)).status).toBe(200);
    const nested = `{ _repository { location(locationId: 1) { children(first: 100) { edges { node { ${page(100)} } } } } } }`;
    expectRefused(await gql(t.app, nested, admin), 'GRAPHQL_VALIDATION_FAILED', 'cost', /^Query Cost limit of 100000 exceeded, found \d+/);
  });

  it('refuses too many directives', async () => {
    const query = `{ item(contentId: 1) { ${'_name @include(if: true) '.repeat(21)}} }`;
    expectRefused(await gql(t.app, query), 'GRAPHQL_VALIDATION_FAILED', 'directives', /^Directives limit of 20 exceeded, found 21\.$/);
    expect((await gql(t.app, query, admin)).status).toBe(200);
  });

  it('lets the full introspection query through, anonymous too', async () => {
    const response = await gql(t.app, getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, inputValueDeprecation: true }));
    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
  });
});

describe('query limits (configured)', () => {
  it('takes limits from the middleware options, keeping the defaults of the others', async () => {
    const t = await createGraphQLTestApp({ queryLimits: { anonymous: { maxDepth: 4 }, authenticated: { maxAliases: 2 } } });
    try {
      expectRefused(await gql(t.app, parentChain(2)), 'GRAPHQL_VALIDATION_FAILED', 'depth', /^Query depth limit of 4 exceeded, found 5\.$/);
      expect((await gql(t.app, parentChain(1))).status).toBe(200);
      expectRefused(await gql(t.app, aliasedItems(3), admin), 'GRAPHQL_VALIDATION_FAILED', 'aliases', /^Aliases limit of 2 exceeded, found 3\.$/);
      expect((await gql(t.app, aliasedItems(3))).status).toBe(200);
    } finally {
      await t.graphql.stop();
    }
  });

  it('fills in defaults and refuses limits that are not positive integers', () => {
    expect(resolveQueryLimits({ anonymous: { maxCost: 7 } })).toEqual({
      authenticated: DEFAULT_AUTHENTICATED_QUERY_LIMITS,
      anonymous: { ...DEFAULT_ANONYMOUS_QUERY_LIMITS, maxCost: 7 },
    });
    expect(() => resolveQueryLimits({ authenticated: { maxDepth: 0 } })).toThrow(RangeError);
    expect(() => resolveQueryLimits({ anonymous: { maxTokens: 1.5 } })).toThrow(/anonymous\.maxTokens must be a positive integer/);
  });
});
