import { createDefaultFieldTypeRegistry, type FieldTypeRegistry, type Repository } from '@contentrepo/core';
import type { Persistence } from '@contentrepo/persistence';
import { pino, type Logger } from 'pino';
import { buildRepository, openStore } from '../app.js';
import { createScryptPasswordHasher } from '../password-hasher.js';
import { loadConfig, type ServerConfig } from '../server-config.js';
import { CliError, EXIT_CODES, toCliError } from './cli-errors.js';
import type { CliIo, GlobalOptions, Output } from './cli-output.js';
import { createProgress, type Progress, type ProgressOptions } from './cli-progress-display.js';

/** An open, migrated and installed repository for a command, with the user commands act as. */
export interface OpenRepository {
  readonly store: Persistence;
  readonly fieldTypes: FieldTypeRegistry;
  /** The repository acting as the user whose login `--as` names (default `admin`), with that user's permissions. */
  readonly repository: Repository;
  /** The repository acting as nobody in particular (anonymous); `sudo` for trusted reads. */
  readonly anonymous: Repository;
}

/** What a command's action gets: the run's streams, options, configuration and the database. */
export interface CommandContext {
  readonly io: CliIo;
  readonly options: GlobalOptions & { readonly as: string };
  readonly out: Output;
  /** The server's configuration from the environment (`loadConfig`). @throws CliError (exit 2) on a bad setting. */
  config(): ServerConfig;
  /** The field types the store and repository of this run use (core's built-in ones, as the server's). */
  readonly fieldTypes: FieldTypeRegistry;
  /** Logger for the persistence's warnings: stderr, warnings and worse (silent with `--json` or `--quiet`). */
  readonly logger: Logger;
  /**
   * Opens the database the configuration names, without migrating; closed when the command ends.
   * @throws CliError (exit 3) when the database cannot be reached.
   */
  openStore(): Promise<Persistence>;
  /**
   * Opens the database and checks that it is migrated and installed.
   * @throws CliError (exit 3) when the database cannot be reached, lacks migrations or holds no data yet.
   */
  openReadyStore(): Promise<Persistence>;
  /**
   * {@link openReadyStore}, then builds the repository as the server does.
   * @throws CliError (exit 3) when the database cannot be reached, lacks migrations or holds no data yet; (exit 4)
   *   when no user has the login of `--as`.
   */
  openRepository(): Promise<OpenRepository>;
  /** A progress display on stderr (see `createProgress`). */
  progress(label: string, settings?: ProgressOptions): Progress;
  /** The whole of standard input as text. */
  readStdin(): Promise<string>;
  /** Registers work to do when the command ends (success or failure), last registered first. */
  onClose(work: () => Promise<void>): void;
  /** Tells the entry point that the process must go on after the command's action returned (a server listening). */
  keepRunning(): void;
  /** Whether {@link keepRunning} was called. */
  readonly keepsRunning: boolean;
}

/** Builds the context of one command run; `close()` runs the registered `onClose` work. */
export function createCommandContext(io: CliIo, options: CommandContext['options'], out: Output): CommandContext & { close(): Promise<void> } {
  const closers: (() => Promise<void>)[] = [];
  let config: ServerConfig | undefined;
  const logger = pino({ level: out.chatty ? 'warn' : 'silent' }, io.stderr as NodeJS.WritableStream as pino.DestinationStream);
  const fieldTypes = createDefaultFieldTypeRegistry();
  let keepsRunning = false;
  const context: CommandContext & { close(): Promise<void> } = {
    get keepsRunning() {
      return keepsRunning;
    },
    keepRunning() {
      keepsRunning = true;
    },
    io,
    options,
    out,
    logger,
    fieldTypes,
    config() {
      try {
        config ??= loadConfig(io.env);
      } catch (error) {
        throw toCliError(error);
      }
      return config;
    },
    async openStore() {
      const config = context.config();
      let store: Persistence;
      try {
        store = await openStore(config, logger, fieldTypes);
      } catch (error) {
        throw databaseError(error);
      }
      closers.push(() => store.close());
      return store;
    },
    async openReadyStore() {
      const store = await context.openStore();
      const pending = await store.pendingMigrations().catch((error: unknown) => {
        throw databaseError(error);
      });
      if (pending.length > 0) {
        throw new CliError(`The database lacks ${pending.length} migration(s) of this build: run 'contentrepo migrate' first`, EXIT_CODES.database, {
          pending,
        });
      }
      if (await store.seedImporter.isEmpty()) {
        throw new CliError(`The database holds no data yet: run 'contentrepo install' first`, EXIT_CODES.database);
      }
      return store;
    },
    async openRepository() {
      const store = await context.openReadyStore();
      const anonymous = buildRepository(context.config(), store, fieldTypes, createScryptPasswordHasher(), logger);
      const actingId = await anonymous
        .sudo(async (trusted) => (await trusted.userService.loadUserByLogin(options.as)).contentInfo.id)
        .catch((error: unknown) => {
          throw new CliError(`The acting user '${options.as}' (--as) cannot be used: ${toCliError(error).message}`, EXIT_CODES.notFound);
        });
      return { store, fieldTypes, repository: anonymous.forUser({ userId: actingId }), anonymous };
    },
    progress(label, settings) {
      return createProgress(io, options, label, settings);
    },
    async readStdin() {
      const chunks: Buffer[] = [];
      for await (const chunk of io.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
      return Buffer.concat(chunks).toString('utf8');
    },
    onClose(work) {
      closers.push(work);
    },
    async close() {
      for (const work of closers.reverse()) await work().catch(() => undefined);
    },
  };
  return context;
}

/** A failure opening or asking the database: exit 3 (the database cannot be reached), whatever the driver said. */
function databaseError(error: unknown): CliError {
  const mapped = toCliError(error);
  if (mapped.exitCode === EXIT_CODES.database) return mapped;
  return new CliError(`The database cannot be used: ${mapped.message}`, EXIT_CODES.database);
}
