import type { ContentType, ContentTypeGroup, FieldDefinition } from '@contentrepo/core';
import { ftHash, list, obj, ref, translated, val, type ObjectNode } from '../node.js';
import { atom } from './content-visitor.js';
import type { VisitContext } from './visit-context.js';

const draftOf = (type: ContentType): boolean => type.status === 'DRAFT';

/**
 * `FieldDefinition` element; `href` defaults to the definition's path by id (under `/draft` for a draft). Ibexa 4.6
 * gives the path the definition was loaded by instead when it was loaded by identifier.
 */
export function fieldDefinitionNode(type: ContentType, definition: FieldDefinition, context: VisitContext, href?: string): ObjectNode {
  const fieldType = context.fieldTypes.get(definition.fieldTypeIdentifier);
  return obj('FieldDefinition', 'FieldDefinition', { href: href ?? context.hrefs.fieldDefinition(type.id, definition.id, draftOf(type)) }, [
    val('id', definition.id),
    val('identifier', definition.identifier),
    val('fieldType', definition.fieldTypeIdentifier),
    val('fieldGroup', definition.fieldGroup),
    val('position', definition.position),
    val('isTranslatable', definition.isTranslatable),
    val('isRequired', definition.isRequired),
    val('isInfoCollector', definition.isInfoCollector),
    ftHash('defaultValue', fieldType.toHash(definition.defaultValue)),
    val('isSearchable', definition.isSearchable),
    translated('names', definition.names),
    translated('descriptions', definition.descriptions),
    ftHash('fieldSettings', definition.fieldSettings),
    ftHash('validatorConfiguration', definition.validatorConfiguration),
  ]);
}

/** `FieldDefinitions` element (media `FieldDefinitionList`). */
export function fieldDefinitionListNode(type: ContentType, context: VisitContext): ObjectNode {
  return obj('FieldDefinitions', 'FieldDefinitionList', { href: context.hrefs.contentTypeFieldDefinitions(type.id, draftOf(type)) }, [
    list('FieldDefinition', type.fieldDefinitions.map((definition) => fieldDefinitionNode(type, definition, context))),
  ]);
}

/**
 * `ContentType` (with field definitions) or `ContentTypeInfo` element; the element name equals
 * the media type.
 */
export function contentTypeNode(type: ContentType, withFieldDefinitions: boolean, context: VisitContext): ObjectNode {
  const { hrefs } = context;
  const name = withFieldDefinitions ? 'ContentType' : 'ContentTypeInfo';
  return obj(name, name, { href: hrefs.contentType(type.id, draftOf(type)) }, [
    val('id', type.id),
    val('status', type.status),
    val('identifier', type.identifier),
    translated('names', type.names),
    translated('descriptions', type.descriptions),
    val('creationDate', atom(type.creationDate)),
    val('modificationDate', atom(type.modificationDate)),
    ref('Creator', 'User', hrefs.user(type.creatorId)),
    ref('Modifier', 'User', hrefs.user(type.modifierId)),
    ref('Groups', 'ContentTypeGroupRefList', hrefs.contentTypeGroups(type.id)),
    ref('Draft', 'ContentType', hrefs.contentType(type.id, true)),
    val('remoteId', type.remoteId),
    val('urlAliasSchema', type.urlAliasSchema),
    val('nameSchema', type.nameSchema),
    val('isContainer', type.isContainer),
    val('mainLanguageCode', type.mainLanguageCode),
    val('defaultAlwaysAvailable', type.defaultAlwaysAvailable),
    val('defaultSortField', type.defaultSortField),
    val('defaultSortOrder', type.defaultSortOrder),
    withFieldDefinitions ? fieldDefinitionListNode(type, context) : undefined,
  ]);
}

/** `ContentTypeInfoList` or `ContentTypeList`: the list key is `ContentType` in both. */
export function contentTypeListNode(types: readonly ContentType[], full: boolean, href: string, context: VisitContext): ObjectNode {
  const name = full ? 'ContentTypeList' : 'ContentTypeInfoList';
  return obj(name, name, { href }, [list('ContentType', types.map((type) => contentTypeNode(type, full, context)))]);
}

/** `ContentTypeGroup` element. */
export function contentTypeGroupNode(group: ContentTypeGroup, context: VisitContext): ObjectNode {
  const { hrefs } = context;
  return obj('ContentTypeGroup', 'ContentTypeGroup', { href: hrefs.contentTypeGroup(group.id) }, [
    val('id', group.id),
    val('identifier', group.identifier),
    val('created', atom(group.creationDate)),
    val('modified', atom(group.modificationDate)),
    ref('Creator', 'User', hrefs.user(group.creatorId)),
    ref('Modifier', 'User', hrefs.user(group.modifierId)),
    ref('ContentTypes', 'ContentTypeInfoList', hrefs.contentTypeGroupTypes(group.id)),
  ]);
}

/** `ContentTypeGroupList` element. */
export function contentTypeGroupListNode(groups: readonly ContentTypeGroup[], context: VisitContext): ObjectNode {
  return obj('ContentTypeGroupList', 'ContentTypeGroupList', { href: context.hrefs.path('/content/typegroups') }, [
    list('ContentTypeGroup', groups.map((group) => contentTypeGroupNode(group, context))),
  ]);
}

/**
 * `ContentTypeGroupRefList` of a type: refs with an `unlink` link when the type is in more than one group. The
 * list href is the intended `/content/types/{id}/groups`, not the `/content/typegroups/{typeId}/types` Ibexa emits
 * by mistake.
 */
export function contentTypeGroupRefListNode(type: ContentType, context: VisitContext): ObjectNode {
  const { hrefs } = context;
  return obj('ContentTypeGroupRefList', 'ContentTypeGroupRefList', { href: hrefs.contentTypeGroups(type.id) }, [
    list(
      'ContentTypeGroupRef',
      type.groupIds.map((groupId) =>
        obj('ContentTypeGroupRef', 'ContentTypeGroup', { href: hrefs.contentTypeGroup(groupId) }, [
          type.groupIds.length > 1
            ? { kind: 'hash', name: 'unlink', attrs: { href: `${hrefs.contentTypeGroups(type.id)}/${groupId}`, method: 'DELETE' }, children: [] }
            : undefined,
        ]),
      ),
    ),
  ]);
}
