import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** One request a {@link WebhookReceiver} got. */
export interface ReceivedHook {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The body's exact text (what the signature covers). */
  readonly body: string;
  /** The status it answered. */
  readonly status: number;
  /** When it arrived (Unix ms). */
  readonly at: number;
}

/**
 * A webhook receiver on 127.0.0.1 for tests: records every request and answers each path with the statuses queued
 * for it ({@link answer}), 200 once the queue is empty. {@link listen} may be given the port of an earlier
 * receiver, to come up where a server was already told to deliver.
 */
export class WebhookReceiver {
  readonly hits: ReceivedHook[] = [];
  private readonly queued = new Map<string, number[]>();
  private server: Server | null = null;
  port = 0;

  /** Queues the statuses the next requests to `path` get, in order. */
  answer(path: string, statuses: readonly number[]): void {
    this.queued.set(path, [...(this.queued.get(path) ?? []), ...statuses]);
  }

  /** The requests to `path`. */
  hitsOf(path: string): ReceivedHook[] {
    return this.hits.filter((hit) => hit.path === path);
  }

  /** The URL of `path` on this receiver. */
  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Listens on `port` (0: any free one) of 127.0.0.1; resolves with the port. */
  async listen(port = 0): Promise<number> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = req.url ?? '/';
        const status = this.queued.get(path)?.shift() ?? 200;
        this.hits.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), status, at: Date.now() });
        res.statusCode = status;
        res.end(status < 300 ? 'ok' : 'no');
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this.port;
  }

  /** Stops listening and closes every connection. */
  async close(): Promise<void> {
    const { server } = this;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Waits until `condition` holds, at most `timeoutMs` (checking every 20 ms); throws `message` when it never does. */
  async until(condition: () => boolean | Promise<boolean>, timeoutMs: number, message: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`${message} (after ${timeoutMs} ms; ${this.hits.length} requests received)`);
      await sleep(20);
    }
  }
}
