import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_DIST_DIR } from '../../src/web/admin-app.js';

/**
 * Throws unless the content browser is built (`apps/admin/dist/index.html`): its browser tests need the built app,
 * which the root `build` and `test` scripts make.
 * @throws Error naming the command that builds it.
 */
export function assertAdminBuilt(): void {
  if (!existsSync(join(ADMIN_DIST_DIR, 'index.html'))) throw new Error('The content browser is not built: run `npx pnpm@10 build:admin` first');
}

/** Options of {@link newAdminPage}: the browser context's time zone and locale (the browser's own by default). */
export interface AdminPageOptions {
  readonly timezoneId?: string;
  readonly locale?: string;
}

/**
 * A 1280×800 page for the content browser, waiting at most 10 s for any element, on which an uncaught script error
 * fails the test.
 */
export async function newAdminPage(browser: Browser, options: AdminPageOptions = {}): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, ...options });
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (error) => {
    throw error;
  });
  return page;
}

/** Fills the content browser's sign-in form shown on `page` with `login` and `password` and submits it. */
export async function submitSignIn(page: Page, login: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
