import { ContentFieldValidationError, type FieldInput } from '@contentrepo/core';
import { intArg, listArg, type ArgMap } from '../../schema/args.js';
import { mappingFor } from '../../uploads/mapping.js';
import { isUploadValue, resolveUpload } from '../../uploads/received-file.js';
import type { GraphQLContext } from '../graphql-context.js';
import { fieldErrorEntries, INTERNAL_ERROR_MESSAGE, toUserError, userError } from '../graphql-errors.js';
import { definitionOf } from '../items.js';
import { itemValue, type ItemValue } from '../resolver-values.js';
import { createAndPublish, mutationLanguage } from './mutation-support.js';

/** `uploadFiles` payload: the created items (as `DomainContent`) and one warning per file that failed. */
export interface UploadedFiles {
  readonly files: readonly ItemValue[];
  readonly warnings: readonly string[];
}

/**
 * `uploadFiles(locationId:, files:, language:|languageCode:)`, as in Ibexa: each file's MIME type is sniffed from its
 * content and mapped to a content type; an item named after the file is created below `locationId` with the file in the
 * mapped field (as its field type mapper's `fromUpload` makes it: images and binary files) and published. A file that
 * fails adds `<file name>: <reason>` to `warnings` and the others continue; entries that are not uploads are skipped.
 */
export async function uploadFiles(context: GraphQLContext, args: ArgMap): Promise<UploadedFiles> {
  const language = mutationLanguage(args);
  const locationId = intArg(args, 'locationId');
  if (locationId === undefined) throw userError('locationId is required', 'BAD_USER_INPUT');
  const { services, repository } = context;
  const files: ItemValue[] = [];
  const warnings: string[] = [];
  for (const [index, entry] of (listArg(args, 'files') ?? []).entries()) {
    if (!isUploadValue(entry)) continue;
    let label = `File #${index}`;
    try {
      const upload = await resolveUpload(entry);
      label = upload.fileName;
      const file = await upload.open();
      const mapping = mappingFor(file.mimeType, services.uploadMappings, services.uploadFallback);
      const contentType = await repository.contentTypeService.loadContentTypeByIdentifier(mapping.contentTypeIdentifier);
      const target = definitionOf(contentType, mapping.contentFieldIdentifier);
      if (!target) throw userError(`Content type '${contentType.identifier}' has no field '${mapping.contentFieldIdentifier}'`, 'BAD_USER_INPUT');
      const fieldType = repository.fieldTypes.canonicalIdentifier(target.fieldTypeIdentifier);
      const mapper = fieldType === undefined ? undefined : context.fieldTypeMappers.get(fieldType);
      if (mapper?.fromUpload === undefined) throw userError('Field Type does not support upload', 'BAD_USER_INPUT');
      const value = mapper.fromUpload(file);
      const fields: FieldInput[] = [
        { fieldDefIdentifier: mapping.nameFieldIdentifier, languageCode: language, value: file.fileName },
        { fieldDefIdentifier: mapping.contentFieldIdentifier, languageCode: language, value },
      ];
      const content = await createAndPublish(context, contentType.id, language, fields, locationId);
      files.push(itemValue(content.contentInfo, null, language));
    } catch (error) {
      warnings.push(`${label}: ${warningMessage(context, error)}`);
    }
  }
  return { files, warnings };
}

function warningMessage(context: GraphQLContext, error: unknown): string {
  if (error instanceof ContentFieldValidationError) return fieldErrorEntries(error).map((entry) => entry.message).join('; ');
  const user = toUserError(error);
  if (user !== null) return user.message;
  context.services.logger?.error({ err: error }, 'uploadFiles: a file failed');
  return INTERNAL_ERROR_MESSAGE;
}
