import type { Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { CREATE_IMAGE, UPLOAD_FILES, UPLOAD_FILES_CURL, type UploadExample } from '../testing/document-examples.js';
import { multipartBody } from '../testing/multipart.js';
import { PDF, PNG_1X1 } from '../testing/sample-files.js';
import { createGraphQLTestApp, type GraphQLTestApp } from '../testing/graphql-test-app.js';
import { ADMIN_BASIC, dataAt, errorCodes, errorMessages, upload, type GraphQLResponse } from './helpers.js';

const admin = { headers: { Authorization: ADMIN_BASIC } };
const SPEC = 'https://github.com/jaydenseric/graphql-multipart-request-spec';

const CREATE_FILE: UploadExample = {
  operations: {
    query:
      'mutation($file: FileUpload!) { createFile(languageCode: "eng-GB", parentLocationId: 52, input: { name: "A file", file: { file: $file } }) { contentId name file { fileName fileSize mimeType uri } } }',
    variables: { file: null },
  },
  map: { '0': ['variables.file'] },
  files: [['0', 'report.pdf']],
};

describe('uploads', () => {
  let t: GraphQLTestApp;
  beforeAll(async () => {
    t = await createGraphQLTestApp();
  });
  afterAll(async () => {
    await t.graphql.stop();
  });

  const storedBytes = (uri: unknown): Uint8Array | undefined => {
    const key = t.repo.storage.keyOf(String(uri));
    return key === null ? undefined : t.repo.storage.files.get(key);
  };

  it('streams a binary file field upload into storage, byte for byte', async () => {
    const large = Buffer.concat([PDF, Buffer.alloc(300_000, 7)]);
    const response = await upload(t.app, CREATE_FILE, { ...admin, files: () => large });
    expect(response.body.errors).toBeUndefined();
    const file = dataAt(response, 'createFile', 'file');
    expect(file).toMatchObject({ fileName: 'report.pdf', fileSize: large.length, mimeType: 'application/pdf' });
    expect(Buffer.from(storedBytes(dataAt(response, 'createFile', 'file', 'uri')) ?? []).equals(large)).toBe(true);
  });

  it('refuses a non-image in an image field as a field validation error', async () => {
    const response = await upload(t.app, CREATE_IMAGE, { ...admin, files: () => PDF });
    expect(errorCodes(response)).toEqual(['BAD_USER_INPUT']);
    expect(errorMessages(response)[0]).toMatch(/^Field 'image' failed validation: The file is not an image/);
  });

  it('reports per-file failures of uploadFiles in warnings and creates the others', async () => {
    const response = await upload(t.app, UPLOAD_FILES, {
      ...admin,
      files: (name) => (name === 'photo.png' ? PNG_1X1 : PDF),
    });
    expect(dataAt(response, 'uploadFiles', 'warnings')).toEqual([]);
    const missingLocation: UploadExample = {
      ...UPLOAD_FILES,
      operations: { ...UPLOAD_FILES.operations, query: UPLOAD_FILES.operations.query.replace('locationId: 51', 'locationId: 99999') },
    };
    const failing = await upload(t.app, missingLocation, admin);
    expect(dataAt(failing, 'uploadFiles', 'files')).toEqual([]);
    expect(dataAt(failing, 'uploadFiles', 'warnings')).toEqual([
      "photo.png: Could not find 'Location' with identifier '99999'",
      "notes.pdf: Could not find 'Location' with identifier '99999'",
    ]);
  });

  it('answers "File missing in the request." (400) when a mapped file never arrives', async () => {
    const response = await request(t.app)
      .post('/graphql')
      .set(admin.headers)
      .field('operations', JSON.stringify(CREATE_IMAGE.operations))
      .field('map', JSON.stringify({ image: ['variables.file'] }));
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text).errors).toEqual([
      expect.objectContaining({ message: 'File missing in the request.', extensions: { code: 'BAD_REQUEST' } }),
    ]);
  });

  describe("malformed multipart requests (graphql-upload's error cases)", () => {
    const send = async (build: (call: request.Test) => request.Test): Promise<{ status: number; body: unknown }> => {
      const response = await build(request(t.app).post('/graphql').set(admin.headers));
      return { status: response.status, body: JSON.parse(response.text) };
    };
    const operations = JSON.stringify(CREATE_IMAGE.operations);
    const map = JSON.stringify(CREATE_IMAGE.map);
    const cases: [string, (call: request.Test) => request.Test, string][] = [
      ['operations is not JSON', (c) => c.field('operations', '{').field('map', map), `Invalid JSON in the ‘operations’ multipart field (${SPEC}).`],
      ['operations is not an object', (c) => c.field('operations', 'true').field('map', map), `Invalid type for the ‘operations’ multipart field (${SPEC}).`],
      ['map before operations', (c) => c.field('map', map).field('operations', operations), `Misordered multipart fields; ‘map’ should follow ‘operations’ (${SPEC}).`],
      ['map is not JSON', (c) => c.field('operations', operations).field('map', '{'), `Invalid JSON in the ‘map’ multipart field (${SPEC}).`],
      ['map is not an object', (c) => c.field('operations', operations).field('map', '[]'), `Invalid type for the ‘map’ multipart field (${SPEC}).`],
      [
        'a map entry is not an array',
        (c) => c.field('operations', operations).field('map', JSON.stringify({ image: 'variables.file' })),
        `Invalid type for the ‘map’ multipart field entry key ‘image’ array (${SPEC}).`,
      ],
      [
        'a map path is not a string',
        (c) => c.field('operations', operations).field('map', JSON.stringify({ image: [1] })),
        `Invalid type for the ‘map’ multipart field entry key ‘image’ array index ‘0’ value (${SPEC}).`,
      ],
      [
        'a map path cannot be set in operations',
        (c) => c.field('operations', operations).field('map', JSON.stringify({ image: ['query.file'] })),
        `Invalid object path for the ‘map’ multipart field entry key ‘image’ array index ‘0’ value ‘query.file’ (${SPEC}).`,
      ],
      [
        'a file before map',
        (c) => c.field('operations', operations).attach('image', PNG_1X1, 'image.png').field('map', map),
        `Misordered multipart fields; files should follow ‘map’ (${SPEC}).`,
      ],
      ['operations is missing', (c) => c.field('other', 'x'), `Missing multipart field ‘operations’ (${SPEC}).`],
      ['map is missing', (c) => c.field('operations', operations), `Missing multipart field ‘map’ (${SPEC}).`],
    ];
    it('413 when the operations field exceeds the field size limit', async () => {
      const response = await send((c) => c.field('operations', JSON.stringify({ query: `# ${'x'.repeat(1_000_001)}\n{ __typename }` })).field('map', '{}'));
      expect(response).toEqual({
        status: 413,
        body: { errors: [{ message: 'The ‘operations’ multipart field value exceeds the 1000000 byte size limit.', extensions: { code: 'PAYLOAD_TOO_LARGE' } }] },
      });
    });

    it('400 for a truncated multipart body (busboy parse error)', async () => {
      const response = await request(t.app)
        .post('/graphql')
        .set(admin.headers)
        .set('Content-Type', 'multipart/form-data; boundary=xyz')
        .send('--xyz\r\nContent-Disposition: form-data; name="operations"\r\n\r\n{"query":"{ __typename }"}');
      expect(response.status).toBe(400);
      expect(JSON.parse(response.text)).toEqual({ errors: [{ message: 'Unexpected end of form', extensions: { code: 'BAD_REQUEST' } }] });
    });

    for (const [name, build, message] of cases) {
      it(`400 when ${name}`, async () => {
        const response = await send(build);
        expect(response).toEqual({ status: 400, body: { errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] } });
      });
    }
  });
});

