import { request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { PublishedEvent, Repository } from '@contentrepo/core';
import { publishFolder } from '@contentrepo/core/testing';
import type { App } from '../src/app.js';
import { startNodesOnOneSchema, startTestServer, testEngines, type NodesOnOneSchema, type TestServer } from './support/test-server.js';

const ADMIN_BASIC = `Basic ${Buffer.from('admin:publish').toString('base64')}`;
const EVENTS_PATH = '/api/ibexa/v2/events';

/** One parsed Server-Sent Event. */
interface SseEvent {
  readonly id: string;
  readonly event: string;
  readonly data: { seq: number; type: string; payload: Record<string, unknown>; userId: number | null; occurredAt: string };
}

/** An open event stream: what arrived so far, and waits on it. */
interface Stream {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly body: string;
  readonly events: SseEvent[];
  readonly comments: string[];
  /** Resolves once `count` events arrived (rejects after `ms`). */
  waitFor(count: number, ms?: number): Promise<SseEvent[]>;
  /** Resolves once the server ended the stream (rejects after `ms`). */
  ended(ms?: number): Promise<void>;
  close(): void;
}

/** Opens `GET /api/ibexa/v2/events` on a listening server and parses the stream as it arrives. */
function openStream(port: number, headers: Record<string, string>, query = ''): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const events: SseEvent[] = [];
    const comments: string[] = [];
    let body = '';
    let buffer = '';
    let finished = false;
    const waiters = new Set<() => void>();
    const notify = (): void => waiters.forEach((waiter) => waiter());
    const req = httpRequest({ host: '127.0.0.1', port, path: `${EVENTS_PATH}${query}`, headers: { Accept: 'text/event-stream', ...headers } }, (res: IncomingMessage) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else {
              const colon = line.indexOf(':');
              fields[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
            }
          }
          if (fields['data'] !== undefined) events.push({ id: fields['id'] ?? '', event: fields['event'] ?? '', data: JSON.parse(fields['data']) as SseEvent['data'] });
        }
        notify();
      });
      res.on('close', () => {
        finished = true;
        notify();
      });
      const until = (check: () => boolean, ms: number, what: string): Promise<void> =>
        new Promise((done, fail) => {
          const waiter = (): void => {
            if (!check()) return;
            clearTimeout(timer);
            waiters.delete(waiter);
            done();
          };
          const timer = setTimeout(() => {
            waiters.delete(waiter);
            fail(new Error(`timed out waiting for ${what} (have ${events.length} events)`));
          }, ms);
          waiters.add(waiter);
          waiter();
        });
      resolve({
        status: res.statusCode ?? 0,
        contentType: res.headers['content-type'],
        get body() {
          return body;
        },
        events,
        comments,
        waitFor: async (count, ms = 5000) => {
          await until(() => events.length >= count, ms, `${count} events`);
          return events.slice(0, count);
        },
        ended: (ms = 5000) => until(() => finished, ms, 'the end of the stream'),
        close: () => req.destroy(),
      });
    });
    req.on('error', (error) => {
      if (!finished) reject(error);
    });
    req.end();
  });
}

