import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { createApp, type App } from '../src/app.js';
import { loadConfig } from '../src/server-config.js';
import { API, call, contentCreate, type Call, type Credentials, type Reply } from './support/rest-session.js';

const ADMIN: Credentials = { basic: ['admin', 'publish'] };
/** A member of Guest accounts: the Anonymous role (content/read, user/login), no content/translations. */
const GUEST: Credentials = { basic: ['lang-guest', 'Guest-Passw0rd'] };

/** One start of the server on `dataDir` with `LANGUAGES=languages`; `logs` receives its log records. */
async function start(dataDir: string, languages: string, logs: Record<string, unknown>[]): Promise<App> {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') logs.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return createApp(loadConfig({ DATA_DIR: dataDir, AUTH_BASIC: 'true', LANGUAGES: languages }), { logger: pino({ level: 'info' }, sink) });
}

const languageList = (reply: Reply): { languageId: number; languageCode: string; name: string }[] =>
  (reply.body.LanguageList.Language as { languageId: number; languageCode: string; name: string }[]).map(({ languageId, languageCode, name }) => ({ languageId, languageCode, name }));

/**
 * Languages at run time, on SQLite: the names Ibexa installs, the REST extension that adds, renames and deletes
 * languages (content/translations only; deletion refused while content uses the language), and `LANGUAGES` entries
 * added at a restart.
 */
