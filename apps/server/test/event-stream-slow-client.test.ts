import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from '@jest/globals';
import type { PublishedEvent, Repository } from '@contentrepo/core';
import type { HttpAuth } from '@contentrepo/http-auth';
import type { PublishedEventListener, SubscribeOptions } from '@contentrepo/persistence';
import express from 'express';
import { createEventStream } from '../src/event-stream.js';

/** 256 KiB of payload per event: a few dozen fill any socket's buffers. */
const BIG = 'x'.repeat(256 * 1024);

/**
 * An event source that hands out events as fast as the listener takes them (at most 2000), as a subscription
 * catching up from far behind does; `delivered` counts what the listener accepted.
 */
function endlessEvents(): { source: { subscribe(listener: PublishedEventListener, options?: SubscribeOptions): () => void; lastSeq(): Promise<number> }; delivered: () => number; stopped: () => boolean } {
  let delivered = 0;
  let stopped = false;
  return {
    source: {
      lastSeq: () => Promise.resolve(0),
      subscribe(listener) {
        void (async () => {
          for (let seq = 1; seq <= 2000 && !stopped; seq++) {
            const event: PublishedEvent = { seq, type: 'test.big', payload: { big: BIG }, userId: null, occurredAt: new Date() };
            await listener(event);
            delivered = seq;
          }
        })();
        return () => {
          stopped = true;
        };
      },
    },
    delivered: () => delivered,
    stopped: () => stopped,
  };
}

it('disconnects a client that stops reading once its send buffer stays full, without buffering more', async () => {
  const events = endlessEvents();
  const auth = { authenticateRequest: () => Promise.resolve({ userId: 14, session: null, via: 'basic', sessionCookie: null }) } as unknown as HttpAuth;
  const repository = { forUser: () => ({ permissionResolver: { hasAccess: () => Promise.resolve(true) } }) } as unknown as Repository;
  const stream = createEventStream({ events: events.source, auth, repository, stallMs: 300 });
  const app = express();
  app.get('/events', stream.handler);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const req = httpRequest({ host: '127.0.0.1', port, path: '/events' }, (res: IncomingMessage) => {
      expect(res.statusCode).toBe(200);
      // Never read: the client's receive buffer and the server's send buffer fill up.
      res.pause();
    });
    req.on('error', () => undefined);
    req.end();
    // The client's paused socket does not notice the disconnection: watch the server side.
    const deadline = Date.now() + 10_000;
    while (!events.stopped() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events.stopped()).toBe(true);
    expect(stream.openStreams).toBe(0);
    const connections = await new Promise<number>((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
    expect(connections).toBe(0);
    // Far fewer than the 2000 events offered (500 MiB) were written: the stream waited for the socket.
    expect(events.delivered()).toBeLessThan(400);
    req.destroy();
  } finally {
    stream.closeAll();
    await new Promise((resolve) => server.close(resolve));
  }
});
