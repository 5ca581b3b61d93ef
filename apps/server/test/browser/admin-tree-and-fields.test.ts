import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { assertAdminBuilt, newAdminPage, submitSignIn } from '../support/admin-page.js';
import { describeInBrowser, launchBrowser, saveScreenshot, startListeningTestServer, type ListeningTestServer } from '../support/browser.js';

const vnd = (name: string): string => `application/vnd.ibexa.api.${name}+json`;

/**
 * The content browser with content made through the REST API beforehand: a folder of 12 children (tree paging and
 * sorting), rich text with a list, links and a `javascript:` link (rendered safely), an article related to an
 * image (the relation linked), a file uploaded and downloaded, a draft discarded, and readers: one whose policies
 * the app can read (no editing actions offered), one whose it cannot (offered, and the API's refusal shown).
 */
describeInBrowser('the content browser: tree paging and sorting, field types, permissions', () => {
  let browser: Browser;
  let server: ListeningTestServer;
  let page: Page;
  const admin = (path = '/'): string => `${server.origin}/admin${path}`;

  /** A REST call as admin (HTTP Basic, which the test server accepts), answering the parsed body and headers. */
  async function asAdmin(method: string, path: string, input?: { name: string; body: unknown }, headers: Record<string, string> = {}): Promise<{ body: Record<string, never> & Record<string, unknown>; location: string | null }> {
    const response = await fetch(`${server.origin}/api/ibexa/v2${path}`, {
      method: method === 'PUBLISH' ? 'POST' : method,
      headers: {
        Authorization: `Basic ${Buffer.from('admin:publish').toString('base64')}`,
        Accept: 'application/json',
        ...(input ? { 'Content-Type': vnd(input.name) } : {}),
        ...(method === 'PUBLISH' ? { 'X-HTTP-Method-Override': 'PUBLISH' } : {}),
        ...headers,
      },
      ...(input ? { body: JSON.stringify(input.body) } : {}),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    const text = await response.text();
    return { body: text === '' ? {} : JSON.parse(text), location: response.headers.get('location') };
  }

  /** Creates and publishes content of type `typeId` under location `parentPath` (`/1/2`); answers its id and main location path. */
  async function publish(typeId: number, parentPath: string, fields: Record<string, unknown>, priority = 0): Promise<{ id: number; path: string }> {
    const created = await asAdmin('POST', '/content/objects', {
      name: 'ContentCreate',
      body: {
        ContentCreate: {
          ContentType: { _href: `/api/ibexa/v2/content/types/${typeId}` },
          mainLanguageCode: 'eng-GB',
          LocationCreate: { ParentLocation: { _href: `/api/ibexa/v2/content/locations${parentPath}` }, sortField: 'PATH', sortOrder: 'ASC', priority },
          fields: { field: Object.entries(fields).map(([fieldDefinitionIdentifier, fieldValue]) => ({ fieldDefinitionIdentifier, languageCode: 'eng-GB', fieldValue })) },
        },
      },
    });
    const content = created.body['Content'] as unknown as { _id: number };
    await asAdmin('PUBLISH', `/content/objects/${content._id}/versions/1`);
    const reloaded = await asAdmin('GET', `/content/objects/${content._id}`);
    const main = (reloaded.body['Content'] as unknown as { MainLocation: { _href: string } }).MainLocation._href;
    return { id: content._id, path: main.slice(main.indexOf('/content/locations') + '/content/locations'.length) };
  }

  let parent: { id: number; path: string };
  let article: { id: number; path: string };

  beforeAll(async () => {
    assertAdminBuilt();
    [browser, server] = await Promise.all([launchBrowser(), startListeningTestServer()]);
    parent = await publish(1, '/1/2', {
      name: 'Many children',
      description: {
        xml: '<section xmlns="http://ibexa.co/namespaces/ezpublish5/xhtml5/edit"><h2>Heading</h2><ul><li>One</li><li>Two</li></ul><p>A <a href="https://example.com/">safe link</a> and an <a href="javascript:alert(1)">unsafe one</a>.</p></section>',
      },
    });
    // The children's own sort: priority ascending; Child 12 has the lowest priority.
    await asAdmin('PATCH', `/content/locations${parent.path}`, { name: 'LocationUpdate', body: { LocationUpdate: { sortField: 'PRIORITY', sortOrder: 'ASC' } } });
    for (let n = 1; n <= 12; n += 1) await publish(1, parent.path, { name: `Child ${String(n).padStart(2, '0')}` }, 13 - n);
    const image = await publish(5, parent.path, { name: 'Related image' }, 100);
    article = await publish(2, '/1/2', { title: 'An article', intro: { xml: '<section xmlns="http://ibexa.co/namespaces/ezpublish5/xhtml5/edit"><p>Intro.</p></section>' }, image: { destinationContentId: image.id } });
    page = await newAdminPage(browser);
    await page.goto(admin('/'));
    await submitSignIn(page, 'admin', 'publish');
    await page.getByText('Administrator User').waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const childNames = (): Promise<string[]> => page.locator(`li[data-location-id="${parent.path.split('/').pop()}"] > ul > li > .tree-row a`).allTextContents();

  it("pages a node's children ten at a time in the location's own order, and sorts them by name", async () => {
    const tree = page.getByRole('navigation', { name: 'Content tree' });
    await tree.getByRole('button', { name: 'Expand Many children' }).click();
    await tree.getByRole('button', { name: 'Show more (3)' }).waitFor();
    const first = await childNames();
    expect(first).toHaveLength(10);
    expect(first.slice(0, 3)).toEqual(['Child 12', 'Child 11', 'Child 10']);
    await tree.getByRole('button', { name: 'Show more (3)' }).click();
    await page.locator('.tree-more').waitFor({ state: 'detached' });
    expect(await childNames()).toEqual(['Child 12', 'Child 11', 'Child 10', 'Child 09', 'Child 08', 'Child 07', 'Child 06', 'Child 05', 'Child 04', 'Child 03', 'Child 02', 'Child 01', 'Related image']);
    await tree.getByLabel('Sort children').selectOption('name');
    await tree.getByRole('button', { name: 'Show more (3)' }).waitFor();
    expect((await childNames()).slice(0, 3)).toEqual(['Child 01', 'Child 02', 'Child 03']);
    await saveScreenshot(page, 'admin-tree');
  });

  it('renders rich text with its structure and links, without the unsafe link', async () => {
    await page.goto(admin(`/content/${parent.id}`));
    const description = page.locator('[data-field="description"] .rich-text');
    await description.locator('h2', { hasText: 'Heading' }).waitFor();
    await expect(description.locator('li').allTextContents()).resolves.toEqual(['One', 'Two']);
    await expect(description.getByRole('link', { name: 'safe link' }).getAttribute('href')).resolves.toBe('https://example.com/');
    await expect(description.locator('a', { hasText: 'unsafe one' }).getAttribute('href')).resolves.toBeNull();
  });

  it('links a relation to the related item', async () => {
    await page.goto(admin(`/content/${article.id}`));
    await page.locator('[data-field="image"] a', { hasText: 'Related image' }).click();
    await page.locator('.content-page h1', { hasText: 'Related image' }).waitFor();
  });

  it('uploads a file that can then be downloaded', async () => {
    await page.goto(admin(`/content/${parent.id}`));
    await page.getByLabel('Create content here').selectOption({ label: 'File' });
    await page.locator('#field-name').fill('A text file');
    await page.locator('#field-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Notes taken in a browser test.\n') });
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.locator('.content-page h1', { hasText: 'A text file' }).waitFor();
    const link = page.locator('[data-field="file"] a[download]');
    await expect(link.getAttribute('download')).resolves.toBe('notes.txt');
    const href = await link.getAttribute('href');
    expect(href).not.toBeNull();
    const download = await fetch(new URL(href ?? '', server.origin));
    expect(download.status).toBe(200);
    await expect(download.text()).resolves.toBe('Notes taken in a browser test.\n');
  });

  it('discards a draft: the version is gone and the published one stays', async () => {
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByText('Editing draft · version 2').waitFor();
    await page.locator('#field-name').fill('Never published');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('status').getByText('Draft saved.').waitFor();
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await page.locator('.content-page h1', { hasText: 'A text file' }).waitFor();
    await expect(page.locator('tr[data-version]').count()).resolves.toBe(1);
  });

  /** A user in a new group whose one role has `policies`, unlimited. */
  async function userWithPolicies(login: string, policies: readonly { module: string; function: string }[]): Promise<void> {
    const group = await asAdmin('POST', '/user/groups/1/5/subgroups', {
      name: 'UserGroupCreate',
      body: { UserGroupCreate: { mainLanguageCode: 'eng-GB', fields: { field: [{ fieldDefinitionIdentifier: 'name', fieldValue: `Group of ${login}` }] } } },
    });
    const groupPath = (group.location ?? '').replace(/^.*\/api\/ibexa\/v2/, '');
    const role = await asAdmin('POST', '/user/roles?publish=false', { name: 'RoleInput', body: { RoleInput: { identifier: `Role of ${login}` } } });
    const roleId = (role.location ?? '').split('/').pop() ?? '';
    for (const policy of policies) await asAdmin('POST', `/user/roles/${roleId}/policies`, { name: 'PolicyCreate', body: { PolicyCreate: policy } });
    await asAdmin('PUBLISH', `/user/roles/${roleId}/draft`);
    await asAdmin('POST', `${groupPath}/roles`, { name: 'RoleAssignInput', body: { RoleAssignInput: { Role: { _href: `/api/ibexa/v2/user/roles/${roleId}` } } } });
    await asAdmin('POST', `${groupPath}/users`, {
      name: 'UserCreate',
      body: {
        UserCreate: {
          mainLanguageCode: 'eng-GB',
          login,
          email: `${login}@example.com`,
          password: 'Reader-Pass1',
          fields: { field: [{ fieldDefinitionIdentifier: 'first_name', fieldValue: 'Rita' }, { fieldDefinitionIdentifier: 'last_name', fieldValue: login }] },
        },
      },
    });
  }

  async function signInAs(login: string): Promise<void> {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await submitSignIn(page, login, 'Reader-Pass1');
    await page.getByText(`Rita ${login}`).waitFor();
  }

  it('offers a reader whose policies it can read no editing actions', async () => {
    await userWithPolicies('reader', [
      { module: 'content', function: 'read' },
      { module: 'user', function: 'login' },
      { module: 'role', function: 'read' },
    ]);
    await signInAs('reader');
    await page.goto(admin(`/content/${parent.id}`));
    await page.locator('.content-page h1', { hasText: 'Many children' }).waitFor();
    await expect(page.getByRole('button', { name: 'Edit' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Send to trash' }).count()).resolves.toBe(0);
    await expect(page.getByLabel('Create content here').count()).resolves.toBe(0);
    await saveScreenshot(page, 'admin-reader');
  });

  it("reports the API's refusal to a reader whose policies cannot be read", async () => {
    await userWithPolicies('guest', [
      { module: 'content', function: 'read' },
      { module: 'user', function: 'login' },
    ]);
    await signInAs('guest');
    await page.goto(admin(`/content/${parent.id}`));
    await page.locator('.content-page h1', { hasText: 'Many children' }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/^(401|403) · .*edit/);
  });
});
