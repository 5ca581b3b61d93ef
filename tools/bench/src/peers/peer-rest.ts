import type { BenchSession } from '../bench-session.js';
import { PEER_TYPE, peerItem } from './peer-data.js';

const media = (name: string): string => `application/vnd.ibexa.api.${name}+json`;

/** A REST client of one session: `{api}` is the REST prefix (`…/api/ibexa/v2`). */
export interface PeerRest {
  readonly api: string;
  readonly session: BenchSession;
}

/** Sends one REST request with the session's cookie and CSRF token; the status and parsed JSON body (or null). */
export async function rest(
  client: PeerRest,
  method: string,
  path: string,
  options: { input?: string; accept?: string; body?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  const override = method === 'COPY' || method === 'PUBLISH';
  const response = await fetch(`${client.api}${path}`, {
    method: override ? 'POST' : method,
    headers: {
      Cookie: client.session.cookie,
      'X-CSRF-Token': client.session.csrf,
      ...(override ? { 'X-HTTP-Method-Override': method } : {}),
      ...(options.input ? { 'Content-Type': media(options.input) } : {}),
      ...(options.accept ? { Accept: media(options.accept) } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

/** The value at a path of nested objects (undefined when a step is missing). */
export function dig(value: unknown, ...keys: (string | number)[]): unknown {
  let current = value;
  for (const key of keys) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

function expectStatus(what: string, actual: { status: number; body: unknown }, expected: number): void {
  if (actual.status !== expected) throw new Error(`${what}: ${actual.status} instead of ${expected}: ${JSON.stringify(actual.body).slice(0, 500)}`);
}

/** Creates and publishes the `peer_article` type (title, intro, published_at, category; all searchable) over REST. */
export async function createPeerType(client: PeerRest): Promise<number> {
  const definition = (identifier: string, fieldType: string, position: number) => ({
    identifier, fieldType, position, isSearchable: true, isRequired: false, isTranslatable: true,
    names: { value: [{ _languageCode: 'eng-GB', '#text': identifier }] },
  });
  const created = await rest(client, 'POST', '/content/typegroups/1/types?publish=true', {
    input: 'ContentTypeCreate',
    accept: 'ContentType',
    body: {
      ContentTypeCreate: {
        identifier: PEER_TYPE,
        mainLanguageCode: 'eng-GB',
        nameSchema: '<title>',
        names: { value: [{ _languageCode: 'eng-GB', '#text': 'Peer article' }] },
        FieldDefinitions: {
          FieldDefinition: [definition('title', 'ezstring', 1), definition('intro', 'eztext', 2), definition('published_at', 'ezdatetime', 3), definition('category', 'ezstring', 4)],
        },
      },
    },
  });
  expectStatus('create the peer_article type', created, 201);
  return Number(dig(created.body, 'ContentType', 'id'));
}

/** Creates and publishes a folder under Home; its main location id (the parent of every item). */
export async function createParentFolder(client: PeerRest): Promise<{ contentId: number; locationId: number }> {
  const created = await rest(client, 'POST', '/content/objects', {
    input: 'ContentCreate',
    accept: 'ContentInfo',
    body: {
      ContentCreate: {
        ContentType: { _href: '/api/ibexa/v2/content/types/1' },
        mainLanguageCode: 'eng-GB',
        LocationCreate: { ParentLocation: { _href: '/api/ibexa/v2/content/locations/1/2' }, sortField: 'PATH', sortOrder: 'ASC' },
        fields: { field: [{ fieldDefinitionIdentifier: 'name', fieldValue: 'Peer articles' }] },
      },
    },
  });
  expectStatus('create the parent folder', created, 201);
  const contentId = Number(dig(created.body, 'Content', '_id'));
  expectStatus('publish the parent folder', await rest(client, 'PUBLISH', `/content/objects/${contentId}/versions/1`), 204);
  const loaded = await rest(client, 'GET', `/content/objects/${contentId}`, { accept: 'ContentInfo' });
  const href = String(dig(loaded.body, 'Content', 'MainLocation', '_href') ?? '');
  const locationId = Number(href.split('/').pop());
  if (!Number.isInteger(locationId) || locationId <= 0) throw new Error(`parent folder: no main location in ${JSON.stringify(loaded.body).slice(0, 300)}`);
  return { contentId, locationId };
}

/** Creates item `index` of the workload (ContentCreate JSON) and publishes it: one item, two requests. */
export async function createItem(client: PeerRest, typeId: number, parentLocationId: number, index: number): Promise<number> {
  const item = peerItem(index);
  const created = await rest(client, 'POST', '/content/objects', {
    input: 'ContentCreate',
    accept: 'ContentInfo',
    body: {
      ContentCreate: {
        ContentType: { _href: `/api/ibexa/v2/content/types/${typeId}` },
        mainLanguageCode: 'eng-GB',
        LocationCreate: { ParentLocation: { _href: `/api/ibexa/v2/content/locations/1/2/${parentLocationId}` }, sortField: 'PATH', sortOrder: 'ASC' },
        fields: {
          field: [
            { fieldDefinitionIdentifier: 'title', fieldValue: item.title },
            { fieldDefinitionIdentifier: 'intro', fieldValue: item.intro },
            { fieldDefinitionIdentifier: 'published_at', fieldValue: { timestamp: item.publishedAt } },
            { fieldDefinitionIdentifier: 'category', fieldValue: item.category },
          ],
        },
      },
    },
  });
  expectStatus(`create item ${index}`, created, 201);
  const contentId = Number(dig(created.body, 'Content', '_id'));
  expectStatus(`publish item ${index}`, await rest(client, 'PUBLISH', `/content/objects/${contentId}/versions/1`), 204);
  return contentId;
}

/** Result of creating a range of items. */
export interface Created {
  /** Content ids by item index (of the range). */
  readonly ids: number[];
  readonly seconds: number;
}

/**
 * Creates items `from`..`to`-1 with `clients` concurrent clients (each item: ContentCreate then PUBLISH); fails on
 * the first error or when `maxSeconds` pass, so the loop is bounded in count and in time. `progress` is told the
 * number of items created (counting from 0) every thousand items.
 */
export async function createItems(
  client: PeerRest,
  typeId: number,
  parentLocationId: number,
  range: { from: number; to: number; clients: number; maxSeconds: number; progress?: (done: number) => void },
): Promise<Created> {
  const ids: number[] = new Array<number>(Math.max(0, range.to - range.from)).fill(0);
  const deadline = Date.now() + range.maxSeconds * 1000;
  let next = range.from;
  let done = 0;
  const begin = performance.now();
  const worker = async (): Promise<void> => {
    while (next < range.to) {
      if (Date.now() > deadline) throw new Error(`creating items: not done within ${range.maxSeconds} s (at item ${next})`);
      const index = next;
      next += 1;
      ids[index - range.from] = await createItem(client, typeId, parentLocationId, index);
      done += 1;
      if (done % 1000 === 0) range.progress?.(range.from + done);
    }
  };
  await Promise.all(Array.from({ length: range.clients }, worker));
  return { ids, seconds: (performance.now() - begin) / 1000 };
}

/**
 * The update cycle of a client (Ibexa 4.6 REST): COPY the current version to a new draft, PATCH the draft's title,
 * PUBLISH it. Throws on an unexpected status, naming the step.
 */
export async function updateCycle(client: PeerRest, contentId: number, title: string): Promise<void> {
  const copied = await rest(client, 'COPY', `/content/objects/${contentId}/currentversion`, { accept: 'Version' });
  expectStatus('COPY currentversion', copied, 201);
  const versionNo = Number(dig(copied.body, 'Version', 'VersionInfo', 'versionNo'));
  const patched = await rest(client, 'PATCH', `/content/objects/${contentId}/versions/${versionNo}`, {
    input: 'VersionUpdate',
    accept: 'Version',
    body: { VersionUpdate: { fields: { field: [{ fieldDefinitionIdentifier: 'title', languageCode: 'eng-GB', fieldValue: title }] } } },
  });
  expectStatus('PATCH the draft', patched, 200);
  expectStatus('PUBLISH the draft', await rest(client, 'PUBLISH', `/content/objects/${contentId}/versions/${versionNo}`), 204);
}
