import { createHash } from 'node:crypto';
import {
  RateLimiterCluster,
  RateLimiterClusterMaster,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

/**
 * Failed-login throttling: how many wrong passwords a client may send before its logins are refused for a while.
 * Counted twice, as rate-limiter-flexible's login protection pattern does: per account and client address (login
 * name, case-insensitive, plus address; reset by a successful login) and per client address alone (never reset by a
 * success, so one address cannot try many accounts). While either is over its limit, every login of that pair is
 * refused without checking the password, the right password included.
 */
export interface LoginThrottle {
  /** Seconds (≥ 1) until `login` may try again from `address`, or 0 when it may try now. */
  blockedFor(login: string, address: string): Promise<number>;
  /**
   * Counts a failed login of `login` from `address`. Returns the seconds until the next try is allowed when this
   * failure reached a limit (the pair is then blocked for `blockSeconds`), else 0.
   */
  recordFailure(login: string, address: string): Promise<number>;
  /** A successful login: forgets the failures of `login` from `address` (the per-address count stays). */
  recordSuccess(login: string, address: string): Promise<void>;
}

/** Default failures per account and address within the window. */
export const DEFAULT_LOGIN_MAX_FAILURES = 10;
/** Default failures per client address (all accounts) within the window. */
export const DEFAULT_LOGIN_MAX_FAILURES_PER_ADDRESS = 100;
/** Default counting window, in seconds (15 minutes). */
export const DEFAULT_LOGIN_WINDOW_SECONDS = 900;
/** Default block once a limit is reached, in seconds (15 minutes). */
export const DEFAULT_LOGIN_BLOCK_SECONDS = 900;

/** Where the counters live. */
export type LoginThrottleStore =
  /** In this process only (a single node, e.g. SQLite). */
  | { readonly kind: 'memory' }
  /**
   * In the memory of the primary process of a Node `cluster`, shared by its workers over the cluster's IPC
   * channel (rate-limiter-flexible's `RateLimiterCluster`): the primary must call
   * {@link serveLoginThrottleToWorkers} before forking. A request unanswered within 5 s fails (the throttle then
   * fails closed).
   */
  | { readonly kind: 'cluster' }
  /**
   * In a PostgreSQL table shared by every node: `client` is a `pg` Pool (`clientType` `pool`) or a knex instance
   * (`knex`) whose connections use the wanted schema; the table (default `login_throttle`) is created when missing.
   */
  | { readonly kind: 'postgres'; readonly client: unknown; readonly clientType: 'pool' | 'knex'; readonly tableName?: string }
  /**
   * Limiters of your own (e.g. rate-limiter-flexible's `RateLimiterRedis`); their `points` are the limits and
   * their `blockDuration` the block (the numeric options below are then ignored).
   */
  | { readonly kind: 'limiters'; readonly account: RateLimiterAbstract; readonly address: RateLimiterAbstract };

/** Options of {@link createLoginThrottle}. */
export interface LoginThrottleOptions {
  /** Failures per account and address within the window (default 10). */
  readonly maxFailures?: number;
  /** Failures per client address within the window (default 100). */
  readonly maxFailuresPerAddress?: number;
  /** Counting window in seconds (default 900). */
  readonly windowSeconds?: number;
  /** How long logins are refused once a limit is reached, in seconds (default 900). */
  readonly blockSeconds?: number;
  /** Counter store (default `memory`). */
  readonly store?: LoginThrottleStore;
}

/**
 * Builds a {@link LoginThrottle} over rate-limiter-flexible limiters (memory, PostgreSQL, or your own).
 * @throws Error when a limit or duration is not a positive integer, or the PostgreSQL table cannot be created.
 */
export async function createLoginThrottle(options: LoginThrottleOptions = {}): Promise<LoginThrottle> {
  const store = options.store ?? { kind: 'memory' };
  if (store.kind === 'limiters') return new RateLimiterLoginThrottle(store.account, store.address);
  const maxFailures = positive('maxFailures', options.maxFailures ?? DEFAULT_LOGIN_MAX_FAILURES);
  const maxPerAddress = positive('maxFailuresPerAddress', options.maxFailuresPerAddress ?? DEFAULT_LOGIN_MAX_FAILURES_PER_ADDRESS);
  const duration = positive('windowSeconds', options.windowSeconds ?? DEFAULT_LOGIN_WINDOW_SECONDS);
  const blockDuration = positive('blockSeconds', options.blockSeconds ?? DEFAULT_LOGIN_BLOCK_SECONDS);
  const limiter = async (keyPrefix: string, points: number): Promise<RateLimiterAbstract> => {
    const common = { keyPrefix, points, duration, blockDuration };
    if (store.kind === 'memory') return new RateLimiterMemory(common);
    if (store.kind === 'cluster') return new RateLimiterCluster({ ...common, timeoutMs: CLUSTER_TIMEOUT_MS });
    return new Promise<RateLimiterAbstract>((resolve, reject) => {
      const created: RateLimiterPostgres = new RateLimiterPostgres(
        { ...common, storeClient: store.client, storeType: store.clientType, tableName: store.tableName ?? 'login_throttle' },
        (error?: unknown) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(created)),
      );
    });
  };
  const account = await limiter('login_account', maxFailures);
  const address = await limiter('login_address', maxPerAddress);
  return new RateLimiterLoginThrottle(account, address);
}

