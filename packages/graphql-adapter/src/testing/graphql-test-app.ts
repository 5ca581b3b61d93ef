import { randomBytes } from 'node:crypto';
import { createTestRepository, type TestRepository } from '@contentrepo/core/testing';
import { createHttpAuth, createJwtTokenService, type HttpAuthOptions } from '@contentrepo/http-auth';
import express, { type Express } from 'express';
import { createGraphQLMiddleware, type GraphQLMiddleware, type GraphQLMiddlewareOptions } from '../middleware.js';

/** A GraphQL test app over an in-memory repository (tests only). */
export interface GraphQLTestApp {
  readonly app: Express;
  readonly repo: TestRepository;
  readonly graphql: GraphQLMiddleware;
}

/** Options of {@link createGraphQLTestApp}: middleware options and the authentication switches tests use. */
export type GraphQLTestAppOptions = Partial<Omit<GraphQLMiddlewareOptions, 'repository' | 'auth'>> & Pick<HttpAuthOptions, 'basicAuth' | 'tokens'>;

/**
 * An Express app serving the GraphQL middleware at `/graphql` over an in-memory clean-install repository with
 * the handler-based search, JWT tokens and Basic authentication (unless `basicAuth: false`), checking the schema
 * on every request.
 */
export async function createGraphQLTestApp(options: GraphQLTestAppOptions = {}): Promise<GraphQLTestApp> {
  const repo = await createTestRepository({ languages: ['pol-PL'] });
  const { basicAuth = true, tokens = createJwtTokenService({ secret: randomBytes(32), ttlSeconds: 3600 }), ...middlewareOptions } = options;
  const auth = createHttpAuth({ repository: repo.anonymous, sessions: repo.sessions, basicAuth, tokens });
  const graphql = await createGraphQLMiddleware({
    repository: repo.anonymous,
    auth,
    schemaCheckIntervalMs: 0,
    ...middlewareOptions,
  });
  const app = express();
  app.use('/graphql', graphql);
  return { app, repo, graphql };
}
