import { rest } from './rest-fetch.js';
import type { Content, ContentInfo, ContentType, Location, Ref, Section, Version, VersionInfo } from './wire-types.js';

/** A field value to write: the field definition's identifier, its language and the REST `fieldValue` hash. */
export interface FieldInput {
  readonly fieldDefinitionIdentifier: string;
  readonly languageCode: string;
  readonly fieldValue: unknown;
}

const contentTypes = new Map<number, Promise<ContentType>>();

/** A content type with its field definitions (`GET /content/types/{id}`), cached for the page's life. */
export function loadContentType(id: number): Promise<ContentType> {
  let cached = contentTypes.get(id);
  if (cached === undefined) {
    cached = rest<{ ContentType: ContentType }>(`/content/types/${id}`, { accept: 'ContentType' }).then((body) => body.ContentType);
    cached.catch(() => contentTypes.delete(id));
    contentTypes.set(id, cached);
  }
  return cached;
}

let allTypes: Promise<readonly ContentType[]> | undefined;

/** Every content type (`GET /content/types`), without field definitions, cached for the page's life. */
export function loadContentTypes(): Promise<readonly ContentType[]> {
  allTypes ??= rest<{ ContentTypeInfoList: { ContentType?: ContentType[] } }>('/content/types?limit=500', { accept: 'ContentTypeInfoList' }).then(
    (body) => body.ContentTypeInfoList.ContentType ?? [],
  );
  allTypes.catch(() => (allTypes = undefined));
  return allTypes;
}

let sections: Promise<readonly Section[]> | undefined;

/** Every section (`GET /content/sections`), cached for the page's life. */
export function loadSections(): Promise<readonly Section[]> {
  sections ??= rest<{ SectionList: { Section?: Section[] } }>('/content/sections', { accept: 'SectionList' }).then((body) => body.SectionList.Section ?? []);
  sections.catch(() => (sections = undefined));
  return sections;
}

/** Content with its current version (`GET /content/objects/{id}`). */
export async function loadContent(contentId: number): Promise<Content> {
  return (await rest<{ Content: Content }>(`/content/objects/${contentId}`, { accept: 'Content' })).Content;
}

/** ContentInfo only (`GET /content/objects/{id}` accepting `ContentInfo`). */
export async function loadContentInfo(contentId: number): Promise<ContentInfo> {
  return (await rest<{ Content: ContentInfo }>(`/content/objects/${contentId}`, { accept: 'ContentInfo' })).Content;
}

/** One version with its fields (`GET /content/objects/{id}/versions/{no}`). */
export async function loadVersion(contentId: number, versionNo: number): Promise<Version> {
  return (await rest<{ Version: Version }>(`/content/objects/${contentId}/versions/${versionNo}`, { accept: 'Version' })).Version;
}

/** Every version's info, oldest first (`GET /content/objects/{id}/versions`). */
export async function loadVersions(contentId: number): Promise<readonly VersionInfo[]> {
  const body = await rest<{ VersionList: { VersionItem?: { VersionInfo: VersionInfo }[] } }>(`/content/objects/${contentId}/versions`, { accept: 'VersionList' });
  return (body.VersionList.VersionItem ?? []).map((item) => item.VersionInfo);
}

/** The content's locations (`GET /content/objects/{id}/locations`, then each location). */
export async function loadContentLocations(contentId: number): Promise<readonly Location[]> {
  const body = await rest<{ LocationList: { Location?: Ref[] } }>(`/content/objects/${contentId}/locations`, { accept: 'LocationList' });
  return Promise.all((body.LocationList.Location ?? []).map(async (ref) => (await rest<{ Location: Location }>(ref._href, { accept: 'Location' })).Location));
}

/** A location by id (`GET /content/locations?id=` follows to the location). */
export async function loadLocation(locationId: number): Promise<Location> {
  return (await rest<{ Location: Location }>(`/content/locations?id=${locationId}`, { accept: 'Location' })).Location;
}

/** A new draft from the published version (`COPY /content/objects/{id}/currentversion`). */
export async function createDraft(contentId: number): Promise<Version> {
  return (await rest<{ Version: Version }>(`/content/objects/${contentId}/currentversion`, { method: 'COPY', accept: 'Version' })).Version;
}

/**
 * Writes `fields` into a draft (`PATCH …/versions/{no}`, VersionUpdate); fields left out keep their value.
 * @throws ApiError 400 with field errors when a value does not validate.
 */
export async function updateDraft(contentId: number, versionNo: number, fields: readonly FieldInput[]): Promise<Version> {
  const body = { VersionUpdate: { fields: { field: fields } } };
  return (await rest<{ Version: Version }>(`/content/objects/${contentId}/versions/${versionNo}`, { method: 'PATCH', accept: 'Version', input: { name: 'VersionUpdate', body } })).Version;
}

/** Publishes a draft (`PUBLISH …/versions/{no}`). @throws ApiError 400 with field errors when a required field is empty. */
export async function publishVersion(contentId: number, versionNo: number): Promise<void> {
  await rest(`/content/objects/${contentId}/versions/${versionNo}`, { method: 'PUBLISH' });
}

/** Deletes a draft (`DELETE …/versions/{no}`); Ibexa refuses to delete a published version (403). */
export async function deleteVersion(contentId: number, versionNo: number): Promise<void> {
  await rest(`/content/objects/${contentId}/versions/${versionNo}`, { method: 'DELETE' });
}

/**
 * Creates a draft of new content of `contentType` under `parent` (`POST /content/objects`, ContentCreate) with the
 * type's default sorting. @throws ApiError 400 with field errors (a required field empty, a value out of range).
 */
export async function createContent(contentType: ContentType, parent: Location, languageCode: string, fields: readonly FieldInput[]): Promise<Content> {
  const body = {
    ContentCreate: {
      ContentType: { _href: contentType._href },
      mainLanguageCode: languageCode,
      LocationCreate: {
        ParentLocation: { _href: parent._href },
        sortField: contentType.defaultSortField ?? 'PATH',
        sortOrder: contentType.defaultSortOrder ?? 'ASC',
      },
      fields: { field: fields },
    },
  };
  return (await rest<{ Content: Content }>('/content/objects', { method: 'POST', accept: 'Content', input: { name: 'ContentCreate', body } })).Content;
}