describe('upload limits', () => {
  let t: GraphQLTestApp;
  beforeAll(async () => {
    t = await createGraphQLTestApp({ maxFileSize: 200, maxFiles: 2 });
  });
  afterAll(async () => {
    await t.graphql.stop();
  });

  it('413 "<maxFiles> max file uploads exceeded." for more files than allowed', async () => {
    const response = await upload(t.app, UPLOAD_FILES_CURL, admin);
    expect(response).toEqual({ status: 413, body: { errors: [{ message: '2 max file uploads exceeded.', extensions: { code: 'PAYLOAD_TOO_LARGE' } }] } });
  });

  it('413 "File truncated as it exceeds the <maxFileSize> byte size limit." for a file that is too big', async () => {
    const response = await upload(t.app, CREATE_IMAGE, { ...admin, files: () => Buffer.concat([PNG_1X1, Buffer.alloc(1000)]) });
    expect(response.status).toBe(413);
    expect(response.body.errors).toEqual([
      expect.objectContaining({ message: 'File truncated as it exceeds the 200 byte size limit.', extensions: { code: 'PAYLOAD_TOO_LARGE' } }),
    ]);
    expect(t.repo.storage.files.size).toBe(0);
  });

  it('turns an oversized file of uploadFiles into a warning', async () => {
    const response: GraphQLResponse = await upload(t.app, UPLOAD_FILES, {
      ...admin,
      files: (name) => (name === 'photo.png' ? PNG_1X1 : Buffer.concat([PDF, Buffer.alloc(1000)])),
    });
    expect(dataAt(response, 'uploadFiles', 'warnings')).toEqual(['notes.pdf: File truncated as it exceeds the 200 byte size limit.']);
    expect(dataAt(response, 'uploadFiles', 'files')).toEqual([expect.objectContaining({ name: 'photo.png' })]);
  });
});

