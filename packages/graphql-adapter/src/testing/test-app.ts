import { randomBytes } from 'node:crypto';
import { createTestRepository, type TestRepository } from '@contentrepo/core/testing';
import express, { type Express } from 'express';
import { createGraphQLMiddleware, type GraphQLMiddleware, type GraphQLMiddlewareOptions } from '../middleware.js';
import { createJwtTokenService } from '../tokens/jwt-token-service.js';

/** A GraphQL test app over an in-memory repository (tests only). */
export interface GraphQLTestApp {
  readonly app: Express;
  readonly repo: TestRepository;
  readonly graphql: GraphQLMiddleware;
}

/**
 * An Express app serving the GraphQL middleware at `/graphql` over an in-memory clean-install repository with
 * the handler-based search, JWT tokens and Basic authentication, checking the schema on every request.
 */
export async function createGraphQLTestApp(
  options: Partial<Omit<GraphQLMiddlewareOptions, 'repository' | 'sessions'>> = {},
): Promise<GraphQLTestApp> {
  const repo = await createTestRepository({ languages: ['pol-PL'] });
  const graphql = await createGraphQLMiddleware({
    repository: repo.anonymous,
    sessions: repo.sessions,
    tokens: createJwtTokenService({ secret: randomBytes(32), ttlSeconds: 3600 }),
    basicAuth: true,
    schemaCheckIntervalMs: 0,
    ...options,
  });
  const app = express();
  app.use('/graphql', graphql);
  return { app, repo, graphql };
}
