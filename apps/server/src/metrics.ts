import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Dialect, OutboxDepth, QueryObserver } from '@contentrepo/persistence';
import type { Request, RequestHandler, Response } from 'express';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { RequestObserver } from './request-log.js';

/** Upper bounds of the HTTP request duration buckets, in seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Upper bounds of the database statement duration buckets, in seconds. */
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** Longest a scrape waits for the outbox counts, in milliseconds (a database that does not answer leaves them out). */
const OUTBOX_TIMEOUT_MS = 2_000;

/** Most label sets whose metric children are kept for reuse (more are looked up by prom-client each time). */
const MAX_LABEL_SETS = 10_000;

/** HTTP methods labelled as they are; any other is labelled `OTHER` (bounded label values). */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'COPY', 'MOVE', 'SWAP', 'PUBLISH', 'TRASH']);

/** Hits and misses of a cache since it was made (monotonic). */
export interface CacheStats {
  readonly hits: number;
  readonly misses: number;
}

/** The server's Prometheus metrics (see {@link createServerMetrics}). */
export interface ServerMetrics {
  readonly registry: Registry;
  /** Counts a finished HTTP request and observes its duration. */
  readonly observeRequest: RequestObserver;
  /** Observes a database statement (give it to the persistence as `onQuery`). */
  readonly onQuery: QueryObserver;
  /** Reports the hits and misses of the cache `name`, read at every scrape. */
  addCache(name: string, stats: () => CacheStats): void;
  /** Reports the outbox depth, counted at every scrape. */
  setOutbox(depth: () => Promise<OutboxDepth>): void;
  /** The scrape's text in Prometheus's exposition format (this process, or every worker of a cluster). */
  text(): Promise<{ readonly contentType: string; readonly body: string }>;
  /** The `GET /metrics` handler over these metrics (see {@link metricsHandler}). */
  handler(token: string | undefined): RequestHandler;
}

/** Options of {@link createServerMetrics}. */
export interface ServerMetricsOptions {
  /** Also collect Node's process metrics (CPU, memory, event loop lag, GC; prom-client's defaults). Default true. */
  readonly processMetrics?: boolean;
  /** Answers a scrape with every worker's metrics aggregated (see {@link clusterMetricsText}); this process's otherwise. */
  readonly aggregate?: () => Promise<string>;
}

/**
 * A registry of its own (several apps in one process do not mix) holding:
 * - `http_requests_total{method,route,status}` and `http_request_duration_seconds{method,route}` (histogram);
 *   `route` is the route pattern (see request-log.ts), never the path as sent;
 * - `db_query_duration_seconds{dialect,outcome}` (histogram of every statement; `outcome` is `ok` or `error`);
 * - `cache_requests_total{cache,result}` (`result` `hit` or `miss`), read from the caches' own counters at scrape;
 * - `outbox_unnumbered_events` and `webhook_deliveries_pending` (gauges counted in the database at scrape; NaN
 *   when it does not answer within 2 s);
 * - prom-client's process metrics (`process_cpu_seconds_total`, `nodejs_heap_size_used_bytes`, …).
 * In a cluster the counters and histograms are summed over the workers, the gauges of the database taken from one.
 */
export function createServerMetrics(options: ServerMetricsOptions = {}): ServerMetrics {
  const registry = new Registry();
  if (options.processMetrics ?? true) collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving an HTTP request to finishing its response, in seconds, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const queries = new Histogram({
    name: 'db_query_duration_seconds',
    help: 'Time a database statement took, in seconds, by dialect and outcome (ok or error)',
    labelNames: ['dialect', 'outcome'] as const,
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  const queryChildren = new Map<string, { observe(value: number): void }>();
  const requestChildren = new Map<string, { count: { inc(): void }; time: { observe(value: number): void } }>();
  const caches = new Map<string, () => CacheStats>();
  new Counter({
    name: 'cache_requests_total',
    help: 'Lookups of the server caches, by cache and result (hit or miss)',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, stats] of caches) {
        const { hits, misses } = stats();
        this.inc({ cache, result: 'hit' }, hits);
        this.inc({ cache, result: 'miss' }, misses);
      }
    },
  });
  let outbox: (() => Promise<OutboxDepth>) | null = null;
  // One count per scrape for both gauges (prom-client collects the metrics of a scrape concurrently).
  let counting: Promise<OutboxDepth | null> | null = null;
  const countOnce = (): Promise<OutboxDepth | null> => {
    if (outbox === null) return Promise.resolve(null);
    counting ??= withTimeout(outbox(), OUTBOX_TIMEOUT_MS)
      .catch(() => null)
      .finally(() => setImmediate(() => (counting = null)));
    return counting;
  };
  new Gauge({
    name: 'outbox_unnumbered_events',
    help: 'Domain events committed but not yet given their place in the event feed (NaN when the database does not answer)',
    registers: [registry],
    aggregator: 'first',
    async collect() {
      const depth = await countOnce();
      this.set(depth === null ? Number.NaN : depth.unnumberedEvents);
    },
  });
  new Gauge({
    name: 'webhook_deliveries_pending',
    help: 'Webhook deliveries waiting to be tried (NaN when the database does not answer)',
    registers: [registry],
    aggregator: 'first',
    async collect() {
      const depth = await countOnce();
      this.set(depth === null ? Number.NaN : depth.pendingDeliveries);
    },
  });
  const text = async (): Promise<{ contentType: string; body: string }> => {
    const body = options.aggregate ? await options.aggregate() : await registry.metrics();
    return { contentType: registry.contentType, body };
  };
  return {
    registry,
    observeRequest: (method, route, status, seconds) => {
      // The children of each label set are kept (routes, methods and statuses are bounded): prom-client's own
      // lookup hashes the label object on every call.
      const key = `${method} ${status} ${route}`;
      let child = requestChildren.get(key);
      if (child === undefined) {
        const verb = KNOWN_METHODS.has(method) ? method : 'OTHER';
        child = { count: requests.labels({ method: verb, route, status: String(status) }), time: durations.labels({ method: verb, route }) };
        if (requestChildren.size < MAX_LABEL_SETS) requestChildren.set(key, child);
      }
      child.count.inc();
      child.time.observe(seconds);
    },
    onQuery: (seconds: number, dialect: Dialect, ok: boolean) => {
      const key = ok ? dialect : `${dialect}:error`;
      let child = queryChildren.get(key);
      if (child === undefined) {
        child = queries.labels({ dialect, outcome: ok ? 'ok' : 'error' });
        queryChildren.set(key, child);
      }
      child.observe(seconds);
    },
    addCache: (name, stats) => {
      caches.set(name, stats);
    },
    setOutbox: (depth) => {
      outbox = depth;
    },
    text,
    handler: (token) => metricsHandler({ text }, token),
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** `Authorization: Bearer <token>` equal to `token`, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (match === null) return false;
  const digest = (value: string): Buffer => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest((match[1] ?? '').trim()), digest(token));
}

