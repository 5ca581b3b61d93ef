import type { Content, ContentInfo, ContentType, Location, Relation, VersionInfo } from '@contentrepo/core';
import { fieldHashNode, hash, list, obj, ref, translated, val, type Child, type ObjectNode } from '../node.js';
import { storedImage } from '../../field-types/ezimage-processor.js';
import { fieldValueHash } from './field-value-visitor.js';
import type { VisitContext } from './visit-context.js';

/** ISO-8601 with offset, like PHP's `DATE_ATOM` (`2018-09-17T06:48:13+00:00`), as Ibexa renders dates. */
export function atom(date: Date): string {
  return `${date.toISOString().slice(0, 19)}+00:00`;
}

/** A loaded version to embed: the content in that version, its relations and its content type. */
export interface EmbeddedVersion {
  readonly content: Content;
  readonly relations: readonly Relation[];
  /** The item's content type: its thumbnail fields (`isThumbnail`) and, for items without a thumbnail image, its icon. */
  readonly contentType: ContentType;
}

/** What a `Content` element shows. */
export interface ContentView {
  readonly contentInfo: ContentInfo;
  /** Main location (for the `MainLocation` ref), or null (never published, or not readable). */
  readonly mainLocation: Location | null;
  /** The current version, embedded when the client asked for `Content` (media type `Content`). */
  readonly currentVersion?: EmbeddedVersion;
}

/**
 * `Content` element: media type `Content` when the current version is embedded, else
 * `ContentInfo` (the element name stays `Content`).
 */
export function contentNode(view: ContentView, context: VisitContext): ObjectNode {
  const { contentInfo: info, mainLocation, currentVersion } = view;
  const { hrefs } = context;
  return obj(
    'Content',
    currentVersion ? 'Content' : 'ContentInfo',
    { href: hrefs.content(info.id), remoteId: info.remoteId, id: info.id },
    [
      ref('ContentType', 'ContentType', hrefs.contentType(info.contentTypeId)),
      val('Name', info.name),
      val('TranslatedName', info.name),
      ref('Versions', 'VersionList', hrefs.contentVersions(info.id)),
      obj('CurrentVersion', 'Version', { href: hrefs.currentVersion(info.id) }, [
        currentVersion ? versionNode(currentVersion, context) : undefined,
      ]),
      ref('Section', 'Section', hrefs.section(info.sectionId)),
      mainLocation ? ref('MainLocation', 'Location', hrefs.location(mainLocation.pathString)) : undefined,
      ref('Locations', 'LocationList', hrefs.contentLocations(info.id)),
      ref('Owner', 'User', hrefs.user(info.ownerId)),
      val('lastModificationDate', atom(info.modificationDate)),
      info.publishedDate ? val('publishedDate', atom(info.publishedDate)) : undefined,
      val('mainLanguageCode', info.mainLanguageCode),
      val('currentVersionNo', info.currentVersionNo),
      val('alwaysAvailable', info.alwaysAvailable),
      val('isHidden', info.isHidden),
      val('status', info.status),
      ref('ObjectStates', 'ContentObjectStates', hrefs.contentObjectStates(info.id)),
    ],
  );
}

/**
 * `VersionInfo` hash (no media type). `DeleteTranslation` links appear on drafts with ≥ 2 languages for the
 * non-main languages.
 */
export function versionInfoHash(version: VersionInfo, contentInfo: ContentInfo, context: VisitContext): Child {
  const { hrefs } = context;
  const deletable = version.status === 'DRAFT' && version.languageCodes.length >= 2;
  return hash('VersionInfo', [
    val('id', version.id),
    val('versionNo', version.versionNo),
    val('status', version.status),
    val('modificationDate', atom(version.modificationDate)),
    ref('Creator', 'User', hrefs.user(version.creatorId)),
    val('creationDate', atom(version.creationDate)),
    val('initialLanguageCode', version.initialLanguageCode),
    val('languageCodes', version.languageCodes.join(',')),
    version.languageCodes.length > 0
      ? obj('VersionTranslationInfo', 'VersionTranslationInfo', {}, [
          list(
            'Language',
            version.languageCodes.map((languageCode) =>
              hash('Language', [
                val('languageCode', languageCode),
                deletable && languageCode !== contentInfo.mainLanguageCode
                  ? hash('DeleteTranslation', [], { href: hrefs.translation(contentInfo.id, version.versionNo, languageCode) })
                  : undefined,
              ]),
            ),
          ),
        ])
      : undefined,
    translated('names', version.names),
    ref('Content', 'ContentInfo', hrefs.content(contentInfo.id)),
  ]);
}