describe('languages at run time', () => {
  let dataDir: string;
  let app: App;
  const logs: Record<string, unknown>[] = [];
  const as = (who: Credentials, spec: Call): Promise<Reply> => call(app.express, who, spec);
  const languages = async (): Promise<ReturnType<typeof languageList>> => languageList(await as(null, { method: 'GET', path: '/languages' }));

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-languages-'));
    app = await start(dataDir, 'eng-GB,pol-PL', logs);
    const guest = await as(ADMIN, {
      method: 'POST',
      path: '/user/groups/1/5/12/users',
      input: 'UserCreate',
      body: {
        UserCreate: {
          mainLanguageCode: 'eng-GB',
          login: 'lang-guest',
          email: 'lang-guest@example.com',
          password: 'Guest-Passw0rd',
          fields: { field: [{ fieldDefinitionIdentifier: 'first_name', fieldValue: 'G' }, { fieldDefinitionIdentifier: 'last_name', fieldValue: 'Uest' }] },
        },
      },
    });
    expect(guest.status).toBe(201);
  });
  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('names the installed languages as Ibexa does: "English (United Kingdom)" (2), "Polish (polski)" (4)', async () => {
    expect(await languages()).toEqual([
      { languageId: 2, languageCode: 'eng-GB', name: 'English (United Kingdom)' },
      { languageId: 4, languageCode: 'pol-PL', name: 'Polish (polski)' },
    ]);
    const xml = await as(null, { method: 'GET', path: '/languages/pol-PL', format: 'xml' });
    expect(xml.text).toContain('<languageId>4</languageId><languageCode>pol-PL</languageCode><name>Polish (polski)</name>');
  });

  it('creates a language (201, Location, next bit-flag id, name from the locale data), lists it and takes content in it', async () => {
    const created = await as(ADMIN, { method: 'POST', path: '/languages', input: 'LanguageCreate', accept: 'Language', body: { LanguageCreate: { languageCode: 'ger-DE' } } });
    expect([created.status, created.headers['location']]).toEqual([201, `${API}/languages/ger-DE`]);
    expect(created.body.Language).toMatchObject({ _href: `${API}/languages/ger-DE`, languageId: 8, languageCode: 'ger-DE', name: 'German (Deutsch)' });
    expect((await languages()).map((language) => language.languageCode)).toEqual(['eng-GB', 'pol-PL', 'ger-DE']);

    const folder = contentCreate(1, '1/2', { name: 'Ordner' }) as { ContentCreate: Record<string, unknown> };
    const content = await as(ADMIN, { method: 'POST', path: '/content/objects', input: 'ContentCreate', body: { ContentCreate: { ...folder.ContentCreate, mainLanguageCode: 'ger-DE' } } });
    expect(content.status).toBe(201);
    expect(content.body.Content.mainLanguageCode).toBe('ger-DE');
  });

  it('creates from XML with a given name, and refuses a taken code (406) and bad input (400, 406), adding nothing', async () => {
    const xml = await as(ADMIN, {
      method: 'POST',
      path: '/languages',
      input: 'LanguageCreate',
      format: 'xml',
      body: '<?xml version="1.0" encoding="UTF-8"?><LanguageCreate><languageCode>fre-FR</languageCode><name>French</name><enabled>true</enabled></LanguageCreate>',
    });
    expect(xml.status).toBe(201);
    expect(xml.text).toContain('<languageId>16</languageId><languageCode>fre-FR</languageCode><name>French</name>');
    const before = await languages();
    const taken = await as(ADMIN, { method: 'POST', path: '/languages', input: 'LanguageCreate', body: { LanguageCreate: { languageCode: 'pol-PL', name: 'Polish' } } });
    expect([taken.status, taken.body.ErrorMessage.errorDescription]).toEqual([
      406,
      `Argument 'languageCreateStruct' is invalid: language with the "pol-PL" language code already exists`,
    ]);
    const missing = await as(ADMIN, { method: 'POST', path: '/languages', input: 'LanguageCreate', body: { LanguageCreate: { name: 'Nameless' } } });
    expect([missing.status, missing.body.ErrorMessage.errorDescription]).toEqual([400, "Missing 'languageCode' element for LanguageCreate."]);
    const malformed = await as(ADMIN, { method: 'POST', path: '/languages', input: 'LanguageCreate', body: { LanguageCreate: { languageCode: 'german' } } });
    expect([malformed.status, malformed.body.ErrorMessage.errorDescription]).toEqual([
      406,
      "Argument 'languageCode' is invalid: 'german' is not a language code like eng-GB or pol-PL",
    ]);
    const empty = await as(ADMIN, { method: 'POST', path: '/languages', input: 'LanguageCreate', body: { LanguageCreate: { languageCode: 'ita-IT', name: ' ' } } });
    expect(empty.status).toBe(406);
    expect(await languages()).toEqual(before);
  });

  it('refuses to delete a language content uses (406 ErrorMessage) and deletes an unused one (204)', async () => {
    const used = await as(ADMIN, { method: 'DELETE', path: '/languages/ger-DE' });
    expect([used.status, used.body.ErrorMessage.errorMessage, used.body.ErrorMessage.errorDescription]).toEqual([
      406,
      'Not Acceptable',
      "Argument 'language' is invalid: Cannot delete language: some content still references the language",
    ]);
    const usedByInstall = await as(ADMIN, { method: 'DELETE', path: '/languages/eng-GB', format: 'xml' });
    expect(usedByInstall.status).toBe(406);
    expect(usedByInstall.text).toContain('<errorCode>406</errorCode>');
    expect((await as(ADMIN, { method: 'DELETE', path: '/languages/fre-FR' })).status).toBe(204);
    expect((await as(null, { method: 'GET', path: '/languages/fre-FR' })).status).toBe(404);
    expect((await as(ADMIN, { method: 'DELETE', path: '/languages/fre-FR' })).status).toBe(404);
    expect((await languages()).map((language) => language.languageCode)).toEqual(['eng-GB', 'pol-PL', 'ger-DE']);
  });

  it('renames, disables and enables a language with PATCH (LanguageUpdate)', async () => {
    const renamed = await as(ADMIN, { method: 'PATCH', path: '/languages/ger-DE', input: 'LanguageUpdate', accept: 'Language', body: { LanguageUpdate: { name: 'Deutsch', enabled: false } } });
    expect([renamed.status, renamed.body.Language.name, renamed.body.Language.languageId]).toEqual([200, 'Deutsch', 8]);
    expect((await app.repository.languageService.loadLanguage('ger-DE')).enabled).toBe(false);
    await as(ADMIN, { method: 'PATCH', path: '/languages/ger-DE', input: 'LanguageUpdate', body: { LanguageUpdate: { enabled: true } } });
    expect(await app.repository.languageService.loadLanguage('ger-DE')).toEqual({ id: 8, languageCode: 'ger-DE', name: 'Deutsch', enabled: true });
    expect((await as(ADMIN, { method: 'PATCH', path: '/languages/xxx-XX', input: 'LanguageUpdate', body: { LanguageUpdate: { name: 'X' } } })).status).toBe(404);
  });

  it('refuses every language write to a user without content/translations (401) and to anonymous, changing nothing', async () => {
    const before = await languages();
    for (const who of [GUEST, null]) {
      const create = await as(who, { method: 'POST', path: '/languages', input: 'LanguageCreate', body: { LanguageCreate: { languageCode: 'ita-IT' } } });
      expect([create.status, create.body.ErrorMessage.errorCode]).toEqual([401, 401]);
      if (who) expect(create.body.ErrorMessage.errorDescription).toBe("The User does not have the 'translations' 'content' permission");
      expect((await as(who, { method: 'PATCH', path: '/languages/pol-PL', input: 'LanguageUpdate', body: { LanguageUpdate: { name: 'P' } } })).status).toBe(401);
      expect((await as(who, { method: 'DELETE', path: '/languages/pol-PL' })).status).toBe(401);
    }
    expect(await languages()).toEqual(before);
  });

  it('adds the LANGUAGES entries missing at a restart, logging them, and adds nothing at the next one', async () => {
    await app.close();
    logs.length = 0;
    app = await start(dataDir, 'eng-GB,pol-PL,ger-DE,ita-IT', logs);
    expect(app.installed).toBe(false);
    expect(logs.filter((record) => String(record['msg']).startsWith('Added the languages'))).toEqual([
      expect.objectContaining({
        msg: 'Added the languages ita-IT from LANGUAGES',
        languages: [{ id: 16, languageCode: 'ita-IT', name: 'Italian (italiano)' }],
      }),
    ]);
    expect((await languages()).slice(2)).toEqual([
      { languageId: 8, languageCode: 'ger-DE', name: 'Deutsch' },
      { languageId: 16, languageCode: 'ita-IT', name: 'Italian (italiano)' },
    ]);

    await app.close();
    logs.length = 0;
    app = await start(dataDir, 'eng-GB,pol-PL,ger-DE,ita-IT', logs);
    expect(logs.some((record) => String(record['msg']).startsWith('Added the languages'))).toBe(false);
    expect((await languages()).length).toBe(4);
  });
});
