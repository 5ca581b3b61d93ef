import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '@contentrepo/persistence';

/** How this node delivers webhooks (`WEBHOOK_*` settings, see {@link loadWebhookConfig}). */
export interface WebhookConfig {
  /** Whether this node runs the dispatcher (`WEBHOOKS`: `on`, the default, or `off`). Registering webhooks works either way. */
  readonly enabled: boolean;
  /** Longest wait for a receiver's answer, in ms (`WEBHOOK_TIMEOUT_MS`, default 10000, 100–120000). */
  readonly timeoutMs: number;
  /** Deliveries tried at the same time by this node (`WEBHOOK_CONCURRENCY`, default 8, 1–256). */
  readonly concurrency: number;
  /** How often the node looks for new events and due retries without being woken, in ms (`WEBHOOK_POLL_MS`, default 1000, 20–60000). */
  readonly pollMs: number;
  /**
   * Retries (`WEBHOOK_MAX_ATTEMPTS`, default 10 tries in all, 1–100; `WEBHOOK_RETRY_DELAYS_MS`, the waits after
   * the 1st, 2nd… failed try, comma-separated ms, the last one repeating; default 10 s, 30 s, 1 min, 5 min, 15 min,
   * 1 h, 6 h), each wait spread by ±20 % at random.
   */
  readonly retry: RetryPolicy;
}

/** The default webhook settings. */
export const DEFAULT_WEBHOOK_CONFIG: WebhookConfig = { enabled: true, timeoutMs: 10_000, concurrency: 8, pollMs: 1_000, retry: DEFAULT_RETRY_POLICY };

/**
 * Reads the `WEBHOOK*` settings from `env` (see {@link WebhookConfig}).
 * @throws the error `invalid` makes of the message (the server's ConfigError) for a value out of range or not a
 *   number, or a `WEBHOOKS` that is neither on nor off.
 */
export function loadWebhookConfig(env: NodeJS.ProcessEnv, invalid: (message: string) => Error = (message) => new Error(message)): WebhookConfig {
  const switchValue = (env['WEBHOOKS'] ?? '').trim().toLowerCase();
  if (!['', 'on', 'off', 'true', 'false', '1', '0'].includes(switchValue)) throw invalid(`WEBHOOKS must be on or off, got '${env['WEBHOOKS'] ?? ''}'`);
  const delaysRaw = (env['WEBHOOK_RETRY_DELAYS_MS'] ?? '').trim();
  const delaysMs = delaysRaw === '' ? DEFAULT_RETRY_POLICY.delaysMs : delaysRaw.split(',').map((part) => part.trim());
  const delays = delaysMs.map((value) => Number(value));
  if (delays.length === 0 || delays.some((value) => !Number.isInteger(value) || value < 0 || value > 7 * 24 * 3_600_000)) {
    throw invalid(`WEBHOOK_RETRY_DELAYS_MS must be comma-separated waits in ms (0 to 7 days each), got '${delaysRaw}'`);
  }
  return {
    enabled: !['off', 'false', '0'].includes(switchValue),
    timeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', DEFAULT_WEBHOOK_CONFIG.timeoutMs, 100, 120_000, invalid),
    concurrency: integer(env, 'WEBHOOK_CONCURRENCY', DEFAULT_WEBHOOK_CONFIG.concurrency, 1, 256, invalid),
    pollMs: integer(env, 'WEBHOOK_POLL_MS', DEFAULT_WEBHOOK_CONFIG.pollMs, 20, 60_000, invalid),
    retry: {
      delaysMs: delays,
      maxAttempts: integer(env, 'WEBHOOK_MAX_ATTEMPTS', DEFAULT_RETRY_POLICY.maxAttempts, 1, 100, invalid),
      jitter: DEFAULT_RETRY_POLICY.jitter ?? 0.2,
    },
  };
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number, invalid: (message: string) => Error): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw invalid(`${name} must be an integer between ${min} and ${max}, got '${raw}'`);
  return value;
}