/**
 * `GET /metrics`: the scrape in Prometheus's text format, never cached. With `token`, only for
 * `Authorization: Bearer <token>` (else `401` with `WWW-Authenticate: Bearer`, as the JSON error of the server's own
 * paths). A scrape that fails (e.g. a worker does not answer) is `503`.
 */
export function metricsHandler(metrics: Pick<ServerMetrics, 'text'>, token: string | undefined): RequestHandler {
  return (req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store');
    if (token !== undefined && !bearerMatches(req.get('authorization'), token)) {
      res.status(401).set('WWW-Authenticate', 'Bearer realm="metrics"').json({ error: { code: 401, message: 'Unauthorized' } });
      return;
    }
    metrics
      .text()
      .then(({ contentType, body }) => res.type(contentType).send(body))
      .catch(() => res.status(503).json({ error: { code: 503, message: 'The metrics could not be collected' } }));
  };
}

/** IPC message types between a worker serving `/metrics` and the primary that aggregates (see {@link clusterMetricsText}). */
const METRICS_REQUEST = 'contentrepo:metrics-request';
const METRICS_RESPONSE = 'contentrepo:metrics-response';
/** Longest a worker waits for the aggregated scrape, in milliseconds. */
const CLUSTER_SCRAPE_TIMEOUT_MS = 5_000;

/**
 * In the primary of a cluster (`WORKERS` > 1): answers the workers' requests for the aggregated scrape with
 * prom-client's `AggregatorRegistry`, which asks every worker for its registry (the one given to
 * {@link shareWorkerRegistry}) and sums counters and histograms.
 */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage(message, METRICS_REQUEST)) return;
    aggregator
      .clusterMetrics()
      .then((body) => worker.send({ type: METRICS_RESPONSE, id: message.id, body }))
      .catch((error: unknown) => worker.send({ type: METRICS_RESPONSE, id: message.id, error: String(error) }));
  });
}

let workerListening = false;

/** In a worker: the registry prom-client's cluster support reports to the primary when it asks. */
export function shareWorkerRegistry(registry: Registry): void {
  AggregatorRegistry.setRegistries([registry]);
  // prom-client starts answering the primary's requests when the first AggregatorRegistry is made.
  if (!workerListening) new AggregatorRegistry();
  workerListening = true;
}

let nextScrape = 0;

/**
 * In a worker: the scrape of every worker, aggregated by the primary ({@link serveClusterMetrics}).
 * @throws Error when the primary does not answer within 5 s or the aggregation failed.
 */
export function clusterMetricsText(): Promise<string> {
  const id = ++nextScrape;
  return new Promise<string>((resolve, reject) => {
    const onMessage = (message: unknown): void => {
      if (!isMessage(message, METRICS_RESPONSE) || message.id !== id) return;
      done();
      if (typeof message.body === 'string') resolve(message.body);
      else reject(new Error(`The cluster scrape failed: ${String(message.error)}`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error('The primary did not answer the scrape in time'));
    }, CLUSTER_SCRAPE_TIMEOUT_MS);
    const done = (): void => {
      clearTimeout(timer);
      process.off('message', onMessage);
    };
    process.on('message', onMessage);
    process.send?.({ type: METRICS_REQUEST, id });
  });
}

function isMessage(message: unknown, type: string): message is { type: string; id: number; body?: unknown; error?: unknown } {
  return typeof message === 'object' && message !== null && 'type' in message && message.type === type && 'id' in message;
}
