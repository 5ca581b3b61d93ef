import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { API } from './rest-session.js';
import { vnd } from './test-server.js';

/** Longest a single request to a server process may take before the test fails (ms). */
export const REQUEST_TIMEOUT_MS = 15_000;

/** How a request authenticates: HTTP Basic, a session (cookie + CSRF token), a Bearer JWT, or nobody. */
export type HttpCredentials =
  | { readonly basic: readonly [string, string] }
  | { readonly cookie: string; readonly csrf: string }
  | { readonly bearer: string }
  | null;

/** One REST call; verbs other than GET, POST, PATCH and DELETE go as POST + `X-HTTP-Method-Override`. */
export interface RestRequest {
  readonly method: string;
  /** Below the REST prefix, e.g. `/content/objects/52`. */
  readonly path: string;
  /** Media type name of the JSON body (`ContentCreate` → `application/vnd.ibexa.api.ContentCreate+json`). */
  readonly input?: string;
  /** Media type name to accept (default plain `application/json`). */
  readonly accept?: string;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A response: status, headers, the text and its parsed JSON (undefined when the body is not JSON). */
export interface HttpReply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly body: ReturnType<typeof JSON.parse>;
}

/** GraphQL response body. */
export interface GraphQLReply {
  readonly data?: Record<string, unknown> | null;
  readonly errors?: readonly { readonly message: string; readonly extensions?: Record<string, unknown> }[];
}

function authorization(credentials: HttpCredentials): Record<string, string> {
  if (credentials === null) return {};
  if ('basic' in credentials) return { Authorization: `Basic ${Buffer.from(credentials.basic.join(':')).toString('base64')}` };
  if ('bearer' in credentials) return { Authorization: `Bearer ${credentials.bearer}` };
  return { Cookie: credentials.cookie, 'X-CSRF-Token': credentials.csrf };
}

/**
 * A client of one server process over real HTTP (loopback, keep-alive): REST calls in JSON, GraphQL queries and
 * stored files. Every request is bounded by {@link REQUEST_TIMEOUT_MS}; a timeout rejects with the node's name.
 */
export class NodeClient {
  constructor(
    /** `node 1`, … (in messages). */
    readonly name: string,
    /** `http://127.0.0.1:<port>`. */
    readonly origin: string,
  ) {}

  /** A REST call under `/api/ibexa/v2` as `credentials`. */
  async rest(credentials: HttpCredentials, spec: RestRequest): Promise<HttpReply> {
    const method = spec.method.toUpperCase();
    const native = ['GET', 'POST', 'PATCH', 'DELETE'].includes(method);
    const headers: Record<string, string> = {
      Accept: spec.accept === undefined ? 'application/json' : vnd(spec.accept),
      ...authorization(credentials),
      ...(native ? {} : { 'X-HTTP-Method-Override': method }),
      ...(spec.input === undefined ? {} : { 'Content-Type': vnd(spec.input) }),
      ...spec.headers,
    };
    const body = spec.body === undefined ? undefined : typeof spec.body === 'string' ? spec.body : JSON.stringify(spec.body);
    const response = await this.fetch(`${API}${spec.path}`, { method: native ? method : 'POST', headers, ...(body === undefined ? {} : { body }) });
    const text = await response.text();
    const json = (response.headers.get('content-type') ?? '').includes('json') && text !== '';
    return { status: response.status, headers: response.headers, text, body: json ? JSON.parse(text) : undefined };
  }

  /** A GraphQL query (POST /graphql, JSON) as `credentials`. */
  async graphql(credentials: HttpCredentials, query: string): Promise<{ status: number; body: GraphQLReply }> {
    const response = await this.fetch('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...authorization(credentials) },
      body: JSON.stringify({ query }),
    });
    return { status: response.status, body: (await response.json()) as GraphQLReply };
  }

  /** GET of a server-relative URI (a stored file): status and bytes. */
  async download(uri: string): Promise<{ status: number; bytes: Buffer }> {
    const response = await this.fetch(uri, { method: 'GET' });
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  private async fetch(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${this.origin}${path}`, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      throw new Error(`${this.name}: ${init.method ?? 'GET'} ${path} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
}

/** Hands out the nodes in turn: request n goes to node n mod N. */
export class RoundRobin {
  private next = 0;

  constructor(readonly nodes: readonly NodeClient[]) {
    if (nodes.length === 0) throw new Error('RoundRobin needs at least one node');
  }

  /** The next node in turn. */
  pick(): NodeClient {
    const node = this.nodes[this.next % this.nodes.length];
    this.next += 1;
    if (!node) throw new Error('no node');
    return node;
  }
}

/** Options of {@link msUntil}. */
export interface PollOptions {
  /** Pause between two probes (ms, default 5). */
  readonly intervalMs?: number;
  /** Give up after this long after `since` (ms, default 6000: longer than the old 5 s cache windows, so they show). */
  readonly timeoutMs?: number;
}

/**
 * Probes until `probe` answers true, one probe at a time with `intervalMs` between them, and returns the
 * milliseconds from `since` (a `performance.now()` instant, e.g. when the change was acknowledged) to the moment the
 * first successful probe's answer arrived: an upper bound of the propagation time, request latency included. Returns
 * null when no probe succeeded within `timeoutMs` (the loop is bounded in time; each probe by the request timeout).
 */
export async function msUntil(since: number, probe: () => Promise<boolean>, options: PollOptions = {}): Promise<number | null> {
  const { intervalMs = 5, timeoutMs = 6000 } = options;
  while (performance.now() - since < timeoutMs) {
    if (await probe()) return Math.round(performance.now() - since);
    await sleep(intervalMs);
  }
  return null;
}
