/**
 * The repository's error model. Core throws only these; each adapter owns one mapping
 * (REST: code → status + ErrorMessage, GraphQL: code → `extensions.code`).
 *
 * Messages follow the Ibexa kernel templates so that clients
 * reading `errorDescription` see familiar text.
 */
export type RepositoryErrorCode =
  | 'NotFound'
  | 'Unauthorized'
  | 'BadState'
  | 'InvalidArgument'
  | 'ContentValidation'
  | 'ContentFieldValidation'
  | 'LimitationValidation'
  | 'NotImplemented'
  | 'PreconditionFailed';

/** Base class of every error core throws on purpose. `code` discriminates the subclasses. */
export abstract class RepositoryError extends Error {
  abstract readonly code: RepositoryErrorCode;

  protected constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Whether `error` is one of core's errors (as opposed to a bug or an infrastructure failure). */
export function isRepositoryError(error: unknown): error is RepositoryError {
  return error instanceof RepositoryError;
}

/** A value that does not exist. Kernel message: `Could not find '%what%' with identifier '%identifier%'`. */
export class NotFoundError extends RepositoryError {
  readonly code = 'NotFound' as const;

  constructor(
    readonly what: string,
    readonly identifier: string | number,
  ) {
    super(`Could not find '${what}' with identifier '${String(identifier)}'`);
  }

  static content(id: number | string): NotFoundError {
    return new NotFoundError('Content', id);
  }
  static contentByRemoteId(remoteId: string): NotFoundError {
    return new NotFoundError('Content', remoteId);
  }
  static version(contentId: number, versionNo: number): NotFoundError {
    return new NotFoundError('Version', `contentId: ${contentId}, versionNo: ${versionNo}`);
  }
  static location(id: number | string): NotFoundError {
    return new NotFoundError('Location', id);
  }
  static contentType(id: number | string): NotFoundError {
    return new NotFoundError('ContentType', id);
  }
  static contentTypeGroup(id: number | string): NotFoundError {
    return new NotFoundError('ContentTypeGroup', id);
  }
  static fieldDefinition(id: number | string): NotFoundError {
    return new NotFoundError('FieldDefinition', id);
  }
  static section(id: number | string): NotFoundError {
    return new NotFoundError('Section', id);
  }
  static language(code: string): NotFoundError {
    return new NotFoundError('Language', code);
  }
  static user(id: number | string): NotFoundError {
    return new NotFoundError('User', id);
  }
  static role(id: number | string): NotFoundError {
    return new NotFoundError('Role', id);
  }
  static relation(id: number | string): NotFoundError {
    return new NotFoundError('Relation', id);
  }
  static objectState(id: number | string): NotFoundError {
    return new NotFoundError('ObjectState', id);
  }
}

/**
 * The current user lacks a permission. Kernel message:
 * `The User does not have the '%function%' '%module%' permission with: name 'value', ...`.
 * Reading forbidden but existing content is this error (REST 401, not 403 or 404, as in Ibexa).
 */
export class UnauthorizedError extends RepositoryError {
  readonly code = 'Unauthorized' as const;

  constructor(
    readonly module: string,
    readonly func: string,
    readonly properties: Readonly<Record<string, string | number>> = {},
    message?: string,
  ) {
    const withPart = Object.entries(properties)
      .map(([name, value]) => `${name} '${String(value)}'`)
      .join(', ');
    super(message ?? `The User does not have the '${func}' '${module}' permission${withPart ? ` with: ${withPart}` : ''}`);
  }

