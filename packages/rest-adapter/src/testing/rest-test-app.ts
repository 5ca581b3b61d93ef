import { createTestRepository, type TestRepository } from '@contentrepo/core/testing';
import { createHttpAuth, type HttpAuthOptions } from '@contentrepo/http-auth';
import express, { type Express } from 'express';
import { createRestRouter, type RestRouterOptions } from '../router.js';

/** Options of {@link createTestApp}: router options, the authentication switches tests use, and the mount path. */
export type TestAppOptions = Partial<Omit<RestRouterOptions, 'repository' | 'auth'>> &
  Pick<HttpAuthOptions, 'basicAuth' | 'tokens'> & { readonly mount?: string };

/** An Express app serving the REST router at `mount` over an in-memory repository (tests only). */
export async function createTestApp(options: TestAppOptions = {}): Promise<{ app: Express; repo: TestRepository }> {
  const repo = await createTestRepository({ languages: ['pol-PL'] });
  const app = express();
  const { mount = '/api/ibexa/v2', basicAuth, tokens, ...routerOptions } = options;
  const auth = createHttpAuth({
    repository: repo.anonymous,
    sessions: repo.sessions,
    ...(basicAuth === undefined ? {} : { basicAuth }),
    ...(tokens === undefined ? {} : { tokens }),
  });
  app.use(mount, createRestRouter({ repository: repo.anonymous, auth, ...routerOptions }));
  return { app, repo };
}
