/**
 * The parts of Ibexa REST's JSON resources the app reads (a subset; the API sends more). Attribute keys start with
 * `_` and references are `{ "_href": … }`, as in every Ibexa JSON resource.
 */

/** A reference to another resource. */
export interface Ref {
  readonly _href: string;
  readonly ['_media-type']?: string;
}

/** A translated list, `{ value: [{ _languageCode, '#text' }] }`. */
export interface Translations {
  readonly value: readonly { readonly _languageCode: string; readonly ['#text']: string }[];
}

/** ContentInfo (embedded in a Location, or `Content` without its version). */
export interface ContentInfo {
  readonly _href: string;
  readonly _id: number;
  readonly ContentType: Ref;
  readonly Name: string;
  readonly TranslatedName?: string;
  readonly Section: Ref;
  readonly MainLocation?: Ref;
  readonly lastModificationDate: string;
  readonly publishedDate?: string;
  readonly mainLanguageCode: string;
  readonly currentVersionNo: number;
  readonly status?: string;
  readonly isHidden?: boolean;
}

/** A field of a version: its definition's identifier, language, type and value hash. */
export interface Field {
  readonly id: number;
  readonly fieldDefinitionIdentifier: string;
  readonly languageCode: string;
  readonly fieldTypeIdentifier: string;
  readonly fieldValue: unknown;
}

/** VersionInfo: number, status (`DRAFT`, `PUBLISHED`, `ARCHIVED`), languages, dates. */
export interface VersionInfo {
  readonly id: number;
  readonly versionNo: number;
  readonly status: string;
  readonly modificationDate: string;
  readonly creationDate: string;
  readonly initialLanguageCode: string;
  /** Comma-separated language codes. */
  readonly languageCodes: string;
  readonly names?: Translations;
  readonly Creator?: Ref;
}

/** A Version: its info and fields. */
export interface Version {
  readonly _href: string;
  readonly VersionInfo: VersionInfo;
  readonly Fields: { readonly field: readonly Field[] };
  readonly Relations?: { readonly Relation?: readonly unknown[] };
}

/** Content with its current version embedded. */
export interface Content extends ContentInfo {
  readonly CurrentVersion?: { readonly Version?: Version };
}

/** A Location. */
export interface Location {
  readonly _href: string;
  readonly id: number;
  readonly priority: number;
  readonly hidden: boolean;
  readonly invisible: boolean;
  readonly pathString: string;
  readonly depth: number;
  readonly childCount: number;
  readonly sortField: string;
  readonly sortOrder: string;
  readonly ParentLocation?: Ref;
  readonly ContentInfo: { readonly Content: ContentInfo };
}

/** A field definition of a content type. */
export interface FieldDefinition {
  readonly id: number;
  readonly identifier: string;
  readonly fieldType: string;
  readonly position: number;
  readonly isRequired: boolean;
  readonly isTranslatable: boolean;
  readonly names?: Translations;
  readonly descriptions?: Translations;
  readonly fieldSettings?: unknown;
  readonly defaultValue?: unknown;
}

/** A content type with its field definitions. */
export interface ContentType {
  readonly _href: string;
  readonly id: number;
  readonly identifier: string;
  readonly names?: Translations;
  readonly isContainer?: boolean;
  readonly mainLanguageCode: string;
  readonly defaultSortField?: string;
  readonly defaultSortOrder?: string;
  readonly FieldDefinitions?: { readonly FieldDefinition: readonly FieldDefinition[] };
}

/** A section. */
export interface Section {
  readonly sectionId: number;
  readonly identifier: string;
  readonly name: string;
}

/** A trash item: the location it was, with its content. */
export interface TrashItem {
  readonly _href: string;
  readonly id: number;
  readonly pathString: string;
  readonly ParentLocation?: Ref;
  readonly ContentInfo: { readonly Content: ContentInfo };
}

/** The first text of a translated list (in `languageCode` when present). */
export function translated(list: Translations | undefined, languageCode?: string): string {
  const values = list?.value ?? [];
  return (values.find((value) => value._languageCode === languageCode) ?? values[0])?.['#text'] ?? '';
}

/** The numeric id at the end of an href (`/api/ibexa/v2/content/types/5` → 5). */
export function idOf(ref: Ref | undefined): number {
  return Number(ref?._href.split('/').filter(Boolean).pop());
}
