import { unwrapResolverError } from '@apollo/server/errors';
import type { ApolloServerPlugin } from '@apollo/server';
import {
  ContentFieldValidationError,
  isRepositoryError,
  type RepositoryError,
  type RepositoryErrorCode,
} from '@contentrepo/core';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';

/**
 * The GraphQL side of the error model (ADR 0002; Ibexa's GraphQL errors): core's `RepositoryError` codes become
 * `extensions.code` values, field validation failures become one `errors` entry per failing field with the message
 * `Field '<identifier>' failed validation: <message>`, graphql-upload's HTTP errors keep their status, and anything
 * unexpected is logged and masked as `Internal server Error` (Ibexa's message) unless debugging.
 */

/** Minimal logger contract (pino-compatible): where unexpected errors are reported. */
export interface GraphQLLogger {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** `extensions.code` of each core error code. */
export const ERROR_CODES: Readonly<Record<RepositoryErrorCode, string>> = {
  NotFound: 'NOT_FOUND',
  Unauthorized: 'UNAUTHORIZED',
  BadState: 'BAD_STATE',
  InvalidArgument: 'BAD_USER_INPUT',
  ContentValidation: 'BAD_USER_INPUT',
  ContentFieldValidation: 'BAD_USER_INPUT',
  LimitationValidation: 'BAD_USER_INPUT',
  NotImplemented: 'NOT_IMPLEMENTED',
  PreconditionFailed: 'PRECONDITION_FAILED',
};

/** Message of masked internal errors (overblog's default `internal_error_message`). */
export const INTERNAL_ERROR_MESSAGE = 'Internal server Error';

/** One failing field of a validation error, as carried in `extensions.fieldErrors` until the response is sent. */
export interface FieldErrorEntry {
  readonly field: string;
  readonly languageCode: string;
  readonly message: string;
}

/** A user-facing error with a code (and optional extra extensions). */
export function userError(message: string, code: string, extensions: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { ...extensions, code } });
}

/** `Field '<identifier>' failed validation: <message>` entries of a field validation error (Ibexa's message). */
export function fieldErrorEntries(error: ContentFieldValidationError): FieldErrorEntry[] {
  return error.fieldErrors.flatMap((failure) =>
    failure.errors.map((entry) => ({
      field: failure.fieldDefinitionIdentifier,
      languageCode: failure.languageCode,
      message: `Field '${failure.fieldDefinitionIdentifier}' failed validation: ${entry.message}`,
    })),
  );
}

/** An error thrown by graphql-upload or busboy (`http-errors`: a status and an exposable message). */
export function httpErrorStatus(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const status: unknown = Reflect.get(error, 'status');
  const expose: unknown = Reflect.get(error, 'expose');
  return typeof status === 'number' && status >= 400 && status < 600 && expose === true ? status : null;
}

/** `extensions.code` of an HTTP status from graphql-upload. */
export function httpErrorCode(status: number): string {
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 499) return 'CLIENT_CLOSED_REQUEST';
  return status < 500 ? 'BAD_REQUEST' : 'INTERNAL_SERVER_ERROR';
}

/**
 * A thrown value as a GraphQLError a client may see: core errors with their code (field validation with one
 * entry per field), upload errors with their HTTP status. Returns null for unexpected errors (to be masked).
 * `messages` overrides the message per core code (Ibexa's mutation messages).
 */
export function toUserError(error: unknown, messages: Partial<Record<RepositoryErrorCode, string>> = {}): GraphQLError | null {
  if (error instanceof GraphQLError) return error;
  if (error instanceof ContentFieldValidationError) {
    const entries = fieldErrorEntries(error);
    return userError(entries[0]?.message ?? error.message, ERROR_CODES.ContentFieldValidation, { fieldErrors: entries });
  }
  if (isRepositoryError(error)) return repositoryUserError(error, messages[error.code]);
  const status = httpErrorStatus(error);
  if (status !== null && error instanceof Error) {
    return userError(error.message, httpErrorCode(status), { http: { status } });
  }
  return null;
}

function repositoryUserError(error: RepositoryError, message: string | undefined): GraphQLError {
  return userError(message ?? error.message, ERROR_CODES[error.code]);
}

/** Rethrows `error` as a user error when it is one (see {@link toUserError}), else unchanged. */
export function rethrowAsUserError(error: unknown, messages: Partial<Record<RepositoryErrorCode, string>> = {}): never {
  throw toUserError(error, messages) ?? error;
}

/**
 * Apollo `formatError`: core errors escaping read resolvers get their code; unexpected errors are logged and
 * masked (their message and stack stay in `extensions.debugMessage`/`stacktrace` only with `debug`).
 */
export function createFormatError(debug: boolean, logger: GraphQLLogger | null) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    if (original instanceof GraphQLError) return formatted;
    const user = toUserError(original);
    if (user !== null) {
      return { ...formatted, message: user.message, extensions: { ...user.extensions } };
    }
    if (formatted.extensions?.['code'] !== 'INTERNAL_SERVER_ERROR' || !(original instanceof Error)) return formatted;
    logger?.error({ err: original, path: formatted.path }, 'GraphQL resolver failed');
    return {
      message: INTERNAL_ERROR_MESSAGE,
      ...(formatted.locations ? { locations: formatted.locations } : {}),
      ...(formatted.path ? { path: formatted.path } : {}),
      extensions: debug
        ? { code: 'INTERNAL_SERVER_ERROR', debugMessage: original.message, stacktrace: original.stack?.split('\n') ?? [] }
        : { code: 'INTERNAL_SERVER_ERROR' },
    };
  };
}

function isFieldErrorEntry(value: unknown): value is FieldErrorEntry {
  if (typeof value !== 'object' || value === null) return false;
  return ['field', 'languageCode', 'message'].every((key) => typeof Reflect.get(value, key) === 'string');
}

/** Expands formatted errors carrying `extensions.fieldErrors` into one entry per failing field, like Ibexa. */
export function expandFieldErrors(errors: readonly GraphQLFormattedError[]): GraphQLFormattedError[] {
  return errors.flatMap((error) => {
    const entries: unknown = error.extensions?.['fieldErrors'];
    if (!Array.isArray(entries) || entries.length === 0) return [error];
    const { fieldErrors: _omitted, ...extensions } = error.extensions ?? {};
    return entries.filter(isFieldErrorEntry).map((entry) => ({
      ...error,
      message: entry.message,
      extensions: { ...extensions, field: entry.field, languageCode: entry.languageCode },
    }));
  });
}

/** Apollo plugin applying {@link expandFieldErrors} to every single-result response. */
export function fieldErrorsPlugin<C extends object>(): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          if (response.body.kind !== 'single') return;
          const { errors } = response.body.singleResult;
          if (errors) response.body.singleResult.errors = expandFieldErrors(errors);
        },
      };
    },
  };
}
