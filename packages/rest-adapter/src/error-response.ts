import { ContentFieldValidationError, type FieldValidationFailure, isRepositoryError, type RepositoryErrorCode } from '@contentrepo/core';
import { LoginThrottledError, LoginThrottleUnavailableError } from '@contentrepo/http-auth';
import { ForbiddenError, RestHttpError } from './http/rest-errors.js';
import { reasonPhrase } from './http/status-text.js';
import { hash, list, obj, val, type Child, type ObjectNode } from './output/node.js';

/** Status of each core error code (Ibexa REST's exception → HTTP status mapping), before route conversions. */
const STATUS_OF: Readonly<Record<RepositoryErrorCode, number>> = {
  NotFound: 404,
  Unauthorized: 401,
  BadState: 409,
  InvalidArgument: 406,
  // Ibexa maps these to 500 unless a controller converts them; every client mistake here is a 400.
  ContentValidation: 400,
  ContentFieldValidation: 400,
  LimitationValidation: 400,
  NotImplemented: 501,
  PreconditionFailed: 412,
};

/**
 * Text shown instead of a 5xx error's description outside debug mode (Ibexa's ErrorMessage `errorDescription`).
 * 501 Not Implemented keeps its description: it names the feature that is missing, never an internal detail.
 */
export const MASKED_DESCRIPTION = 'An error has occurred. Please try again later or contact your Administrator.';

/** A rendered error: HTTP status and ErrorMessage node. */
export interface ErrorResponse {
  readonly status: number;
  readonly root: ObjectNode;
  /** Whether the error is unexpected (a bug or infrastructure failure) and must be logged. */
  readonly unexpected: boolean;
}

/**
 * Maps any thrown value to an HTTP status and an Ibexa `ErrorMessage`: REST transport errors keep
 * their status, core errors go through {@link STATUS_OF}, a throttled login is 429 Too Many Requests, a login refused
 * because the throttle's counters cannot be reached is 503 Service Unavailable (with its own description; already
 * logged by the authentication), anything else is a 500 whose details are never shown unless `debug`.
 */
export function errorResponse(error: unknown, debug: boolean): ErrorResponse {
  const status = statusOf(error);
  const unexpected =
    !(error instanceof RestHttpError) && !isRepositoryError(error) && !(error instanceof LoginThrottledError) && !(error instanceof LoginThrottleUnavailableError);
  return { status, unexpected, root: errorMessage(error, status, debug) };
}

function statusOf(error: unknown): number {
  if (error instanceof RestHttpError) return error.status;
  if (isRepositoryError(error)) return STATUS_OF[error.code];
  if (error instanceof LoginThrottledError) return 429;
  if (error instanceof LoginThrottleUnavailableError) return 503;
  return 500;
}

function errorMessage(error: unknown, status: number, debug: boolean): ObjectNode {
  const message = error instanceof Error ? error.message : String(error);
  const masked = status >= 500 && status !== 501 && !(error instanceof LoginThrottleUnavailableError) && !debug;
  const previous = error instanceof RestHttpError ? error.previous : undefined;
  const children: Child[] = [
    val('errorCode', status),
    val('errorMessage', reasonPhrase(status)),
    val('errorDescription', masked ? MASKED_DESCRIPTION : message),
    error instanceof ContentFieldValidationError ? errorDetails(error.fieldErrors) : undefined,
    debug && error instanceof Error && error.stack ? val('trace', error.stack) : undefined,
    previous ? obj('Previous', 'ErrorMessage', {}, errorMessage(previous, statusOf(previous), debug).children) : undefined,
  ];
  return obj('ErrorMessage', 'ErrorMessage', {}, children);
}

/** `errorDetails` of a field validation error (400): one `field` per (definition, language, error), as in Ibexa. */
function errorDetails(failures: readonly FieldValidationFailure[]): Child {
  return hash('errorDetails', [
    list(
      'fields',
      failures.flatMap((failure) =>
        failure.errors.map((error) =>
          hash('field', [list('errors', [hash('error', [val('type', error.target), val('message', error.message)])])], {
            fieldTypeId: failure.fieldDefinitionId,
          }),
        ),
      ),
    ),
  ]);
}

/**
 * Runs a core call and turns the core errors `codes` into 403 Forbidden, as Ibexa's REST controllers do when they
 * explicitly convert repository exceptions for rule violations.
 */
export async function forbidOn<T>(codes: readonly RepositoryErrorCode[], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isRepositoryError(error) && codes.includes(error.code)) throw new ForbiddenError(error.message, error);
    throw error;
  }
}
