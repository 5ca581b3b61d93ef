/** @contentrepo/server — the composition root. */
export { createApp, prepareDatabase, REST_PREFIX, type App, type AppOptions } from './app.js';
export { connectionsCheckingIntervalMs, createHttpServer, type HttpTimeouts } from './http-server.js';
export { ConfigError, loadConfig, loadEnvironment, type ServerConfig } from './server-config.js';
export { createLogger, type LogFormat, type LoggerOptions } from './logging.js';
export { createScryptPasswordHasher } from './password-hasher.js';
export { createTokenService } from './tokens.js';
