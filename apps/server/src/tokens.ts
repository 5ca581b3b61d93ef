import { randomBytes } from 'node:crypto';
import type { TokenService } from '@contentrepo/core';
import { createJwtTokenService } from '@contentrepo/http-auth';
import type { Logger } from 'pino';
import type { ServerConfig } from './server-config.js';

/**
 * The server's `TokenService` (Bearer JWTs shared by REST and GraphQL, like Ibexa's JWT authentication): HS256 with
 * `JWT_SECRET`, valid for `JWT_TTL` seconds. Without a secret, a random per-process one is used and a warning logged:
 * tokens then stop working at restart and are not accepted by other server nodes. (The jose-based implementation lives
 * in `@contentrepo/http-auth`, with the rest of request authentication.)
 */
export function createTokenService(config: Pick<ServerConfig, 'jwtSecret' | 'jwtTtlSeconds'>, logger: Logger): TokenService {
  let secret: string | Uint8Array | undefined = config.jwtSecret;
  if (secret === undefined) {
    logger.warn('JWT_SECRET is not set: JWTs are signed with a random per-process secret (invalid after a restart and on other nodes)');
    secret = randomBytes(32);
  }
  return createJwtTokenService({ secret, ttlSeconds: config.jwtTtlSeconds });
}
