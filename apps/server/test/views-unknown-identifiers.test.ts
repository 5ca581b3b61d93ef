import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import request from 'supertest';
import { createApp, type App } from '../src/app.js';
import { loadConfig } from '../src/server-config.js';

const API = '/api/ibexa/v2';
const VIEW = (format: 'json' | 'xml', v11: boolean): string => `application/vnd.ibexa.api.ViewInput+${format}${v11 ? '; version=1.1' : ''}`;

/** The documented ViewInput example (REST reference, "ViewInput (search)"): `article` or `news` below location 2. */
const exampleQuery = (identifiers: readonly string[], parentLocationId = 2) => ({
  Filter: { ContentTypeIdentifierCriterion: identifiers, ParentLocationIdCriterion: parentLocationId },
  limit: 10,
  offset: 0,
  SortClauses: { ContentName: 'ascending' },
  Aggregations: [{ ContentTypeTermAggregation: { name: 'types' } }],
});

const exampleXml = (container: 'Query' | 'ContentQuery', identifiers: readonly string[], parentLocationId = 2): string =>
  '<?xml version="1.0" encoding="UTF-8"?><ViewInput><identifier>TitleView</identifier>' +
  `<${container}><Filter>${identifiers.map((identifier) => `<ContentTypeIdentifierCriterion>${identifier}</ContentTypeIdentifierCriterion>`).join('')}` +
  `<ParentLocationIdCriterion>${parentLocationId}</ParentLocationIdCriterion></Filter>` +
  '<limit>10</limit><offset>0</offset>' +
  '<SortClauses><ContentName>ascending</ContentName></SortClauses>' +
  `<Aggregations><Aggregation><ContentTypeTermAggregation><name>types</name></ContentTypeTermAggregation></Aggregation></Aggregations></${container}></ViewInput>`;

/**
 * A ContentTypeIdentifierCriterion naming a content type the repository does not have (`news` on a clean install)
 * matches nothing and is logged as a warning, as Ibexa 4.6's search does; `POST /views` answers 200 with an empty
 * or filtered View in every documented form (JSON and XML, ViewInput 1.0 `Query` and 1.1 `ContentQuery`).
 */