/** How long a worker waits for the primary's answer about a counter, in ms. */
const CLUSTER_TIMEOUT_MS = 5000;

let servingWorkers = false;

/**
 * In the primary process of a Node `cluster`: keeps the counters of the workers' login throttles built with the
 * store `{ kind: 'cluster' }`, in memory, answering them over the cluster's IPC channel (messages on the channel
 * `rate_limiter_flexible`). Call it once, before forking; later calls do nothing.
 */
export function serveLoginThrottleToWorkers(): void {
  if (servingWorkers) return;
  servingWorkers = true;
  new RateLimiterClusterMaster();
}

function positive(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new Error(`Login throttling: ${name} must be a positive integer, got ${value}`);
  return value;
}

/** Seconds, rounded up, at least 1. */
function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

class RateLimiterLoginThrottle implements LoginThrottle {
  constructor(
    private readonly account: RateLimiterAbstract,
    private readonly address: RateLimiterAbstract,
  ) {}

  async blockedFor(login: string, address: string): Promise<number> {
    const [byAccount, byAddress] = await Promise.all([this.account.get(accountKey(login, address)), this.address.get(address)]);
    let waitMs = 0;
    if (byAccount && byAccount.consumedPoints >= this.account.points) waitMs = Math.max(waitMs, byAccount.msBeforeNext);
    if (byAddress && byAddress.consumedPoints >= this.address.points) waitMs = Math.max(waitMs, byAddress.msBeforeNext);
    return waitMs > 0 ? seconds(waitMs) : 0;
  }

  async recordFailure(login: string, address: string): Promise<number> {
    const [byAccount, byAddress] = await Promise.all([
      this.count(this.account, accountKey(login, address)),
      this.count(this.address, address),
    ]);
    return Math.max(byAccount, byAddress);
  }

  async recordSuccess(login: string, address: string): Promise<void> {
    await this.account.delete(accountKey(login, address));
  }

  /** Consumes one point of `key`; at the limit, blocks it for the limiter's block duration and returns that, else 0. */
  private async count(limiter: RateLimiterAbstract, key: string): Promise<number> {
    let result: RateLimiterRes;
    try {
      result = await limiter.consume(key);
    } catch (rejection) {
      // Over the limit already (a concurrent failure): the limiter has blocked the key itself.
      if (rejection instanceof RateLimiterRes) return seconds(rejection.msBeforeNext);
      throw rejection;
    }
    if (result.consumedPoints < limiter.points) return 0;
    const blockSeconds = limiter.blockDuration > 0 ? limiter.blockDuration : seconds(result.msBeforeNext);
    await limiter.block(key, blockSeconds);
    return blockSeconds;
  }
}

/** Key of an account and address; long ones (a 1 MB login name) as their SHA-256, to fit a database key column. */
function accountKey(login: string, address: string): string {
  const key = `${login.trim().toLowerCase()}@${address}`;
  return key.length > 200 ? `sha256:${createHash('sha256').update(key).digest('hex')}` : key;
}
