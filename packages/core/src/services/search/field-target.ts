import type { Criterion } from '../../domain/criteria/criterion.js';
import { type FieldType, type FieldTypeRegistry, type FieldTypesByFamily, groupBySearchFamily } from '../../field-types/field-type.js';
import { InvalidArgumentError, NotImplementedError } from '../../errors/repository-error.js';
import type { StoredContentType } from '../../spi/content-type-handler.js';

/** A field definition a Field criterion or sort clause targets. */
export interface FieldTarget {
  readonly contentTypeId: number;
  readonly contentTypeIdentifier: string;
  readonly fieldDefinitionId: number;
  readonly fieldTypeIdentifier: string;
}

const targetsNamed = (contentTypes: readonly StoredContentType[], identifier: string): FieldTarget[] =>
  contentTypes.flatMap((type) =>
    type.fieldDefinitions
      .filter((definition) => definition.identifier === identifier && definition.isSearchable)
      .map((definition) => ({
        contentTypeId: type.id,
        contentTypeIdentifier: type.identifier,
        fieldDefinitionId: definition.id,
        fieldTypeIdentifier: definition.fieldTypeIdentifier,
      })),
  );

const hasIndex = (fieldTypes: FieldTypeRegistry, target: FieldTarget): boolean => fieldTypes.find(target.fieldTypeIdentifier)?.searchable === true;

/**
 * The searchable field definitions named `identifier` across all content types, for a Field or IsFieldEmpty
 * criterion (as Legacy resolves it): definitions marked searchable whose field type has index data.
 *
 * @throws InvalidArgumentError `No searchable Fields found for the provided Criterion target '<name>'.` when no
 *   content type has a searchable definition of that name (406).
 * @throws NotImplementedError `The following Field Types are not searchable in the Legacy search engine: …` when
 *   every such definition has a field type without index data (ezurl, ezuser), 501.
 */
export function resolveFieldCriterionTarget(
  identifier: string,
  contentTypes: readonly StoredContentType[],
  fieldTypes: FieldTypeRegistry,
): readonly FieldTarget[] {
  const candidates = targetsNamed(contentTypes, identifier);
  if (candidates.length === 0) {
    throw new InvalidArgumentError('$criterion->target', `No searchable Fields found for the provided Criterion target '${identifier}'.`);
  }
  const indexed = candidates.filter((candidate) => hasIndex(fieldTypes, candidate));
  if (indexed.length === 0) {
    const types = [...new Set(candidates.map((candidate) => candidate.fieldTypeIdentifier))].join(', ');
    throw new NotImplementedError(`The following Field Types are not searchable in the Legacy search engine: ${types}`);
  }
  return indexed;
}

/**
 * The field definition a Field sort clause orders by: `fieldDefinitionIdentifier` of the content type
 * `contentTypeIdentifier`, searchable and with index data.
 * @throws InvalidArgumentError `No searchable Fields found for the provided Sort Clause target …` (406) otherwise,
 *   an unknown content type included.
 */
export function resolveFieldSortTarget(
  contentTypeIdentifier: string,
  fieldDefinitionIdentifier: string,
  contentTypes: readonly StoredContentType[],
  fieldTypes: FieldTypeRegistry,
): FieldTarget {
  const target = targetsNamed(
    contentTypes.filter((type) => type.identifier === contentTypeIdentifier),
    fieldDefinitionIdentifier,
  ).find((candidate) => hasIndex(fieldTypes, candidate));
  if (!target) {
    throw new InvalidArgumentError(
      '$sortClause->targetData',
      `No searchable Fields found for the provided Sort Clause target '${fieldDefinitionIdentifier}' on '${contentTypeIdentifier}'.`,
    );
  }
  return target;
}

/**
 * Checks that some content type has an image field definition `identifier` (image criteria): one whose field type
 * reads image properties from its stored data (`FieldType.imageProperties`; the built-in one is `ezimage`).
 * @throws InvalidArgumentError `No image Fields found for the provided Criterion target '<name>'.` (406)
 */
export function assertImageFieldTarget(identifier: string, contentTypes: readonly StoredContentType[], fieldTypes: FieldTypeRegistry): void {
  const found = contentTypes.some((type) =>
    type.fieldDefinitions.some(
      (definition) => definition.identifier === identifier && fieldTypes.find(definition.fieldTypeIdentifier)?.imageProperties !== undefined,
    ),
  );
  if (!found) throw new InvalidArgumentError('$criterion->target', `No image Fields found for the provided Criterion target '${identifier}'.`);
}

/**
 * The field types each Field / IsFieldEmpty target of a (resolved) criterion tree can have in the search index
 * (`ResolvedQuery.fieldTargetTypes`): for every target identifier, the field types of the searchable definitions
 * with index data named so, in any content type, grouped by the search family each type states. Only such
 * definitions are indexed (`indexDocument`; a type change re-indexes its items), so index entries of other types
 * cannot exist. Targets no definition resolves are left out (the search service refuses them before).
 */
export function fieldTargetTypes(
  criterion: Criterion,
  contentTypes: readonly StoredContentType[],
  fieldTypes: FieldTypeRegistry,
): ReadonlyMap<string, FieldTypesByFamily> {
  const result = new Map<string, FieldTypesByFamily>();
  const visit = (node: Criterion): void => {
    switch (node.type) {
      case 'LogicalAnd':
      case 'LogicalOr':
        node.criteria.forEach(visit);
        return;
      case 'LogicalNot':
        visit(node.criterion);
        return;
      case 'Field':
      case 'IsFieldEmpty': {
        if (result.has(node.target)) return;
        const types = targetsNamed(contentTypes, node.target).flatMap((target): FieldType<unknown>[] => {
          const type = fieldTypes.find(target.fieldTypeIdentifier);
          return type?.searchable === true ? [type] : [];
        });
        if (types.length > 0) result.set(node.target, groupBySearchFamily(types));
        return;
      }
      default:
        return;
    }
  };
  visit(criterion);
  return result;
}
