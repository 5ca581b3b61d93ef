import { randomBytes } from 'node:crypto';
import type { TokenService } from '@contentrepo/core';
import { isPostgresUrl } from '@contentrepo/persistence';
import { createJwtTokenService } from '@contentrepo/http-auth';
import type { Logger } from 'pino';
import type { ServerConfig } from './server-config.js';

/**
 * The server's `TokenService` (Bearer JWTs shared by REST and GraphQL, like Ibexa's JWT authentication): HS256 with
 * `JWT_SECRET`, valid for `JWT_TTL` seconds. Without a secret, a random per-process one is used and a warning logged:
 * tokens then stop working at restart and are not accepted by other server nodes. On PostgreSQL (the database
 * several nodes share) the warning says so and asks for one `JWT_SECRET` on every node; sessions (cookies) live in
 * the database and work on every node either way. (The jose-based implementation lives in `@contentrepo/http-auth`,
 * with the rest of request authentication.)
 */
export function createTokenService(config: Pick<ServerConfig, 'jwtSecret' | 'jwtTtlSeconds' | 'databaseUrl'>, logger: Logger): TokenService {
  let secret: string | Uint8Array | undefined = config.jwtSecret;
  if (secret === undefined) {
    logger.warn(
      isPostgresUrl(config.databaseUrl)
        ? 'JWT_SECRET is not set: JWTs are signed with a random per-process secret, so a token issued by this node is refused by every other node on this database (and by this one after a restart). Set the same JWT_SECRET (at least 32 characters) on every node.'
        : 'JWT_SECRET is not set: JWTs are signed with a random per-process secret (invalid after a restart and on other nodes)',
    );
    secret = randomBytes(32);
  }
  return createJwtTokenService({ secret, ttlSeconds: config.jwtTtlSeconds });
}
