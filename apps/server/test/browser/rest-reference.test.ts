import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { describeInBrowser, launchBrowser, saveScreenshot, screenshotDir, startListeningTestServer, type ListeningTestServer } from '../support/browser.js';

const VIEWER = '/api/ibexa/v2/docs/';

describeInBrowser('the REST reference viewer', () => {
  let browser: Browser;
  let server: ListeningTestServer;
  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startListeningTestServer()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Opens the viewer, recording what the page loads and every error it reports (CSP refusals included). */
  async function openViewer(): Promise<{ page: Page; errors: string[]; foreign: string[]; bytes: Map<string, { body: number; transferred: number }>; loadMs: number }> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    const foreign: string[] = [];
    const bytes = new Map<string, { body: number; transferred: number }>();
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => {
      if (!request.url().startsWith(server.origin) && !request.url().startsWith('data:')) foreign.push(request.url());
    });
    page.on('response', (response) => {
      void Promise.all([response.body(), response.request().sizes()]).then(
        ([body, sizes]) => bytes.set(new URL(response.url()).pathname, { body: body.length, transferred: sizes.responseBodySize }),
        () => undefined,
      );
    });
    const started = Date.now();
    await page.goto(`${server.origin}${VIEWER}`);
    await page.locator('.opblock-tag').first().waitFor();
    return { page, errors, foreign, bytes, loadMs: Date.now() - started };
  }

  it('lists the paths of the API, expands one and runs it against the server', async () => {
    const { page, errors, foreign, bytes, loadMs } = await openViewer();
    await expect(page.locator('.info .title').textContent()).resolves.toContain('contentrepo REST API');

    // The Content tag lists the content item path; expanding its GET shows the parameter and the answers.
    await page.locator('.opblock-tag', { hasText: /^Content(?! types)/ }).first().click();
    const path = page.locator('.opblock-get [data-path="/content/objects/{contentId}"]').first();
    await path.waitFor();
    await path.click();
    const operation = page.locator('.opblock-get.is-open').first();
    await operation.locator('.parameters').waitFor();
    await expect(operation.locator('.parameters').textContent()).resolves.toContain('contentId');
    await expect(operation.locator('.responses-wrapper').textContent()).resolves.toContain('application/vnd.ibexa.api.Content+json');

    // "Try it out" calls the REST API of the same server (as the anonymous user) and shows its answer.
    await operation.locator('button.try-out__btn').click();
    await operation.locator('input[placeholder="contentId"]').fill('1');
    await operation.locator('button.execute').click();
    const live = operation.locator('.live-responses-table tbody .response-col_status').first();
    await live.waitFor();
    await expect(live.textContent()).resolves.toContain('200');
    expect(await saveScreenshot(page, 'rest-reference')).toMatch(/rest-reference\.png$/);

    // The event stream, served beside the REST router, is listed under its own tag with its stream answer.
    await page.locator('.opblock-tag', { hasText: /^Events/ }).first().click();
    const events = page.locator('.opblock-get [data-path="/events"]').first();
    await events.waitFor();
    await events.click();
    const stream = page.locator('.opblock-get.is-open', { has: page.locator('[data-path="/events"]') }).first();
    await stream.locator('.parameters').waitFor();
    const parameters = (await stream.locator('.parameters').textContent()) ?? '';
    expect([parameters.includes('after'), parameters.includes('Last-Event-ID')]).toEqual([true, true]);
    const answers = (await stream.locator('.responses-wrapper').textContent()) ?? '';
    expect([answers.includes('text/event-stream'), answers.includes(': heartbeat'), answers.includes('401')]).toEqual([true, true, true]);

    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    // The page weight and load time, kept beside the screenshots.
    const weight = Object.fromEntries([...bytes].filter(([name]) => name.startsWith(VIEWER) || name.endsWith('/openapi.json')));
    await writeFile(join(screenshotDir(), 'rest-reference-weight.json'), JSON.stringify({ loadMs, bytes: weight }, null, 2));
    expect(Object.keys(weight)).toEqual(expect.arrayContaining([`${VIEWER}swagger-ui-bundle.js`, '/api/ibexa/v2/openapi.json']));
  }, 60_000);
});