describe('POST /views with unknown content type identifiers', () => {
  let app: App;
  let dataDir: string;
  const logged: { level: number; msg: string; identifiers?: string[] }[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-views-'));
    const logger = pino({ level: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
    app = await createApp(loadConfig({ DATA_DIR: dataDir, AUTH_BASIC: 'true' }), { logger });
  });

  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const post = (contentType: string, accept: string, body: string) =>
    request(app.express).post(`${API}/views`).auth('admin', 'publish').set('Content-Type', contentType).set('Accept', accept).send(body);

  const warnings = (): string[] => logged.filter((line) => line.level === 40).map((line) => line.msg);

  it.each([
    ['JSON, ViewInput 1.0 (Query)', false],
    ['JSON, ViewInput 1.1 (ContentQuery)', true],
  ])('%s: 200 with an empty View, and a warning naming the unknown identifier', async (_name, v11) => {
    logged.length = 0;
    const container = v11 ? 'ContentQuery' : 'Query';
    const response = await post(
      VIEW('json', v11),
      `application/vnd.ibexa.api.View+json${v11 ? '; version=1.1' : ''}`,
      JSON.stringify({ ViewInput: { identifier: 'TitleView', [container]: exampleQuery(['article', 'news']) } }),
    );
    expect([response.status, response.status === 200 ? '' : response.text]).toEqual([200, '']);
    const view = JSON.parse(response.text).View;
    expect(view.identifier).toBe('TitleView');
    expect(view.Result.count).toBe(0);
    expect(view.Result.searchHits.searchHit).toEqual([]);
    expect(warnings()).toEqual(['Invalid content type identifiers provided for ContentTypeIdentifier criterion: news']);
    expect(logged.find((line) => line.level === 40)?.identifiers).toEqual(['news']);
  });

  it.each([
    ['XML, ViewInput 1.0 (Query)', false],
    ['XML, ViewInput 1.1 (ContentQuery)', true],
  ])('%s: 200 with an empty View', async (_name, v11) => {
    logged.length = 0;
    const response = await post(VIEW('xml', v11), 'application/vnd.ibexa.api.View+xml', exampleXml(v11 ? 'ContentQuery' : 'Query', ['article', 'news']));
    expect([response.status, response.status === 200 ? '' : response.text]).toEqual([200, '']);
    expect(response.text).toContain('<identifier>TitleView</identifier>');
    expect(response.text).toMatch(/<count>0<\/count>/);
    expect(warnings()).toEqual(['Invalid content type identifiers provided for ContentTypeIdentifier criterion: news']);
  });

  it('filters by the known identifiers when unknown ones are listed too (JSON and XML)', async () => {
    const json = await post(
      VIEW('json', true),
      'application/vnd.ibexa.api.View+json; version=1.1',
      JSON.stringify({ ViewInput: { identifier: 'TitleView', ContentQuery: exampleQuery(['folder', 'news'], 1) } }),
    );
    expect(json.status).toBe(200);
    // Below the root: the folders (Home, Media), not the Users group.
    const names = (text: string): string[] =>
      JSON.parse(text).View.Result.searchHits.searchHit.map((hit: { value: { Content: { Name: string } } }) => hit.value.Content.Name);
    const hits = names(json.text);
    expect(hits.length).toBeGreaterThan(0);
    expect(hits).not.toContain('Users');
    const folders = await post(
      VIEW('json', true),
      'application/vnd.ibexa.api.View+json; version=1.1',
      JSON.stringify({ ViewInput: { identifier: 'TitleView', ContentQuery: exampleQuery(['folder'], 1) } }),
    );
    expect(names(folders.text)).toEqual(hits);
    const xml = await post(VIEW('xml', false), 'application/vnd.ibexa.api.View+xml', exampleXml('Query', ['news', 'folder'], 1));
    expect([xml.status, xml.status === 200 ? '' : xml.text]).toEqual([200, '']);
    expect(Number(/<count>(\d+)<\/count>/.exec(xml.text)?.[1])).toBe(hits.length);
  });

  it('a criterion naming only unknown types under NOT matches everything it negates', async () => {
    const response = await post(
      VIEW('json', true),
      'application/vnd.ibexa.api.View+json; version=1.1',
      JSON.stringify({ ViewInput: { identifier: 'not-news', LocationQuery: { Filter: { NOT: { ContentTypeIdentifierCriterion: 'news' } }, limit: 0 } } }),
    );
    expect([response.status, response.status === 200 ? '' : response.text]).toEqual([200, '']);
    expect(JSON.parse(response.text).View.Result.count).toBeGreaterThan(0);
  });

  it('unknown section and object state identifiers match nothing without a warning; unknown languages stay 404', async () => {
    logged.length = 0;
    const view = (filter: Record<string, unknown>) =>
      post(VIEW('json', true), 'application/vnd.ibexa.api.View+json; version=1.1', JSON.stringify({ ViewInput: { identifier: 'v', ContentQuery: { Filter: filter } } }));
    const section = await view({ SectionIdentifierCriterion: 'nope' });
    expect(section.status).toBe(200);
    expect(JSON.parse(section.text).View.Result.count).toBe(0);
    const state = await view({ ObjectStateIdentifierCriterion: { value: 'nope', target: 'nope' } });
    expect([state.status, state.status === 200 ? '' : state.text]).toEqual([200, '']);
    expect(JSON.parse(state.text).View.Result.count).toBe(0);
    expect(warnings()).toEqual([]);
    const language = await view({ LanguageCodeCriterion: ['ger-DE', 'eng-GB', 'fre-FR'] });
    expect(language.status).toBe(404);
    expect(JSON.parse(language.text).ErrorMessage.errorDescription).toBe("Could not find 'Language' with identifier 'ger-DE, fre-FR'");
  });
});
