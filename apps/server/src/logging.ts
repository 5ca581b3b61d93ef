import { pino, type DestinationStream, type Logger } from 'pino';
import { requestContext } from './request-context.js';

/** How log lines are written (`LOG_FORMAT`): one JSON object per line, or coloured text for a developer's terminal. */
export type LogFormat = 'json' | 'pretty';

/** Options of {@link createLogger}. */
export interface LoggerOptions {
  /** pino level (`LOG_LEVEL`). */
  readonly level: string;
  /** `json` (default) or `pretty` (needs the development dependency `pino-pretty`). */
  readonly format?: LogFormat;
  /** Where lines go (default: standard output); tests pass a stream to read them (a Node `Writable` for `pretty`). */
  readonly destination?: DestinationStream;
}

/**
 * The fields the server adds to every line logged while a request is served: its `reqId` and, once known, the
 * `userId` it runs as (see request-context.ts). Nothing outside a request.
 */
export function requestFields(): Record<string, unknown> {
  const context = requestContext.getStore();
  if (context === undefined) return {};
  return context.userId === undefined ? { reqId: context.reqId } : { reqId: context.reqId, userId: context.userId };
}

/**
 * The server's logger: pino at `level`, each line one JSON object on standard output with `reqId` (and `userId`)
 * added inside a request ({@link requestFields}). `pretty` writes the same lines through `pino-pretty` for a
 * terminal; it is loaded only then, so a production install (without development dependencies) never needs it.
 * @throws Error naming `LOG_FORMAT` when `pretty` is asked for and `pino-pretty` is not installed.
 */
export async function createLogger(options: LoggerOptions): Promise<Logger> {
  const settings = { level: options.level, mixin: requestFields };
  if (options.format !== 'pretty') return options.destination ? pino(settings, options.destination) : pino(settings);
  let pretty: (options: Record<string, unknown>) => DestinationStream;
  try {
    ({ default: pretty } = (await import('pino-pretty')) as unknown as { default: typeof pretty });
  } catch (error) {
    throw new Error(`LOG_FORMAT=pretty needs the package pino-pretty (a development dependency); install it or use LOG_FORMAT=json (${String(error)})`);
  }
  const target = options.destination ? { destination: options.destination, colorize: false } : { colorize: process.stdout.isTTY };
  return pino(settings, pretty({ ...target, translateTime: 'SYS:HH:MM:ss.l', sync: true }));
}
