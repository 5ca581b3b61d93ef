import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { assertAdminBuilt, newAdminPage, submitSignIn } from '../support/admin-page.js';
import { describeInBrowser, launchBrowser, saveScreenshot, startListeningTestServer, type ListeningTestServer } from '../support/browser.js';

const names = (text: string): { value: { _languageCode: string; '#text': string }[] } => ({ value: [{ _languageCode: 'eng-GB', '#text': text }] });

/** A field definition of the test content type. */
const field = (identifier: string, fieldType: string, position: number, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  identifier,
  fieldType,
  position,
  names: names(identifier.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase())),
  isRequired: false,
  isTranslatable: true,
  isSearchable: true,
  ...extra,
});

/**
 * The content browser's editors of each field type, on a content type made through the REST API with one field of
 * each: text line and block, integer (range-checked by the API), float, date, date and time, checkbox, selection,
 * keywords and URL. A value out of range is refused beside its field; the published values are shown back.
 */
describeInBrowser('the content browser: field editors', () => {
  let browser: Browser;
  let server: ListeningTestServer;
  let page: Page;

  beforeAll(async () => {
    assertAdminBuilt();
    [browser, server] = await Promise.all([launchBrowser(), startListeningTestServer()]);
    const response = await fetch(`${server.origin}/api/ibexa/v2/content/typegroups/1/types?publish=true`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from('admin:publish').toString('base64')}`,
        Accept: 'application/vnd.ibexa.api.ContentType+json',
        'Content-Type': 'application/vnd.ibexa.api.ContentTypeCreate+json',
      },
      body: JSON.stringify({
        ContentTypeCreate: {
          identifier: 'event',
          mainLanguageCode: 'eng-GB',
          names: names('Event'),
          nameSchema: '<title>',
          isContainer: false,
          FieldDefinitions: {
            FieldDefinition: [
              field('title', 'ezstring', 1, { isRequired: true }),
              field('summary', 'eztext', 2),
              field('attendees', 'ezinteger', 3, { validatorConfiguration: { IntegerValueValidator: { minIntegerValue: 0, maxIntegerValue: 100 } } }),
              field('price', 'ezfloat', 4),
              field('day', 'ezdate', 5),
              field('starts', 'ezdatetime', 6),
              field('public', 'ezboolean', 7),
              field('track', 'ezselection', 8, { fieldSettings: { isMultiple: false, options: { 0: 'Design', 1: 'Engineering', 2: 'Content' } } }),
              field('tags', 'ezkeyword', 9),
              field('website', 'ezurl', 10, { isSearchable: false }),
            ],
          },
        },
      }),
    });
    if (response.status !== 201) throw new Error(`Creating the content type: ${response.status} ${await response.text()}`);
    page = await newAdminPage(browser, { timezoneId: 'UTC', locale: 'en-GB' });
    await page.goto(`${server.origin}/admin/`);
    await submitSignIn(page, 'admin', 'publish');
    await page.locator('.content-page h1', { hasText: 'Ibexa Platform' }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('refuses a value out of range beside its field, then publishes every field type', async () => {
    await page.getByLabel('Create content here').selectOption({ label: 'Event' });
    await page.getByRole('heading', { name: 'Create Event' }).waitFor();
    await page.locator('#field-title').fill('Launch party');
    await page.locator('#field-summary').fill('Two lines\nof summary.');
    await page.locator('#field-attendees').fill('500');
    await page.locator('#field-price').fill('9.5');
    await page.locator('#field-day').fill('2026-06-15');
    await page.locator('#field-starts').fill('2026-06-15T09:30');
    await page.locator('#field-public').check();
    await page.locator('#field-track').selectOption({ label: 'Engineering' });
    await page.locator('#field-tags').fill('launch, party');
    await page.locator('#field-website').fill('https://example.com/launch');
    await page.getByRole('button', { name: 'Publish' }).click();
    const attendees = page.locator('.form-field[data-field="attendees"]');
    await attendees.locator('.field-error').waitFor();
    await expect(attendees.locator('.field-error').textContent()).resolves.toMatch(/100/);
    await expect(page.locator('.field-error').count()).resolves.toBe(1);
    await page.locator('#field-attendees').fill('42');
    await saveScreenshot(page, 'admin-field-editors');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.locator('.content-page h1', { hasText: 'Launch party' }).waitFor();
    const shown = async (identifier: string): Promise<string | null> => page.locator(`.field[data-field="${identifier}"] dd`).textContent();
    await expect(shown('summary')).resolves.toBe('Two lines\nof summary.');
    await expect(shown('attendees')).resolves.toBe('42');
    await expect(shown('price')).resolves.toBe('9.5');
    await expect(page.locator('.field[data-field="day"] time').getAttribute('datetime')).resolves.toBe('2026-06-15T00:00:00.000Z');
    await expect(page.locator('.field[data-field="starts"] time').getAttribute('datetime')).resolves.toBe('2026-06-15T09:30:00.000Z');
    await expect(shown('public')).resolves.toBe('Yes');
    await expect(shown('track')).resolves.toBe('Engineering');
    await expect(shown('tags')).resolves.toBe('launch, party');
    await expect(page.locator('.field[data-field="website"] a').getAttribute('href')).resolves.toBe('https://example.com/launch');
  });

  it('edits the values again in a draft: the editors start from the published values', async () => {
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByText('Editing draft · version 2').waitFor();
    await expect(page.locator('#field-attendees').inputValue()).resolves.toBe('42');
    await expect(page.locator('#field-day').inputValue()).resolves.toBe('2026-06-15');
    await expect(page.locator('#field-starts').inputValue()).resolves.toBe('2026-06-15T09:30');
    await expect(page.locator('#field-public').isChecked()).resolves.toBe(true);
    await expect(page.locator('#field-tags').inputValue()).resolves.toBe('launch, party');
    await page.locator('#field-public').uncheck();
    await page.locator('#field-track').selectOption({ label: 'Content' });
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.locator('.field[data-field="track"] dd', { hasText: 'Content' }).waitFor();
    await expect(page.locator('.field[data-field="public"] dd').textContent()).resolves.toBe('No');
  });
});