/** `Relation` element. */
export function relationNode(relation: Relation, context: VisitContext): ObjectNode {
  const { hrefs } = context;
  return obj('Relation', 'Relation', { href: hrefs.relation(relation.sourceContentId, relation.sourceVersionNo, relation.id) }, [
    ref('SourceContent', 'ContentInfo', hrefs.content(relation.sourceContentId)),
    ref('DestinationContent', 'ContentInfo', hrefs.content(relation.destinationContentId)),
    relation.sourceFieldDefinitionIdentifier === null
      ? undefined
      : val('SourceFieldDefinitionIdentifier', relation.sourceFieldDefinitionIdentifier),
    val('RelationType', relation.type === 'FIELD' ? 'ATTRIBUTE' : relation.type),
  ]);
}

/** `Relations` element (media `RelationList`) of a version. */
export function relationListNode(contentId: number, versionNo: number, relations: readonly Relation[], context: VisitContext): ObjectNode {
  return obj('Relations', 'RelationList', { href: context.hrefs.relations(contentId, versionNo) }, [
    list('Relation', relations.map((relation) => relationNode(relation, context))),
  ]);
}

/**
 * `Version` element, in Ibexa 4.6's fixed element order: VersionInfo, Fields, Relations, Thumbnail.
 * `href` defaults to the version's own href.
 */
export function versionNode(version: EmbeddedVersion, context: VisitContext, href?: string): ObjectNode {
  const { contentInfo, versionInfo, fields } = version.content;
  const { hrefs } = context;
  return obj('Version', 'Version', { href: href ?? hrefs.version(contentInfo.id, versionInfo.versionNo) }, [
    versionInfoHash(versionInfo, contentInfo, context),
    hash('Fields', [
      list(
        'field',
        fields.map((field) =>
          hash('field', [
            val('id', field.id),
            val('fieldDefinitionIdentifier', field.fieldDefIdentifier),
            val('languageCode', field.languageCode),
            val('fieldTypeIdentifier', field.fieldTypeIdentifier),
            fieldHashNode('fieldValue', fieldValueHash(field, contentInfo.id, versionInfo.versionNo, context)),
          ]),
        ),
      ),
    ]),
    relationListNode(contentInfo.id, versionInfo.versionNo, version.relations, context),
    thumbnailNode(version, context),
  ]);
}

/** Where Ibexa's back office serves content type icons; `#<content type identifier>` names the icon. */
export const CONTENT_TYPE_ICONS = '/bundles/ibexaicons/img/all-icons.svg';

/**
 * `Thumbnail`, always with `resource`, `width`, `height` and `mimeType` (Ibexa 4.6 behaviour): the image of the
 * first field of a thumbnail definition (`isThumbnail`, in definition order) that holds a stored image (its `uri`,
 * dimensions and MIME type); else the content type's icon (`/bundles/ibexaicons/img/all-icons.svg#<type
 * identifier>`, no dimensions, `image/svg+xml`).
 */
function thumbnailNode(version: EmbeddedVersion, context: VisitContext): ObjectNode {
  const { content, contentType } = version;
  for (const definition of contentType.fieldDefinitions) {
    if (!definition.isThumbnail) continue;
    for (const field of content.fields) {
      if (field.fieldDefIdentifier !== definition.identifier) continue;
      const image = storedImage(field, context.fieldTypes);
      if (image === null) continue;
      const { hash } = image;
      const dimension = (key: string) => (typeof hash[key] === 'number' ? hash[key] : null);
      return obj('Thumbnail', 'Thumbnail', {}, [
        val('resource', image.uri),
        val('width', dimension('width')),
        val('height', dimension('height')),
        val('mimeType', typeof hash['mime'] === 'string' ? hash['mime'] : null),
      ]);
    }
  }
  return obj('Thumbnail', 'Thumbnail', {}, [
    val('resource', `${CONTENT_TYPE_ICONS}#${contentType.identifier}`),
    val('width', null),
    val('height', null),
    val('mimeType', 'image/svg+xml'),
  ]);
}

/** `VersionList`: one `VersionItem` per version with its `Version` ref and `VersionInfo`. */
export function versionListNode(contentInfo: ContentInfo, versions: readonly VersionInfo[], href: string, context: VisitContext): ObjectNode {
  return obj('VersionList', 'VersionList', { href }, [
    list(
      'VersionItem',
      versions.map((version) =>
        hash('VersionItem', [
          ref('Version', 'Version', context.hrefs.version(contentInfo.id, version.versionNo)),
          versionInfoHash(version, contentInfo, context),
        ]),
      ),
    ),
  ]);
}
