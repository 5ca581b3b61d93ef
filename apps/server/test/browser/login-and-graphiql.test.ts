import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describeInBrowser, launchBrowser, saveScreenshot, startListeningTestServer, type ListeningTestServer } from '../support/browser.js';

/** Bytes a page fetched (compressed, as sent) by kind, from the Resource Timing entries of the page and its files. */
async function pageWeight(page: Page): Promise<{ readonly document: number; readonly script: number; readonly css: number; readonly font: number }> {
  return page.evaluate(() => {
    // (Typed without the DOM library: every timing entry, with its encoded size when it has one.)
    const entries = performance.getEntries().map((entry) => ({
      type: String(entry.entryType),
      name: entry.name,
      size: 'encodedBodySize' in entry && typeof entry.encodedBodySize === 'number' ? entry.encodedBodySize : 0,
    }));
    const sum = (test: RegExp) => entries.filter((entry) => entry.type === 'resource' && test.test(entry.name)).reduce((total, entry) => total + entry.size, 0);
    return {
      document: entries.find((entry) => entry.type === 'navigation')?.size ?? 0,
      script: sum(/\.js(\?|$)/),
      css: sum(/\.css(\?|$)/),
      font: sum(/\.woff2?(\?|$)/),
    };
  });
}

/** The text of GraphiQL's result pane once it contains `text` (a run answered). */
async function resultOnceItHas(page: Page, text: string): Promise<string> {
  const pane = page.locator('.result-window', { hasText: text });
  await pane.waitFor({ timeout: 10_000 });
  return (await pane.textContent()) ?? '';
}

describeInBrowser('the landing page, the login page and GraphiQL in Chromium', () => {
  let browser: Browser;
  let server: ListeningTestServer;
  let context: BrowserContext;
  let page: Page;
  const requestedOrigins = new Set<string>();
  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startListeningTestServer()]);
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    page.on('request', (request) => requestedOrigins.add(new URL(request.url()).origin));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('opens the landing page and follows its link to the login page', async () => {
    await page.goto(`${server.origin}/`);
    await expect(page.locator('h1').textContent()).resolves.toBe('contentrepo');
    await expect(page.locator('.card h2').allTextContents()).resolves.toEqual(expect.arrayContaining(['GraphQL explorer', 'REST reference', 'Log in']));
    const weight = await pageWeight(page);
    expect(weight.script).toBe(0);
    expect(weight.document + weight.css).toBeLessThan(20_000);
    await saveScreenshot(page, 'landing-page');
    await page.click('header >> text=Log in');
    await page.waitForURL(`${server.origin}/login`);
  });

  it('shows the form again with an error for a wrong password, then signs in and returns to the landing page', async () => {
    await page.fill('input[name="_username"]', 'admin');
    await page.fill('input[name="_password"]', 'not the password');
    await page.click('button:has-text("Login")');
    await expect(page.locator('.error').textContent()).resolves.toBe('Invalid credentials.');
    await saveScreenshot(page, 'login-page-error');
    await page.fill('input[name="_password"]', 'publish');
    await page.click('button:has-text("Login")');
    await page.waitForURL(`${server.origin}/`);
    await expect(page.locator('.who').textContent()).resolves.toBe('Signed in as admin');
  });

  it('calls REST with the session cookie: reads the CSRF token, and an unsafe call passes with it only', async () => {
    const replies = await page.evaluate(async () => {
      const current = await fetch('/api/ibexa/v2/user/sessions/current', { headers: { Accept: 'application/vnd.ibexa.api.Session+json' } });
      const { Session } = (await current.json()) as { Session: { csrfToken: string; User: { _href: string } } };
      const without = await fetch('/api/ibexa/v2/content/objects/999999', { method: 'DELETE' });
      const withToken = await fetch('/api/ibexa/v2/content/objects/999999', { method: 'DELETE', headers: { 'X-CSRF-Token': Session.csrfToken } });
      return { current: current.status, user: Session.User._href, without: without.status, withToken: withToken.status };
    });
    expect(replies).toEqual({ current: 200, user: '/api/ibexa/v2/user/users/14', without: 401, withToken: 404 });
  });

  it('runs a query and a mutation in GraphiQL as the signed-in user, loading nothing from another origin', async () => {
    const started = Date.now();
    await page.goto(`${server.origin}/graphql`);
    await page.waitForSelector('.graphiql-execute-button');
    const interactiveMs = Date.now() - started;
    expect(interactiveMs).toBeLessThan(15_000);
    const weight = await pageWeight(page);
    expect(weight.script).toBeGreaterThan(100_000);
    expect(weight.script).toBeLessThan(600_000);

    // Type the query into the editor (replacing the default one) and run it with the button.
    await page.click('.graphiql-query-editor .CodeMirror');
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type('{ item(contentId: 14) { _name } }');
    await page.click('.graphiql-execute-button');
    await expect(resultOnceItHas(page, '"_name"')).resolves.toContain('"_name": "Administrator User"');
    await saveScreenshot(page, 'graphiql-query');

    // A mutation of a session needs its CSRF token: GraphiQL sends it (set here through the URL's query).
    await page.goto(`${server.origin}/graphql?query=${encodeURIComponent('mutation { createToken(username: "admin", password: "publish") { message } }')}`);
    await page.waitForSelector('.graphiql-execute-button');
    await page.click('.graphiql-execute-button');
    const result = await resultOnceItHas(page, '"createToken"');
    expect(result).toContain('"message": null');
    expect(result).not.toContain('Missing or invalid CSRF token');
    await saveScreenshot(page, 'graphiql-mutation');
    expect([...requestedOrigins]).toEqual([server.origin]);
  });

  it('logs out from the header: back on the login page, and the session is gone', async () => {
    await page.goto(`${server.origin}/`);
    await page.click('header >> text=Log out');
    await page.waitForURL(`${server.origin}/login`);
    const status = await page.evaluate(async () => (await fetch('/api/ibexa/v2/user/sessions/current')).status);
    expect(status).toBe(404);
    await saveScreenshot(page, 'login-page');
  });
});
