import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { describeInBrowser, launchBrowser, saveScreenshot, startListeningTestServer, type ListeningTestServer } from '../support/browser.js';

describeInBrowser('the browser test kit', () => {
  let browser: Browser;
  let server: ListeningTestServer;
  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startListeningTestServer()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('calls the REST API from a page of the test server and keeps a screenshot', async () => {
    const page = await browser.newPage();
    // A blank page of the server's origin (served by the browser itself), so that the fetch below is same-origin.
    await page.route(`${server.origin}/kit.html`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>kit</title><h1>kit</h1>' }));
    await page.goto(`${server.origin}/kit.html`);
    const root = await page.evaluate(async () => {
      const response = await fetch('/api/ibexa/v2/', { headers: { Accept: 'application/vnd.ibexa.api.Root+json' } });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    });
    expect(root.status).toBe(200);
    expect(Object.keys(root.body)).toEqual(['Root']);
    expect(await saveScreenshot(page, 'rest-root')).toMatch(/rest-root\.png$/);
  });
});
