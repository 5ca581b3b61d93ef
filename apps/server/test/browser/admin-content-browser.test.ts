import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { assertAdminBuilt, newAdminPage, submitSignIn } from '../support/admin-page.js';
import { describeInBrowser, launchBrowser, saveScreenshot, screenshotDir, startListeningTestServer, type ListeningTestServer } from '../support/browser.js';

/**
 * The content browser at /admin, driven in Chromium as a user would: sign in, browse the tree, create and open an
 * item, edit and publish a field, upload an image and see its variation, search, trash and restore, sign out. It
 * runs the app's build (`pnpm build:admin`, which the root `test` script runs first). Screenshots of the main screens
 * are kept in the screenshot folder.
 */
describeInBrowser('the content browser at /admin', () => {
  let browser: Browser;
  let server: ListeningTestServer;
  let page: Page;
  const admin = (path = '/'): string => `${server.origin}/admin${path}`;

  beforeAll(async () => {
    assertAdminBuilt();
    [browser, server] = await Promise.all([launchBrowser(), startListeningTestServer()]);
    page = await newAdminPage(browser);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the sign-in form first, refuses a wrong password with the API message, and signs in', async () => {
    await page.goto(admin('/'));
    await submitSignIn(page, 'admin', 'wrong');
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/^401/);
    await saveScreenshot(page, 'admin-sign-in');
    await page.getByLabel('Password').fill('publish');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Administrator User').waitFor();
    await page.locator('.content-page h1', { hasText: 'Ibexa Platform' }).waitFor();
  });

  it('browses the location tree: expands a node and opens a child', async () => {
    const tree = page.getByRole('navigation', { name: 'Content tree' });
    await tree.getByRole('button', { name: 'Expand Media' }).click();
    await tree.getByRole('link', { name: 'Images' }).click();
    await page.locator('.content-page h1', { hasText: 'Images' }).waitFor();
    expect(page.url()).toMatch(/\/admin\/content\/\d+$/);
    await expect(page.locator('.tree li.current > .tree-row a').textContent()).resolves.toBe('Images');
  });

  it('shows the validation error of a required field beside it, then creates and publishes a folder', async () => {
    await page.getByRole('link', { name: 'Ibexa Platform' }).click();
    await page.locator('.content-page h1', { hasText: 'Ibexa Platform' }).waitFor();
    await page.getByLabel('Create content here').selectOption({ label: 'Folder' });
    await page.getByRole('heading', { name: 'Create Folder' }).waitFor();
    // The form starts from the field's default ("Folder"); an emptied required field is refused by the API.
    await expect(page.locator('#field-name').inputValue()).resolves.toBe('Folder');
    await page.locator('#field-name').fill('');
    await page.getByRole('button', { name: 'Publish' }).click();
    const nameField = page.locator('.form-field[data-field="name"]');
    await nameField.locator('.field-error').waitFor();
    await expect(nameField.locator('.field-error').textContent()).resolves.not.toBe('');
    await saveScreenshot(page, 'admin-validation-error');
    await page.locator('#field-name').fill('Browser test folder');
    await page.locator('#field-description').fill('First paragraph.\n\nSecond paragraph.');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.locator('.content-page h1', { hasText: 'Browser test folder' }).waitFor();
    await expect(page.locator('[data-field="description"] .rich-text p').allTextContents()).resolves.toEqual(['First paragraph.', 'Second paragraph.']);
    await page.getByRole('navigation', { name: 'Content tree' }).getByRole('link', { name: 'Browser test folder' }).waitFor();
  });

  it('edits a field in a new draft and publishes it as version 2', async () => {
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByText('Editing draft · version 2').waitFor();
    await page.locator('#field-name').fill('Browser test folder, edited');
    await saveScreenshot(page, 'admin-edit');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.locator('.content-page h1', { hasText: 'Browser test folder, edited' }).waitFor();
    await expect(page.locator('[data-field="name"] dd').textContent()).resolves.toBe('Browser test folder, edited');
    await expect(page.locator('tr[data-version="2"] .status').textContent()).resolves.toBe('PUBLISHED');
    await expect(page.locator('tr[data-version="1"] .status').textContent()).resolves.toBe('ARCHIVED');
  });

  it('uploads an image and shows it through an image variation', async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 58, g: 91, b: 217 } } }).png().toBuffer();
    await page.getByLabel('Create content here').selectOption({ label: 'Image' });
    await page.getByRole('heading', { name: 'Create Image' }).waitFor();
    await page.locator('#field-name').fill('Browser test image');
    await page.locator('#field-image').setInputFiles({ name: 'blue.png', mimeType: 'image/png', buffer: png });
    await page.locator('.image-preview').waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.locator('.content-page h1', { hasText: 'Browser test image' }).waitFor();
    const image = page.locator('[data-field="image"] img[data-variation]');
    await image.waitFor();
    await expect(image.getAttribute('src')).resolves.toMatch(/\/var\/site\/storage\/images\/.*blue.*\.png$/);
    // (Expressions as strings: they run in the page, whose DOM types the server's tests do not load.)
    await page.waitForFunction(`(() => { const img = document.querySelector('[data-field="image"] img[data-variation]'); return img !== null && img.complete && img.naturalWidth > 0; })()`);
    const width = await image.evaluate((img: { naturalWidth: number }) => img.naturalWidth);
    expect(width).toBeGreaterThan(0);
    expect(width).toBeLessThan(640);
    await saveScreenshot(page, 'admin-content-image');
  });

  it('searches by full text and filters by content type, with the result count', async () => {
    await page.getByRole('link', { name: 'Search', exact: true }).click();
    await page.getByLabel('Search text').fill('Browser test');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.locator('.result-count', { hasText: /^2 results$/ }).waitFor();
    await expect(page.locator('.results tbody a').allTextContents()).resolves.toEqual(expect.arrayContaining(['Browser test folder, edited', 'Browser test image']));
    await page.getByLabel('Content type').selectOption({ label: 'Image' });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.locator('.result-count', { hasText: /^1 result$/ }).waitFor();
    await expect(page.locator('.results tbody a').allTextContents()).resolves.toEqual(['Browser test image']);
    expect(page.url()).toMatch(/\/admin\/search\?q=Browser\+test&type=\d+$/);
    await saveScreenshot(page, 'admin-search');
  });

  it('sends an item to the trash and restores it', async () => {
    await page.locator('.results tbody a', { hasText: 'Browser test image' }).click();
    await page.locator('.content-page h1', { hasText: 'Browser test image' }).waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Send to trash' }).click();
    await page.getByRole('heading', { name: 'Trash' }).waitFor();
    const row = page.locator('.trash tbody tr', { hasText: 'Browser test image' });
    await row.waitFor();
    await saveScreenshot(page, 'admin-trash');
    await row.getByRole('button', { name: 'Restore' }).click();
    await page.getByText('The trash is empty.').waitFor();
    await page.getByRole('link', { name: 'Search', exact: true }).click();
    await page.getByLabel('Search text').fill('Browser test image');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.locator('.results tbody a', { hasText: 'Browser test image' }).waitFor();
  });

  it('signs out: the session is gone, a reload shows the sign-in form', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    const status = await page.evaluate(async () => (await fetch('/api/ibexa/v2/user/sessions/current', { headers: { Accept: 'application/vnd.ibexa.api.Session+json' } })).status);
    expect(status).toBe(404);
  });

  it('loads its first screen with little JavaScript, quickly (measured in a fresh browser context)', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const fresh = await context.newPage();
    let scriptBytes = 0;
    fresh.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        void response.body().then((body) => (scriptBytes += body.length));
      }
    });
    const started = Date.now();
    await fresh.goto(admin('/'));
    await fresh.getByRole('button', { name: 'Sign in' }).waitFor();
    const interactiveMs = Date.now() - started;
    await fresh.waitForLoadState('networkidle');
    const domContentLoadedMs = await fresh.evaluate(`Math.round(performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd ?? -1)`);
    const signInScriptBytes = scriptBytes;
    // Signed in, a reload shows the content screen: the session found, the tree and the content loaded.
    await submitSignIn(fresh, 'admin', 'publish');
    await fresh.locator('.content-page h1').waitFor();
    const reloaded = Date.now();
    await fresh.reload();
    await fresh.locator('.content-page h1', { hasText: 'Ibexa Platform' }).waitFor();
    await fresh.locator('.tree-row a', { hasText: 'Media' }).waitFor();
    const signedInInteractiveMs = Date.now() - reloaded;
    const metrics = { scriptBytes: signInScriptBytes, interactiveMs, domContentLoadedMs, signedInInteractiveMs };
    await mkdir(screenshotDir(), { recursive: true });
    await writeFile(join(screenshotDir(), 'admin-first-screen.json'), `${JSON.stringify(metrics, null, 2)}\n`);
    await context.close();
    expect(signInScriptBytes).toBeGreaterThan(0);
    expect(signInScriptBytes).toBeLessThan(300 * 1024);
  });
});
