import { ContentValidationError, type FieldDefinition, type Hash } from '@contentrepo/core';
import { intArg, objectArg, stringArg, type ArgMap } from '../../schema/args.js';
import { upperCamel } from '../../schema/naming.js';
import type { GraphQLContext } from '../graphql-context.js';
import { rethrowAsUserError, userError } from '../graphql-errors.js';
import { fieldInputs } from '../field-input.js';
import { contentIdOfGlobalId, toGlobalId } from '../global-id.js';
import { itemValue, type ItemValue } from '../resolver-values.js';
import { attempt, createAndPublish, mutationLanguage } from './mutation-support.js';

/** What a generated `create<Ident>`/`update<Ident>` mutation works on: the type and its input keys. */
export interface ContentTypeMutationTarget {
  readonly identifier: string;
  /** GraphQL input key → field definition (of the schema's snapshot of the type). */
  readonly fieldNames: ReadonlyMap<string, FieldDefinition>;
}

/** The content id of `id` (a global id) or `contentId`. @throws GraphQLError when neither is given. */
function targetContentId(args: ArgMap): number {
  const globalId = stringArg(args, 'id');
  if (globalId !== undefined) {
    const id = contentIdOfGlobalId(globalId);
    if (id === null) throw userError(`Invalid global id '${globalId}'`, 'BAD_USER_INPUT');
    return id;
  }
  const contentId = intArg(args, 'contentId');
  if (contentId === undefined) throw userError('Either id or contentId is required as an argument', 'BAD_USER_INPUT');
  return contentId;
}

/**
 * `create<Ident>(input:, language:|languageCode:, parentLocationId:)`, as in Ibexa: builds the fields from the input
 * keys present, creates the item under one new location and publishes it.
 */
export async function createItem(context: GraphQLContext, target: ContentTypeMutationTarget, args: ArgMap): Promise<ItemValue> {
  const language = mutationLanguage(args);
  const parentLocationId = intArg(args, 'parentLocationId');
  if (parentLocationId === undefined) throw userError('parentLocationId is required', 'BAD_USER_INPUT');
  const contentType = await attempt(() => context.repository.contentTypeService.loadContentTypeByIdentifier(target.identifier));
  try {
    const fields = await fieldInputs(objectArg(args, 'input') ?? {}, target.fieldNames, language, null, context.fieldTypeMappers);
    const content = await createAndPublish(context, contentType.id, language, fields, parentLocationId);
    return itemValue(content.contentInfo, null, language);
  } catch (error) {
    return rethrowAsUserError(error);
  }
}

/**
 * `update<Ident>(input:, language:|languageCode:, id:|contentId:, versionNo:)`, as in Ibexa: creates a draft (from the
 * published version, or from `versionNo` unless it is a draft itself), applies the input keys present, and always
 * publishes. A draft this call created is deleted again when the update fails.
 */
export async function updateItem(context: GraphQLContext, target: ContentTypeMutationTarget, args: ArgMap): Promise<ItemValue> {
  const language = mutationLanguage(args);
  const contentId = targetContentId(args);
  const { contentService } = context.repository;
  const info = await attempt(() => contentService.loadContentInfo(contentId), {
    NotFound: `Could not load content with ID ${contentId}`,
    Unauthorized: 'You are not authorized to load this content',
  });
  const contentType = await attempt(() => context.loaders.contentType(info.contentTypeId), {
    NotFound: `Could not load content type with ID ${info.contentTypeId}`,
  });
  if (contentType.identifier !== target.identifier) {
    throw userError(`Content ${contentId} is not of type '${target.identifier}'`, 'BAD_USER_INPUT');
  }
  const versionNo = intArg(args, 'versionNo');
  let draftVersionNo: number;
  let created = false;
  if (versionNo === undefined) {
    const draft = await attempt(() => contentService.createContentDraft(contentId), {
      Unauthorized: 'You are not authorized to create a draft of this Content item',
    });
    draftVersionNo = draft.versionInfo.versionNo;
    created = true;
  } else {
    const version = await attempt(() => contentService.loadVersionInfo(contentId, versionNo), {
      NotFound: `Could not find version ${versionNo}`,
      Unauthorized: 'You are not authorized to load this version',
    });
    if (version.status === 'DRAFT') {
      draftVersionNo = version.versionNo;
    } else {
      const draft = await attempt(() => contentService.createContentDraft(contentId, versionNo), {
        Unauthorized: 'You are not authorized to create a draft from this version',
      });
      draftVersionNo = draft.versionInfo.versionNo;
      created = true;
    }
  }
  try {
    const storedHash = async (definition: FieldDefinition): Promise<Hash> => {
      const draft = await contentService.loadContent(contentId, { versionNo: draftVersionNo });
      const fields = draft.fields.filter((field) => field.fieldDefIdentifier === definition.identifier);
      const field = fields.find((candidate) => candidate.languageCode === language) ?? fields[0];
      return field ? context.repository.fieldTypes.get(field.fieldTypeIdentifier).toHash(field.value) : null;
    };
    const fields = await fieldInputs(objectArg(args, 'input') ?? {}, target.fieldNames, language, storedHash, context.fieldTypeMappers);
    try {
      await contentService.updateContent(contentId, draftVersionNo, { initialLanguageCode: language, fields });
    } catch (error) {
      if (error instanceof ContentValidationError) {
        throw userError(`The provided input did not validate: ${error.message}`, 'BAD_USER_INPUT');
      }
      rethrowAsUserError(error, { Unauthorized: 'You are not authorized to update this version' });
    }
    const published = await attempt(() => contentService.publishVersion(contentId, draftVersionNo), {
      BadState: "The version you're trying to publish is not a draft",
      Unauthorized: 'You are not authorized to publish this version',
    });
    context.loaders.prime(published);
    return itemValue(published.contentInfo, null, language);
  } catch (error) {
    if (created) await contentService.deleteVersion(contentId, draftVersionNo).catch(() => undefined);
    return rethrowAsUserError(error);
  }
}

/**
 * `deleteContent(id:|contentId:)`, as in Ibexa: deletes the whole item. Answers the given `id`, or
 * `base64("<Ident>Content:<contentId>")` (Ibexa's legacy encoding) when the content id was given.
 */
export async function deleteContent(context: GraphQLContext, args: ArgMap): Promise<{ id: string; contentId: number }> {
  const contentId = targetContentId(args);
  const { contentService } = context.repository;
  const info = await attempt(() => contentService.loadContentInfo(contentId), {
    NotFound: `Could not find a Content item with ID ${contentId}`,
    Unauthorized: `You are not authorized to load the Content item with ID ${contentId}`,
  });
  const contentType = await attempt(() => context.loaders.contentType(info.contentTypeId));
  await attempt(() => contentService.deleteContent(contentId), {
    Unauthorized: `You are not authorized to delete the Content item with ID ${contentId}`,
  });
  context.loaders.forget(contentId);
  return { id: stringArg(args, 'id') ?? toGlobalId(`${upperCamel(contentType.identifier)}Content`, contentId), contentId };
}
