import { ContentFieldValidationError, FieldValueError, type FieldDefinition, type FieldInput, type Hash } from '@contentrepo/core';
import { isArgMap, stringArg, type ArgMap } from '../schema/args.js';
import { receiveUpload, type ReceivedFile } from '../uploads/received-file.js';
import { markdownToHtml } from './markdown.js';

/**
 * GraphQL field input → the value core's field types accept (graphql.md §1.12): rich text as an XHTML5 edit
 * document (Markdown converted first), dates as `{<format>: input}`, relations as destination ids, files as pending
 * binaries streamed from the upload, everything else as the field type's hash. Values are validated by core.
 */

const XHTML5_EDIT_NS = 'http://ibexa.co/namespaces/ezpublish5/xhtml5/edit';

/** An image value for core: a new file from an upload, with its texts. */
export function pendingImage(file: ReceivedFile, fileName: string | undefined, alternativeText: string | undefined): Record<string, unknown> {
  const name = fileName?.trim() || file.fileName;
  return {
    id: null,
    uri: null,
    fileName: name,
    fileSize: null,
    mimeType: file.mimeType,
    width: null,
    height: null,
    alternativeText: alternativeText ?? '',
    additionalData: {},
    pending: { source: file.source, fileName: name, mimeType: file.mimeType },
  };
}

/** A binary file value for core: a new file from an upload. */
export function pendingBinaryFile(file: ReceivedFile, fileName: string | undefined): Record<string, unknown> {
  const name = fileName?.trim() || file.fileName;
  return {
    id: null,
    uri: null,
    fileName: name,
    fileSize: null,
    mimeType: file.mimeType,
    downloadCount: 0,
    pending: { source: file.source, fileName: name, mimeType: file.mimeType },
  };
}

/** The stored hash of a field in the draft being updated (to keep a file while changing its texts). */
export type StoredHash = (definition: FieldDefinition) => Promise<Hash>;

/**
 * The core value of one field input.
 * @throws FieldValueError for input core could never accept (reported as a field validation failure).
 */
export async function fieldInputValue(definition: FieldDefinition, input: unknown, storedHash: StoredHash | null): Promise<unknown> {
  if (input === null || input === undefined) return null;
  switch (definition.fieldTypeIdentifier) {
    case 'ezrichtext': {
      if (!isArgMap(input)) return input;
      const text = stringArg(input, 'input') ?? '';
      const html = stringArg(input, 'format') === 'markdown' ? markdownToHtml(text) : text;
      return { xml: `<section xmlns="${XHTML5_EDIT_NS}">${html}</section>` };
    }
    case 'ezdate':
    case 'ezdatetime': {
      if (!isArgMap(input)) return input;
      const format = stringArg(input, 'format') ?? 'timestring';
      const value = stringArg(input, 'input');
      if (value === undefined) return null;
      return { [format]: format === 'timestamp' && /^-?\d+$/.test(value.trim()) ? Number(value) : value };
    }
    case 'ezobjectrelation':
      return { destinationContentId: input };
    case 'ezobjectrelationlist':
      return { destinationContentIds: Array.isArray(input) ? input.filter((id) => id !== null) : [input] };
    case 'ezauthor':
      return (Array.isArray(input) ? input : [input]).filter(isArgMap).map((author) => {
        const { id, ...rest } = author;
        return typeof id === 'number' && id >= 0 ? { id, ...rest } : rest;
      });
    case 'ezuser': {
      if (!isArgMap(input)) return input;
      const { password, ...account } = input;
      return password === undefined || password === null ? account : { ...account, plainPassword: password };
    }
    case 'ezimage':
      return imageInput(definition, input, storedHash);
    case 'ezbinaryfile': {
      if (!isArgMap(input)) throw new FieldValueError('Expected a BinaryFieldInput with a file', 'file');
      return pendingBinaryFile(await receiveUpload(input['file']), stringArg(input, 'fileName'));
    }
    case 'ezkeyword':
    case 'ezcountry':
    case 'ezselection':
      return Array.isArray(input) ? input.filter((item) => item !== null) : input;
    default:
      return input;
  }
}

async function imageInput(definition: FieldDefinition, input: unknown, storedHash: StoredHash | null): Promise<unknown> {
  if (!isArgMap(input)) throw new FieldValueError('Expected an ImageFieldInput', 'file');
  const alternativeText = stringArg(input, 'alternativeText');
  const name = stringArg(input, 'name');
  if (input['file'] !== undefined && input['file'] !== null) {
    return pendingImage(await receiveUpload(input['file']), name, alternativeText);
  }
  const stored = storedHash === null ? null : await storedHash(definition);
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) {
    throw new FieldValueError('An image file is required', 'file');
  }
  return {
    ...stored,
    ...(name === undefined ? {} : { fileName: name }),
    ...(alternativeText === undefined ? {} : { alternativeText }),
  };
}

/**
 * Core field inputs of a create or update input object: one per field whose GraphQL key is present (graphql.md
 * §1.12; a present `null` empties the field). `fieldNames` maps GraphQL keys to definitions.
 * @throws ContentFieldValidationError for input core could never accept (as a failure of that field).
 */
export async function fieldInputs(
  input: ArgMap,
  fieldNames: ReadonlyMap<string, FieldDefinition>,
  languageCode: string,
  storedHash: StoredHash | null,
): Promise<FieldInput[]> {
  const fields: FieldInput[] = [];
  for (const [name, definition] of fieldNames) {
    if (!Object.hasOwn(input, name)) continue;
    let value: unknown;
    try {
      value = await fieldInputValue(definition, input[name], storedHash);
    } catch (error) {
      if (!(error instanceof FieldValueError)) throw error;
      throw new ContentFieldValidationError([
        {
          fieldDefinitionId: definition.id,
          fieldDefinitionIdentifier: definition.identifier,
          languageCode,
          errors: [{ target: error.target, message: error.message }],
        },
      ]);
    }
    fields.push({ fieldDefIdentifier: definition.identifier, languageCode, value });
  }
  return fields;
}
