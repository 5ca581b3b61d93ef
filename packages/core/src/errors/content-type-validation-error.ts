import { InvalidArgumentError } from './repository-error.js';

/** What is wrong with one field definition (or with the type itself when `fieldDefinitionIdentifier` is null). */
export interface ContentTypeValidationFailure {
  readonly fieldDefinitionIdentifier: string | null;
  readonly messages: readonly string[];
}

/**
 * A content type or field definition struct that does not validate (Ibexa `ContentTypeValidationException` and
 * `ContentTypeFieldDefinitionValidationException`): duplicate field identifiers, unknown field types, settings,
 * validator configurations or default values the field type refuses. An InvalidArgumentError for core's error
 * model; REST answers 400 for it where Ibexa's controllers do (content type create converts these exceptions to
 * 400, and an invalid field definition `defaultValue` is a 400), while other InvalidArgumentErrors of those
 * routes become 403.
 */
export class ContentTypeValidationError extends InvalidArgumentError {
  constructor(
    argumentName: string,
    readonly failures: readonly ContentTypeValidationFailure[],
  ) {
    super(
      argumentName,
      failures
        .map((failure) => (failure.fieldDefinitionIdentifier === null ? '' : `field definition '${failure.fieldDefinitionIdentifier}': `) + failure.messages.join('; '))
        .join(' | '),
    );
  }
}
