import { ContentFieldValidationError, isRepositoryError } from '@contentrepo/core';
import { CommanderError } from 'commander';
import { ConfigError } from '../server-config.js';

/**
 * The exit codes of the `contentrepo` command (documented in the README, "Command line"; a test checks both agree).
 * A script can tell what went wrong without reading the message.
 */
export const EXIT_CODES = {
  /** Done (also: nothing to do). */
  ok: 0,
  /** An unexpected failure (a bug, a permission the acting user lacks, an I/O error): see the message. */
  failure: 1,
  /** Bad usage (unknown command or option, missing argument) or a bad configuration (environment). */
  usage: 2,
  /** The database does not answer, or its schema lacks migrations of this build (`migrate` applies them). */
  database: 3,
  /** A named object (user, group, language) does not exist. */
  notFound: 4,
  /** What should be created already exists (a login, a language code). */
  conflict: 5,
  /** Input data is invalid (a bad e-mail, a weak password, a malformed language code). */
  invalidInput: 6,
} as const;

/** One of {@link EXIT_CODES}. */
export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];

/** The name of each exit code in `--json` error documents (`"error": {"kind": "notFound", …}`). */
export type ExitKind = keyof typeof EXIT_CODES;

/** An error a command reports to its user: the message (one line, no stack trace) and the exit code it ends with. */
export class CliError extends Error {
  override readonly name = 'CliError';

  /**
   * @param exitCode the process's exit code (one of {@link EXIT_CODES}).
   * @param details extra facts for `--json` output (e.g. the pending migrations, the invalid fields).
   */
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }

  /** The key of {@link EXIT_CODES} of this error's code. */
  get kind(): ExitKind {
    return (Object.keys(EXIT_CODES) as ExitKind[]).find((key) => EXIT_CODES[key] === this.exitCode) ?? 'failure';
  }
}

/** Error codes of database drivers and sockets that mean "the database cannot be reached or opened". */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'SQLITE_CANTOPEN',
  'SQLITE_NOTADB',
  'SQLITE_CORRUPT',
  // PostgreSQL SQLSTATEs: connection exceptions (08…), invalid authorization (28…), unknown database (3D000),
  // server shutting down or not accepting connections (57P01–57P03).
  '3D000',
  '57P01',
  '57P02',
  '57P03',
]);

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const { code } = error as { code: unknown };
  return typeof code === 'string' ? code : undefined;
}

/** Whether `error` (or its cause) says the database cannot be reached, opened or logged into. */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current !== undefined && current !== null && depth < 5; depth += 1) {
    const code = errorCode(current);
    if (code !== undefined && (UNREACHABLE_CODES.has(code) || code.startsWith('08') || code.startsWith('28'))) return true;
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnreachable(inner))) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}

/**
 * The {@link CliError} a command's failure ends with: a CliError as it is; a configuration error → 2; core's
 * NotFoundError → 4, its duplicate checks (an InvalidArgumentError "… already exists") → 5, its other
 * invalid-argument and validation errors → 6; a database that cannot be reached → 3;
 * anything else → 1 with the error's message.
 */
export function toCliError(error: unknown): CliError {
  if (error instanceof CliError) return error;
  if (error instanceof CommanderError) return new CliError(error.message.replace(/^error: /, ''), EXIT_CODES.usage);
  if (error instanceof ConfigError) return new CliError(`Configuration error: ${error.message}`, EXIT_CODES.usage);
  if (isRepositoryError(error)) {
    switch (error.code) {
      case 'NotFound':
        return new CliError(error.message, EXIT_CODES.notFound);
      case 'InvalidArgument':
        // Core's duplicate checks (a login, an e-mail, a language code) are invalid arguments "… already exists".
        return new CliError(error.message, /\balready exists\b/.test(error.message) ? EXIT_CODES.conflict : EXIT_CODES.invalidInput);
      case 'ContentValidation':
      case 'LimitationValidation':
        return new CliError(error.message, EXIT_CODES.invalidInput);
      case 'ContentFieldValidation': {
        const fields = (error as ContentFieldValidationError).fieldErrors.map((failure) => ({
          field: failure.fieldDefinitionIdentifier,
          languageCode: failure.languageCode,
          errors: failure.errors.map((inner) => inner.message),
        }));
        const summary = fields.map((field) => `${field.field}: ${field.errors.join('; ')}`).join(', ');
        return new CliError(`${error.message}: ${summary}`, EXIT_CODES.invalidInput, { fields });
      }
      default:
        return new CliError(error.message, EXIT_CODES.failure);
    }
  }
  if (isDatabaseUnreachable(error)) {
    return new CliError(`The database cannot be reached: ${error instanceof Error ? error.message : String(error)}`, EXIT_CODES.database);
  }
  return new CliError(error instanceof Error ? error.message : String(error), EXIT_CODES.failure);
}