/** Listens on 127.0.0.1 on a free port. */
async function listen(app: App): Promise<{ server: Server; port: number }> {
  const server = app.express.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** Closes a server after ending its event streams; rejects when that takes more than 3 s. */
async function closeServer(app: App, server: Server): Promise<void> {
  app.closeStreams();
  await Promise.race([
    new Promise<void>((resolve) => server.close(() => resolve())),
    new Promise<void>((_, reject) => setTimeout(() => reject(new Error('the HTTP server did not close')), 3000).unref()),
  ]);
}

for (const engine of testEngines()) {
  const title = `GET ${EVENTS_PATH}: the Server-Sent Events stream (${engine.name}${engine.skipReason === undefined ? '' : `, skipped: ${engine.skipReason}`})`;
  (engine.skipReason === undefined ? describe : describe.skip)(title, () => {
    let server: TestServer;
    let http: Server;
    let port = 0;
    let admin: Repository;
    beforeAll(async () => {
      server = await startTestServer({ EVENTS_HEARTBEAT_SECONDS: '1' }, engine);
      ({ server: http, port } = await listen(server.app));
      admin = server.app.repository.forUser({ userId: 14 });
    });
    afterAll(async () => {
      await closeServer(server.app, http);
      await server.stop();
    });

    it('refuses the anonymous user (401) and a position that is no seq (400), as ErrorMessage', async () => {
      const anonymous = await openStream(port, {});
      await anonymous.ended();
      expect(anonymous.status).toBe(401);
      expect(JSON.parse(anonymous.body)).toMatchObject({ ErrorMessage: { errorCode: 401 } });
      const wrong = await openStream(port, { Authorization: 'Basic ' + Buffer.from('admin:wrong').toString('base64') });
      await wrong.ended();
      expect(wrong.status).toBe(401);
      const bad = await openStream(port, { Authorization: ADMIN_BASIC, 'Last-Event-ID': 'abc' });
      await bad.ended();
      expect(bad.status).toBe(400);
      expect(JSON.parse(bad.body)).toMatchObject({ ErrorMessage: { errorCode: 400 } });
      // HEAD answers the stream's headers and ends.
      const head = await new Promise<IncomingMessage>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path: EVENTS_PATH, method: 'HEAD', headers: { Authorization: ADMIN_BASIC } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res));
        });
        req.on('error', reject);
        req.end();
      });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toMatch(/^text\/event-stream/);
      const post = await new Promise<number>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path: EVENTS_PATH, method: 'POST', headers: { Authorization: ADMIN_BASIC } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      expect(post).toBe(405);
    });

    it('streams events after commit; a client resuming with Last-Event-ID gets exactly the ones it missed', async () => {
      const stream = await openStream(port, { Authorization: ADMIN_BASIC });
      expect(stream.status).toBe(200);
      expect(stream.contentType).toMatch(/^text\/event-stream/);
      const folder = await publishFolder(admin, 'Streamed', 2);
      const [created, published] = await stream.waitFor(2);
      expect(created).toMatchObject({ event: 'version.created', data: { type: 'version.created', payload: { contentId: folder.contentId, versionNo: 1 }, userId: 14 } });
      expect(published).toMatchObject({ event: 'content.published', data: { payload: { contentId: folder.contentId } } });
      expect(Number(published?.id)).toBe(Number(created?.id) + 1);
      expect(published?.data.seq).toBe(Number(published?.id));
      stream.close();

      // Missed while disconnected.
      await admin.locationService.hideLocation(folder.locationId);
      await admin.locationService.unhideLocation(folder.locationId);
      const resumed = await openStream(port, { Authorization: ADMIN_BASIC, 'Last-Event-ID': published?.id ?? '' });
      const missed = await resumed.waitFor(2);
      expect(missed.map((event) => [event.event, event.data.payload])).toEqual([
        ['location.hidden', { locationId: folder.locationId }],
        ['location.unhidden', { locationId: folder.locationId }],
      ]);
      expect(missed.map((event) => Number(event.id))).toEqual([Number(published?.id) + 1, Number(published?.id) + 2]);
      // Nothing else arrives: no duplicates of what it had.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(resumed.events).toHaveLength(2);
      // ?after= works as Last-Event-ID does.
      const fromQuery = await openStream(port, { Authorization: ADMIN_BASIC }, `?after=${published?.id ?? ''}`);
      expect((await fromQuery.waitFor(2)).map((event) => event.id)).toEqual(missed.map((event) => event.id));
      resumed.close();
      fromQuery.close();
    });

    it('sends heartbeat comments on an idle stream', async () => {
      const stream = await openStream(port, { Authorization: ADMIN_BASIC });
      await new Promise((resolve) => setTimeout(resolve, 1300));
      expect(stream.comments).toContain('heartbeat');
      stream.close();
    });

    it('shows a user with a limited content/read only the events of content it may read', async () => {
      // A user of the Members group (11) reads the standard section (1) only, not the users' section (2).
      const user = await admin.userService.createUser(
        { login: 'limited', email: 'limited@example.com', password: 'Publish-42!x', mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'first_name', value: 'L' }, { fieldDefIdentifier: 'last_name', value: 'U' }] },
        [11],
      );
      const access = await server.app.repository.forUser({ userId: user.contentInfo.id }).permissionResolver.hasAccess('content', 'read');
      expect(access).not.toBe(true);
      expect(access).not.toBe(false);
      const stream = await openStream(port, { Authorization: `Basic ${Buffer.from('limited:Publish-42!x').toString('base64')}` });
      expect(stream.status).toBe(200);
      const hidden = await admin.userService.createUserGroup({ mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'name', value: 'Unseen' }] }, 4);
      const seen = await publishFolder(admin, 'Seen', 2);
      const events = await stream.waitFor(2);
      expect(events.map((event) => event.data.payload['contentId'])).toEqual([seen.contentId, seen.contentId]);
      expect(stream.events.some((event) => event.data.payload['contentId'] === hidden.contentInfo.id)).toBe(false);
      stream.close();
    });

    it('delivers to in-process subscribers (App.events) from a saved position', async () => {
      const start = await server.app.events.lastSeq();
      const received: PublishedEvent[] = [];
      const stop = server.app.events.subscribe((event) => void received.push(event), { after: start });
      try {
        const folder = await publishFolder(admin, 'Embedded', 2);
        for (let round = 0; round < 250 && received.length < 2; round++) await new Promise((resolve) => setTimeout(resolve, 20));
        expect(received.map((event) => [event.seq, event.type, event.payload['contentId']])).toEqual([
          [start + 1, 'version.created', folder.contentId],
          [start + 2, 'content.published', folder.contentId],
        ]);
      } finally {
        stop();
      }
    });

    it('ends open streams when the app stops, so that the HTTP server closes at once', async () => {
      const other = await startTestServer({}, engine);
      const { server: otherHttp, port: otherPort } = await listen(other.app);
      const stream = await openStream(otherPort, { Authorization: ADMIN_BASIC });
      expect(stream.status).toBe(200);
      await closeServer(other.app, otherHttp);
      await stream.ended(1000);
      await other.stop();
    });
  });
}