  /** Failed login (unknown login, wrong password, disabled account, no `user/login`); REST 401. */
  static invalidCredentials(): UnauthorizedError {
    return new UnauthorizedError('user', 'login', {}, 'Invalid login or password');
  }
}

/**
 * Named reasons for a BadState error, so adapters can map specific rules (Ibexa's REST controllers turn
 * some of them into 403) without parsing messages.
 */
export type BadStateReason =
  | 'version.notDraft'
  | 'version.published'
  | 'version.lastVersion'
  | 'content.notPublished'
  | 'content.alreadyHasDraft'
  | 'location.duplicateParent'
  | 'location.root'
  | 'translation.main'
  | 'translation.last'
  | 'contentType.hasContent'
  | 'contentType.draftExists'
  | 'contentType.noFieldDefinitions'
  | 'group.notEmpty'
  | 'section.inUse'
  | 'user.self'
  | 'user.lastGroup'
  | 'userGroup.notEmpty'
  | 'other';

/** A value is in a state that forbids the operation. Kernel message: `Argument '%argumentName%' has a bad state: %whatIsWrong%`. */
export class BadStateError extends RepositoryError {
  readonly code = 'BadState' as const;

  constructor(
    readonly argumentName: string,
    readonly whatIsWrong: string,
    readonly reason: BadStateReason = 'other',
  ) {
    super(`Argument '${argumentName}' has a bad state: ${whatIsWrong}`);
  }
}

/** An argument is invalid. Kernel message: `Argument '%argumentName%' is invalid: %whatIsWrong%`. */
export class InvalidArgumentError extends RepositoryError {
  readonly code = 'InvalidArgument' as const;

  constructor(
    readonly argumentName: string,
    readonly whatIsWrong: string,
  ) {
    super(`Argument '${argumentName}' is invalid: ${whatIsWrong}`);
  }
}

/** A create or update struct is structurally wrong (unknown field identifier, missing main language, ...). */
export class ContentValidationError extends RepositoryError {
  readonly code = 'ContentValidation' as const;

  constructor(message: string) {
    super(message);
  }

  static unknownField(identifier: string, contentTypeIdentifier: string): ContentValidationError {
    return new ContentValidationError(
      `Field definition '${identifier}' does not exist in the ContentType '${contentTypeIdentifier}'`,
    );
  }
}

/** One validation failure of one value. `target` names what failed (e.g. `empty`, `email`, `xml`), or null. */
export interface ValidationError {
  readonly target: string | null;
  readonly message: string;
}

/** All failures of one field (one field definition in one language). */
export interface FieldValidationFailure {
  readonly fieldDefinitionId: number;
  readonly fieldDefinitionIdentifier: string;
  readonly languageCode: string;
  readonly errors: readonly ValidationError[];
}

/**
 * Field values failed validation. REST renders it as 400 with `errorDetails` (one entry per field and error,
 * keyed by field definition id), as Ibexa's `ErrorMessage` does.
 */
export class ContentFieldValidationError extends RepositoryError {
  readonly code = 'ContentFieldValidation' as const;

  constructor(readonly fieldErrors: readonly FieldValidationFailure[]) {
    super('Content fields did not validate');
  }
}

/** A policy or role limitation is malformed (unknown identifier, value of the wrong shape). */
export class LimitationValidationError extends RepositoryError {
  readonly code = 'LimitationValidation' as const;

  constructor(message: string) {
    super(message);
  }
}

/** The operation or criterion exists in the API but this implementation does not support it. */
export class NotImplementedError extends RepositoryError {
  readonly code = 'NotImplemented' as const;

  constructor(message: string) {
    super(message);
  }
}

/**
 * A conditional write whose condition no longer holds: the client sent the entity tag of a state the object has
 * since left (HTTP `If-Match`), so the write was refused and nothing changed. The client reloads and retries.
 */
export class PreconditionFailedError extends RepositoryError {
  readonly code = 'PreconditionFailed' as const;

  constructor(message: string) {
    super(message);
  }

  /** The stale tag of one object, e.g. `what` = `Content`, `identifier` = its id. */
  static staleRevision(what: string, identifier: string | number): PreconditionFailedError {
    return new PreconditionFailedError(`${what} with identifier '${String(identifier)}' has changed since the given entity tag`);
  }
}

/** Exhaustiveness helper for discriminated unions: reaching it is a bug. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unexpected ${what}: ${JSON.stringify(value)}`);
}