describe('a real multipart client (FormData + fetch) against a listening server', () => {
  let t: GraphQLTestApp;
  let server: Server;
  let url: string;
  beforeAll(async () => {
    t = await createGraphQLTestApp();
    server = t.app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening on a TCP port');
    url = `http://127.0.0.1:${address.port}/graphql`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t.graphql.stop();
  });

  it('runs every mutation as a multipart request', async () => {
    const post = async (query: string): Promise<Record<string, unknown>> => {
      const form = multipartBody({ operations: { query, variables: {} }, map: {}, files: [] });
      const response = await fetch(url, { method: 'POST', headers: admin.headers, body: form });
      expect(response.status).toBe(200);
      const body: unknown = await response.json();
      if (typeof body !== 'object' || body === null || !('data' in body) || typeof body.data !== 'object' || body.data === null) {
        throw new Error(`unexpected response ${JSON.stringify(body)}`);
      }
      return { ...body.data };
    };
    const created = await post('mutation { createFolder(languageCode: "eng-GB", parentLocationId: 2, input: { name: "Multipart" }) { contentId name } }');
    const contentId = Number(Reflect.get(Object(created['createFolder']), 'contentId'));
    expect(created).toEqual({ createFolder: { contentId, name: 'Multipart' } });
    expect(await post(`mutation { updateFolder(languageCode: "eng-GB", contentId: ${contentId}, input: { name: "Renamed" }) { name } }`)).toEqual({
      updateFolder: { name: 'Renamed' },
    });
    expect(await post(`mutation { deleteContent(contentId: ${contentId}) { contentId } }`)).toEqual({ deleteContent: { contentId } });
    const token = await post('mutation { createToken(username: "admin", password: "publish") { message } }');
    expect(token).toEqual({ createToken: { message: null } });
  });

  it('runs createImage and uploadFiles', async () => {
    const image = await fetch(url, { method: 'POST', headers: admin.headers, body: multipartBody(CREATE_IMAGE) });
    expect(image.status).toBe(200);
    expect(await image.json()).toMatchObject({ data: { createImage: { name: 'An image created over GraphQL', image: { fileName: 'image.png' } } } });
    const files = await fetch(url, { method: 'POST', headers: admin.headers, body: multipartBody(UPLOAD_FILES_CURL) });
    const body = (await files.json()) as { data: { uploadFiles: { files: unknown[]; warnings: unknown[] } } };
    expect(body.data.uploadFiles.files).toHaveLength(5);
    expect(body.data.uploadFiles.warnings).toEqual([]);
  });
});

/** What a raw TCP client saw: the bytes received and whether the server closed the connection in time. */
interface RawExchange {
  readonly text: string;
  readonly closedByServer: boolean;
  readonly elapsedMs: number;
}

/**
 * Sends `head` (request line and headers) and `body` over a plain socket and keeps the connection open, as a
 * client that never finishes its body would, until the server closes it or `waitMs` pass.
 */
function rawExchange(port: number, head: string, body: string, waitMs: number): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text: Buffer.concat(chunks).toString('utf8'), closedByServer: false, elapsedMs: Date.now() - started });
    }, waitMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text: Buffer.concat(chunks).toString('utf8'), closedByServer: true, elapsedMs: Date.now() - started });
    });
    socket.write(`${head}\r\n\r\n${body}`);
  });
}

describe('a multipart request whose Content-Type cannot be parsed', () => {
  let t: GraphQLTestApp;
  let server: Server;
  let port: number;
  beforeAll(async () => {
    t = await createGraphQLTestApp();
    server = t.app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening on a TCP port');
    port = address.port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t.graphql.stop();
  });

  const partialBody = '--xyz\r\nContent-Disposition: form-data; name="operations"\r\n\r\n{"query":"{ __typename }"}';
  const head = (contentType: string, extra = ''): string =>
    `POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${contentType}\r\nApollo-Require-Preflight: true\r\nContent-Length: 100000${extra}`;

  it.each([
    ['no boundary', 'multipart/form-data', 'Multipart: Boundary not found'],
    ['an empty boundary', 'multipart/form-data; boundary=', 'Malformed content type'],
    ['an empty quoted boundary', 'multipart/form-data; boundary=""', 'Multipart: Boundary not found'],
  ])('answers 400 at once and closes the connection for %s, the body never completing (anonymous)', async (_name, contentType, message) => {
    const exchange = await rawExchange(port, head(contentType), partialBody, 5000);
    expect(exchange.closedByServer).toBe(true);
    expect(exchange.elapsedMs).toBeLessThan(2000);
    const [headers = '', body = ''] = exchange.text.split('\r\n\r\n');
    expect(headers.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(headers.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(body)).toEqual({ errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] });
  });

  it('answers 50 such requests in parallel at once, anonymous or with Basic alike', async () => {
    const exchanges = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        rawExchange(port, head('multipart/form-data; boundary=', i % 2 === 0 ? `\r\nAuthorization: ${ADMIN_BASIC}` : ''), partialBody, 5000),
      ),
    );
    for (const exchange of exchanges) {
      expect(exchange.closedByServer).toBe(true);
      expect(exchange.text.startsWith('HTTP/1.1 400 ')).toBe(true);
    }
    expect(Math.max(...exchanges.map((exchange) => exchange.elapsedMs))).toBeLessThan(3000);
  });

  it('still answers a well-formed multipart request on the same server', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { ...admin.headers, 'Apollo-Require-Preflight': 'true' },
      body: multipartBody({ operations: { query: '{ __typename }', variables: {} }, map: {}, files: [] }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { __typename: 'Domain' } });
  });
});
