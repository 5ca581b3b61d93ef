/**
 * Builders of the host-relative hrefs the REST API emits (as in Ibexa, the prefix, with any subfolder, is in
 * every href). `pathString`s are turned into location paths (`/1/2/58/` → `/content/locations/1/2/58`).
 */
export interface Hrefs {
  readonly prefix: string;
  root(): string;
  content(contentId: number): string;
  contentVersions(contentId: number): string;
  version(contentId: number, versionNo: number): string;
  currentVersion(contentId: number): string;
  relations(contentId: number, versionNo: number): string;
  relation(contentId: number, versionNo: number, relationId: number): string;
  translation(contentId: number, versionNo: number, languageCode: string): string;
  contentLocations(contentId: number): string;
  contentObjectStates(contentId: number): string;
  location(pathString: string): string;
  locationChildren(pathString: string): string;
  locationUrlAliases(pathString: string): string;
  contentType(contentTypeId: number, draft?: boolean): string;
  contentTypeFieldDefinitions(contentTypeId: number, draft?: boolean): string;
  fieldDefinition(contentTypeId: number, fieldDefinitionId: number, draft?: boolean): string;
  contentTypeGroups(contentTypeId: number): string;
  contentTypeGroup(groupId: number): string;
  contentTypeGroupTypes(groupId: number): string;
  section(sectionId: number): string;
  language(languageCode: string): string;
  user(userId: number): string;
  userGroups(userId: number): string;
  userRoles(userId: number): string;
  userGroup(pathString: string): string;
  session(sessionId: string): string;
  imageVariation(imageId: string, variation: string): string;
  path(relative: string): string;
}

const locationPath = (pathString: string): string => pathString.replace(/^\/|\/$/g, '');

/** Hrefs under `prefix` (e.g. `/api/ibexa/v2` or `/cms/api/ibexa/v2`). */
export function createHrefs(prefix: string): Hrefs {
  const content = (id: number): string => `${prefix}/content/objects/${id}`;
  const version = (id: number, no: number): string => `${content(id)}/versions/${no}`;
  const type = (id: number, draft = false): string => `${prefix}/content/types/${id}${draft ? '/draft' : ''}`;
  const location = (pathString: string): string => `${prefix}/content/locations/${locationPath(pathString)}`;
  const user = (id: number): string => `${prefix}/user/users/${id}`;
  return {
    prefix,
    root: () => `${prefix}/`,
    content,
    contentVersions: (id) => `${content(id)}/versions`,
    version,
    currentVersion: (id) => `${content(id)}/currentversion`,
    relations: (id, no) => `${version(id, no)}/relations`,
    relation: (id, no, relationId) => `${version(id, no)}/relations/${relationId}`,
    translation: (id, no, languageCode) => `${version(id, no)}/translations/${languageCode}`,
    contentLocations: (id) => `${content(id)}/locations`,
    contentObjectStates: (id) => `${content(id)}/objectstates`,
    location,
    locationChildren: (pathString) => `${location(pathString)}/children`,
    locationUrlAliases: (pathString) => `${location(pathString)}/urlaliases`,
    contentType: type,
    contentTypeFieldDefinitions: (id, draft) => `${type(id, draft)}/fieldDefinitions`,
    fieldDefinition: (id, fieldDefinitionId, draft) => `${type(id, draft)}/fieldDefinitions/${fieldDefinitionId}`,
    contentTypeGroups: (id) => `${type(id)}/groups`,
    contentTypeGroup: (groupId) => `${prefix}/content/typegroups/${groupId}`,
    contentTypeGroupTypes: (groupId) => `${prefix}/content/typegroups/${groupId}/types`,
    section: (id) => `${prefix}/content/sections/${id}`,
    language: (code) => `${prefix}/languages/${code}`,
    user,
    userGroups: (id) => `${user(id)}/groups`,
    userRoles: (id) => `${user(id)}/roles`,
    userGroup: (pathString) => `${prefix}/user/groups/${locationPath(pathString)}`,
    session: (id) => `${prefix}/user/sessions/${id}`,
    imageVariation: (imageId, variation) => `${prefix}/content/binary/images/${imageId}/variations/${variation}`,
    path: (relative) => `${prefix}${relative}`,
  };
}
