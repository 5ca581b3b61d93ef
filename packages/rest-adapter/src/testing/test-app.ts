import { createTestRepository, type TestRepository } from '@contentrepo/core/testing';
import express, { type Express } from 'express';
import { createRestRouter, type RestRouterOptions } from '../router.js';

/** An Express app serving the REST router at `mount` over an in-memory repository (tests only). */
export async function createTestApp(
  options: Partial<Omit<RestRouterOptions, 'repository' | 'sessions'>> & { mount?: string } = {},
): Promise<{ app: Express; repo: TestRepository }> {
  const repo = await createTestRepository({ languages: ['pol-PL'] });
  const app = express();
  const { mount = '/api/ibexa/v2', ...routerOptions } = options;
  app.use(mount, createRestRouter({ repository: repo.anonymous, sessions: repo.sessions, ...routerOptions }));
  return { app, repo };
}
