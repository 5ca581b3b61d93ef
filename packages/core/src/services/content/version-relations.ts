import type { RelationType } from '../../api/values/content.js';
import type { ContentType } from '../../api/values/content-type.js';
import { ContentFieldValidationError, type FieldValidationFailure } from '../../errors/repository-error.js';
import type { FieldRelationTarget } from '../../field-types/field-type.js';
import type { NewRelation } from '../../spi/content-handler.js';
import type { RepositoryRuntime } from '../repository-runtime.js';
import type { VersionValues } from './content-field-values.js';

/** A relation target found in one field of one language. */
interface FoundTarget {
  readonly target: FieldRelationTarget;
  readonly fieldDefinitionId: number;
  readonly fieldIdentifier: string;
  readonly languageCode: string;
}

/**
 * The relations a version's field values imply (Ibexa `RelationProcessor::appendFieldRelations` and
 * `processFieldRelations`), recomputed on every save of the version:
 * - FIELD (relation fields) and ASSET (image asset) relations are anchored to their field, one per field and
 *   destination; LINK and EMBED relations (rich text) are anchored to no field, one per destination;
 * - `ezlocation://` targets are resolved to the content of the location; a location that does not exist adds no
 *   relation (Ibexa logs it and goes on);
 * - relations are listed by type in the order the fields first give each type (fields in definition order, each
 *   field's types in its own order: LINK before EMBED for rich text), then by field, then by destination.
 *
 * Checks, reported together as field validation errors (REST 400 with field errors), as Ibexa's validators do:
 * a rich text LINK to a content or location that does not exist (`Invalid link "ezcontent://<id>": target
 * content cannot be found`, Ibexa's internal link validator); an ASSET target that does not exist or is no content
 * of the type the target states (`Content <type> is not a valid asset target`, target `destinationContentId`). An
 * EMBED of a missing content adds no relation. FIELD targets are taken as given.
 *
 * @throws ContentFieldValidationError listing every failure.
 */
export async function versionRelations(
  runtime: RepositoryRuntime,
  contentType: ContentType,
  values: VersionValues,
): Promise<NewRelation[]> {
  const found: FoundTarget[] = [];
  for (const definition of contentType.fieldDefinitions) {
    const type = runtime.fieldTypes.get(definition.fieldTypeIdentifier);
    if (!type.relations) continue;
    for (const [languageCode, fields] of values) {
      const value = fields.get(definition.identifier);
      if (value === undefined || type.isEmpty(value)) continue;
      for (const target of type.relations(value)) {
        found.push({ target, fieldDefinitionId: definition.id, fieldIdentifier: definition.identifier, languageCode });
      }
    }
  }
  if (found.length === 0) return [];

  const { contentHandler, locationHandler } = runtime.persistence;
  const locationIds = [...new Set(found.flatMap(({ target }) => (target.locationId === undefined ? [] : [target.locationId])))];
  const locationContent = new Map<number, number>();
  for (const locationId of locationIds) {
    const location = await locationHandler.load(locationId);
    if (location) locationContent.set(locationId, location.contentId);
  }
  const contentIds = new Set(found.flatMap(({ target }) => (target.contentId === undefined ? [] : [target.contentId])));
  for (const contentId of locationContent.values()) contentIds.add(contentId);
  const infos = new Map((await contentHandler.loadContentInfoList([...contentIds])).map((info) => [info.id, info]));
  const assetTypeIds = new Map<string, number | undefined>();
  for (const { target } of found) {
    if (target.type !== 'ASSET' || assetTypeIds.has(target.contentTypeIdentifier)) continue;
    assetTypeIds.set(target.contentTypeIdentifier, (await runtime.persistence.contentTypeHandler.loadByIdentifier(target.contentTypeIdentifier))?.id);
  }

  const failures = new Map<string, FieldValidationFailure>();
  const fail = (at: FoundTarget, target: string | null, message: string): void => {
    const key = `${at.fieldDefinitionId}/${at.languageCode}`;
    const failure = failures.get(key) ?? { fieldDefinitionId: at.fieldDefinitionId, fieldDefinitionIdentifier: at.fieldIdentifier, languageCode: at.languageCode, errors: [] };
    failures.set(key, { ...failure, errors: [...failure.errors, { target, message }] });
  };

  const byType = new Map<RelationType, Map<string, NewRelation>>();
  for (const at of found) {
    const { target } = at;
    const destination = target.locationId === undefined ? target.contentId : locationContent.get(target.locationId);
    const exists = destination !== undefined && infos.has(destination);
    if (target.type === 'LINK' && !exists) {
      const href = target.locationId === undefined ? `ezcontent://${target.contentId}` : `ezlocation://${target.locationId}`;
      fail(at, null, `Invalid link "${href}": target ${target.locationId === undefined ? 'content' : 'location'} cannot be found`);
      continue;
    }
    if (target.type === 'ASSET') {
      const info = destination === undefined ? undefined : infos.get(destination);
      if (!info || info.contentTypeId !== assetTypeIds.get(target.contentTypeIdentifier)) {
        const typeIdentifier = info ? (await runtime.persistence.contentTypeHandler.load(info.contentTypeId))?.identifier : undefined;
        fail(at, 'destinationContentId', info
          ? `Content ${typeIdentifier ?? info.contentTypeId} is not a valid asset target`
          : `Content ${target.contentId} cannot be found and is not a valid asset target`);
        continue;
      }
    }
    if (destination === undefined || (target.type === 'EMBED' && !exists)) continue;
    const anchored = target.type === 'FIELD' || target.type === 'ASSET';
    const relations = byType.get(target.type) ?? new Map<string, NewRelation>();
    byType.set(target.type, relations);
    relations.set(anchored ? `${at.fieldIdentifier}/${destination}` : `${destination}`, {
      destinationContentId: destination,
      type: target.type,
      sourceFieldDefinitionIdentifier: anchored ? at.fieldIdentifier : null,
    });
  }
  if (failures.size > 0) throw new ContentFieldValidationError([...failures.values()]);
  return [...byType.values()].flatMap((relations) => [...relations.values()]);
}
