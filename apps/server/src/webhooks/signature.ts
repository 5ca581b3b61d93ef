import { createHmac, timingSafeEqual } from 'node:crypto';

/** The signature header's scheme prefix: `X-Contentrepo-Signature: sha256=<hex>`. */
export const SIGNATURE_PREFIX = 'sha256=';

/**
 * The signature of a delivery (the scheme of Stripe's webhooks): hex HMAC-SHA256, keyed with the webhook's
 * secret, of `<timestamp>.<body>`, where `timestamp` is the `X-Contentrepo-Timestamp` header (Unix seconds) and
 * `body` the exact bytes of the request body. Signing the timestamp lets a receiver refuse replays of old requests.
 */
export function signWebhookPayload(secret: string, timestamp: number | string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

/**
 * Whether a received delivery is authentic: `signatureHeader` is `sha256=<hex>` of {@link signWebhookPayload} over
 * `timestampHeader` and `body`, compared in constant time, and the timestamp is within `toleranceSeconds` (default
 * 300) of `nowSeconds`. What a receiver runs (see the README's "Webhooks" section).
 */
export function verifyWebhookSignature(
  secret: string,
  body: string | Buffer,
  timestampHeader: string | undefined,
  signatureHeader: string | undefined,
  options: { readonly toleranceSeconds?: number; readonly nowSeconds?: number } = {},
): boolean {
  if (timestampHeader === undefined || signatureHeader === undefined || !/^\d+$/.test(timestampHeader)) return false;
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestampHeader)) > (options.toleranceSeconds ?? 300)) return false;
  if (!signatureHeader.startsWith(SIGNATURE_PREFIX)) return false;
  const expected = Buffer.from(signWebhookPayload(secret, timestampHeader, body), 'hex');
  const given = Buffer.from(signatureHeader.slice(SIGNATURE_PREFIX.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