const [, postgres] = testEngines();
(postgres?.skipReason === undefined ? describe : describe.skip)(
  `the event stream across nodes (PostgreSQL${postgres?.skipReason === undefined ? '' : `, skipped: ${postgres.skipReason}`})`,
  () => {
    let cluster: NodesOnOneSchema;
    beforeAll(async () => {
      cluster = await startNodesOnOneSchema(postgres?.databaseUrl ?? '', 2);
    });
    afterAll(async () => {
      await cluster.stop();
    });

    it('an event written on node A arrives on node B’s stream', async () => {
      const [a, b] = cluster.nodes;
      if (!a || !b) throw new Error('two nodes expected');
      const { server: httpB, port } = await listen(b.app);
      try {
        const stream = await openStream(port, { Authorization: ADMIN_BASIC });
        const started = Date.now();
        const folder = await publishFolder(a.app.repository.forUser({ userId: 14 }), 'Across nodes', 2);
        const written = Date.now() - started;
        const events = await stream.waitFor(2, 3000);
        const streamed = Date.now() - started;
        console.info(`event stream across nodes (PostgreSQL): node A's write took ${written} ms; node B had streamed its events ${streamed - written} ms later`);
        // Woken by the notification, not found by the one-second poll.
        expect(streamed - written).toBeLessThan(500);
        expect(events.map((event) => [event.event, event.data.payload['contentId']])).toEqual([
          ['version.created', folder.contentId],
          ['content.published', folder.contentId],
        ]);
        stream.close();
      } finally {
        await closeServer(b.app, httpB);
      }
    });
  },
);
