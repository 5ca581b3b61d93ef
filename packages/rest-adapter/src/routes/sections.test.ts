import { beforeEach, describe, expect, it } from '@jest/globals';
import type { TestRepository } from '@contentrepo/core/testing';
import type { Express } from 'express';
import { PREFIX, rest, vnd } from '../testing/rest-client.js';
import { createTestApp } from '../testing/rest-test-app.js';

describe('sections (/content/sections…, SectionInput)', () => {
  let app: Express;
  let repo: TestRepository;
  beforeEach(async () => {
    ({ app, repo } = await createTestApp({ basicAuth: true }));
  });
  const sectionCount = async (): Promise<number> => (await repo.admin.sectionService.loadSections()).length;

  it('creates a section from JSON and XML: 201 + Location, Accept-Patch SectionInput', async () => {
    const json = await rest(app, { method: 'POST', path: '/content/sections', input: 'SectionInput', accept: 'Section', body: { SectionInput: { identifier: 'news', name: 'News' } } });
    expect(json.status).toBe(201);
    expect(json.headers['accept-patch']).toBe(vnd('SectionInput'));
    const id = json.body.Section.sectionId as number;
    expect(json.headers['location']).toBe(`${PREFIX}/content/sections/${id}`);
    expect(json.body.Section).toEqual({ '_media-type': vnd('Section'), _href: `${PREFIX}/content/sections/${id}`, sectionId: id, identifier: 'news', name: 'News' });
    const xml = await rest(app, {
      method: 'POST',
      path: '/content/sections',
      input: 'SectionInput',
      format: 'xml',
      body: '<?xml version="1.0" encoding="UTF-8"?><SectionInput><identifier>blog</identifier><name>Blog</name></SectionInput>',
    });
    expect(xml.status).toBe(201);
    expect(xml.text).toContain('<identifier>blog</identifier><name>Blog</name></Section>');
  });

  it('refuses bad input (400) and taken identifiers (403), changing nothing', async () => {
    const before = await sectionCount();
    const missing = await rest(app, { method: 'POST', path: '/content/sections', input: 'SectionInput', body: { SectionInput: { identifier: 'x' } } });
    expect([missing.status, missing.body.ErrorMessage.errorDescription]).toEqual([400, "Missing 'name' element for SectionInput."]);
    const taken = await rest(app, { method: 'POST', path: '/content/sections', input: 'SectionInput', body: { SectionInput: { identifier: 'media', name: 'Again' } } });
    expect([taken.status, taken.body.ErrorMessage.errorCode]).toEqual([403, 403]);
    const malformed = await rest(app, { method: 'POST', path: '/content/sections', input: 'SectionInput', body: '{"SectionInput": ' });
    expect(malformed.status).toBe(400);
    expect((await rest(app, { method: 'POST', path: '/content/sections', input: 'SectionInput', body: { SectionInput: { identifier: 'anon', name: 'Anon' } }, auth: null })).status).toBe(401);
    expect(await sectionCount()).toBe(before);
  });

  it('updates (both members required) and deletes sections; a section in use is a 409', async () => {
    const patched = await rest(app, { method: 'PATCH', path: '/content/sections/3', input: 'SectionInput', body: { SectionInput: { identifier: 'media', name: 'Media files' } } });
    expect([patched.status, patched.body.Section.name]).toEqual([200, 'Media files']);
    expect((await rest(app, { method: 'PATCH', path: '/content/sections/3', input: 'SectionInput', body: { SectionInput: { name: 'Only name' } } })).status).toBe(400);
    expect((await rest(app, { method: 'PATCH', path: '/content/sections/3', input: 'SectionInput', body: { SectionInput: { identifier: 'users', name: 'Clash' } } })).status).toBe(403);
    expect((await rest(app, { method: 'PATCH', path: '/content/sections/99', input: 'SectionInput', body: { SectionInput: { identifier: 'x', name: 'y' } } })).status).toBe(404);
    const inUse = await rest(app, { method: 'DELETE', path: '/content/sections/3', format: 'xml' });
    expect(inUse.status).toBe(409);
    expect(inUse.text).toContain('<errorMessage>Conflict</errorMessage>');
    const created = await repo.admin.sectionService.createSection({ identifier: 'temp', name: 'Temp' });
    expect((await rest(app, { method: 'DELETE', path: `/content/sections/${created.id}` })).status).toBe(204);
    expect((await rest(app, { method: 'GET', path: `/content/sections/${created.id}` })).status).toBe(404);
    expect((await rest(app, { method: 'DELETE', path: '/content/sections/99' })).status).toBe(404);
  });
});
