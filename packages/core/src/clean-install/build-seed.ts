import type { ContentInfo, VersionInfo } from '../api/values/content.js';
import type { Hash } from '../api/values/content-type.js';
import type { StoredContentType, StoredFieldDefinition } from '../spi/content-type-handler.js';
import type { Language } from '../api/values/language.js';
import type { LocationRecord } from '../api/values/location.js';
import type { FieldTypeRegistry } from '../field-types/field-type.js';
import type { StoredField } from '../spi/content-handler.js';
import type { RepositorySeed, SeedContent } from '../spi/seed.js';
import { buildCleanUrlAliases } from './url-aliases.js';
import { LANGUAGE_CODE_PATTERN, languageDisplayName } from '../domain/rules/language-names.js';
import {
  CLEAN_CONTENT_TYPE_GROUPS,
  CLEAN_CONTENT_TYPES,
  CLEAN_CONTENTS,
  CLEAN_INSTALL_DATE,
  CLEAN_INSTALL_IDS,
  CLEAN_OBJECT_STATE_GROUP,
  CLEAN_OBJECT_STATES,
  CLEAN_ROLE_ASSIGNMENTS,
  CLEAN_ROLES,
  CLEAN_ROOT_LOCATION,
  CLEAN_SECTIONS,
  CLEAN_USER_ACCOUNTS,
  type SeedContentTypeData,
} from './clean-install-data.js';

/** Options of {@link buildCleanInstallSeed}. */
export interface CleanInstallOptions {
  readonly fieldTypes: FieldTypeRegistry;
  /** Hash of the admin password (produced by the repository's PasswordHasher). */
  readonly adminPasswordHash: string;
  /**
   * Language codes to configure (`eng-GB` is always present, with id 2); others get ids 4, 8, 16, ... in order,
   * per Ibexa's bit-flag language ids.
   */
  readonly languages?: readonly string[];
}

/** Default language of the clean install. */
export const DEFAULT_LANGUAGE = 'eng-GB';

/** A password hash no password matches (the anonymous account cannot log in with a password). */
export const UNUSABLE_PASSWORD_HASH = '!';

const MAIN_LANGUAGE = DEFAULT_LANGUAGE;

/**
 * Builds the clean-install repository of Ibexa 4.6 (`cleandata.sql`) with its exact ids, ready for a
 * `SeedImporter`. Field values go through the field types (`fromHash` then `toStorage`).
 * @throws Error when a language code is malformed (expected `xxx-XX`): a configuration mistake.
 */
export function buildCleanInstallSeed(options: CleanInstallOptions): RepositorySeed {
  const { fieldTypes } = options;
  const contentTypes = CLEAN_CONTENT_TYPES.map((data) => buildContentType(data, fieldTypes));
  const typeById = new Map(contentTypes.map((type) => [type.id, type]));
  const locations = buildLocations();
  let versionId = 0;
  let fieldId = 0;

  const contents: SeedContent[] = CLEAN_CONTENTS.map((data) => {
    const type = typeById.get(data.contentTypeId);
    if (!type) throw new Error(`Clean data: unknown content type ${data.contentTypeId}`);
    const account = CLEAN_USER_ACCOUNTS.find((candidate) => candidate.contentId === data.id);
    const fields: StoredField[] = type.fieldDefinitions.map((definition) => {
      const fieldType = fieldTypes.get(definition.fieldTypeIdentifier);
      const hash: Hash =
        definition.fieldTypeIdentifier === 'ezuser' && account
          ? {
              hasStoredLogin: true,
              contentId: data.id,
              login: account.login,
              email: account.email,
              enabled: true,
              maxLogin: account.maxLogin,
              passwordHash: account.login === 'admin' ? options.adminPasswordHash : UNUSABLE_PASSWORD_HASH,
            }
          : (data.fields[definition.identifier] ?? null);
      return {
        id: ++fieldId,
        fieldDefinitionId: definition.id,
        fieldDefIdentifier: definition.identifier,
        fieldTypeIdentifier: definition.fieldTypeIdentifier,
        languageCode: MAIN_LANGUAGE,
        data: fieldType.toStorage(fieldType.fromHash(hash)),
      };
    });
    const contentInfo: ContentInfo = {
      id: data.id,
      contentTypeId: data.contentTypeId,
      name: data.name,
      sectionId: data.sectionId,
      currentVersionNo: data.versionNo,
      ownerId: CLEAN_INSTALL_IDS.adminUserId,
      modificationDate: CLEAN_INSTALL_DATE,
      publishedDate: CLEAN_INSTALL_DATE,
      alwaysAvailable: true,
      remoteId: data.remoteId,
      mainLanguageCode: MAIN_LANGUAGE,
      mainLocationId: data.location.id,
      status: 'PUBLISHED',
      isHidden: false,
    };
    const versionInfo: VersionInfo = {
      id: ++versionId,
      contentId: data.id,
      versionNo: data.versionNo,
      status: 'PUBLISHED',
      creatorId: CLEAN_INSTALL_IDS.adminUserId,
      creationDate: CLEAN_INSTALL_DATE,
      modificationDate: CLEAN_INSTALL_DATE,
      initialLanguageCode: MAIN_LANGUAGE,
      languageCodes: [MAIN_LANGUAGE],
      names: { [MAIN_LANGUAGE]: data.name },
    };
    return { contentInfo, versions: [{ versionInfo, fields, relations: [] }] };
  });

  const groupDates = { creationDate: CLEAN_INSTALL_DATE, modificationDate: CLEAN_INSTALL_DATE };
  return {
    languages: buildLanguages(options.languages ?? [MAIN_LANGUAGE]),
    sections: CLEAN_SECTIONS.map((section) => ({ ...section })),
    contentTypeGroups: CLEAN_CONTENT_TYPE_GROUPS.map((group) => ({
      ...group,
      ...groupDates,
      creatorId: CLEAN_INSTALL_IDS.adminUserId,
      modifierId: CLEAN_INSTALL_IDS.adminUserId,
      isSystem: false,
    })),
    contentTypes,
    contents,
    locations,
    userAccounts: CLEAN_USER_ACCOUNTS.map((account) => ({
      contentId: account.contentId,
      login: account.login,
      email: account.email,
      passwordHash: account.login === 'admin' ? options.adminPasswordHash : UNUSABLE_PASSWORD_HASH,
      enabled: true,
      maxLogin: account.maxLogin,
      passwordUpdatedAt: null,
    })),
    roles: CLEAN_ROLES.map((role) => ({
      id: role.id,
      identifier: role.identifier,
      status: 'DEFINED' as const,
      policies: role.policies.map((policy) => ({
        id: policy.id,
        roleId: role.id,
        module: policy.module,
        function: policy.function,
        limitations: policy.limitations.map((limitation) => ({
          identifier: limitation.identifier,
          values: [...limitation.values],
        })),
      })),
    })),
    roleAssignments: CLEAN_ROLE_ASSIGNMENTS.map((assignment) => ({
      id: assignment.id,
      roleId: assignment.roleId,
      subjectKind: 'group' as const,
      subjectId: assignment.subjectId,
      limitation: assignment.limitation
        ? { identifier: assignment.limitation.identifier, values: [...assignment.limitation.values] }
        : null,
    })),
    objectStateGroups: [
      {
        id: CLEAN_OBJECT_STATE_GROUP.id,
        identifier: CLEAN_OBJECT_STATE_GROUP.identifier,
        defaultLanguageCode: MAIN_LANGUAGE,
        languageCodes: [MAIN_LANGUAGE],
        names: { [MAIN_LANGUAGE]: CLEAN_OBJECT_STATE_GROUP.name },
        descriptions: { [MAIN_LANGUAGE]: '' },
      },
    ],
    objectStates: CLEAN_OBJECT_STATES.map((state) => ({
      id: state.id,
      groupId: CLEAN_OBJECT_STATE_GROUP.id,
      identifier: state.identifier,
      priority: state.priority,
      defaultLanguageCode: MAIN_LANGUAGE,
      languageCodes: [MAIN_LANGUAGE],
      names: { [MAIN_LANGUAGE]: state.name },
      descriptions: { [MAIN_LANGUAGE]: '' },
    })),
    contentObjectStates: CLEAN_CONTENTS.map((content) => ({ contentId: content.id, stateId: 1 })),
    urlAliases: buildCleanUrlAliases(MAIN_LANGUAGE),
  };
}

function buildContentType(data: SeedContentTypeData, fieldTypes: FieldTypeRegistry): StoredContentType {
  const fieldDefinitions: StoredFieldDefinition[] = data.fieldDefinitions.map((definition) => {
    const type = fieldTypes.get(definition.fieldType);
    return {
      id: definition.id,
      identifier: definition.identifier,
      fieldTypeIdentifier: type.identifier,
      fieldGroup: '',
      position: definition.position,
      isTranslatable: definition.isTranslatable,
      isRequired: definition.isRequired,
      isInfoCollector: false,
      isSearchable: definition.isSearchable,
      isThumbnail: definition.isThumbnail ?? false,
      names: { [MAIN_LANGUAGE]: definition.name },
      descriptions: {},
      defaultValue: type.toStorage(type.fromHash(definition.defaultValue ?? null)),
      fieldSettings: { ...type.defaultFieldSettings(), ...definition.fieldSettings },
      validatorConfiguration: { ...type.defaultValidatorConfiguration(), ...definition.validatorConfiguration },
    };
  });
  return {
    id: data.id,
    status: 'DEFINED',
    identifier: data.identifier,
    remoteId: data.remoteId,
    names: { [MAIN_LANGUAGE]: data.name },
    descriptions: {},
    creationDate: CLEAN_INSTALL_DATE,
    modificationDate: CLEAN_INSTALL_DATE,
    creatorId: CLEAN_INSTALL_IDS.adminUserId,
    modifierId: CLEAN_INSTALL_IDS.adminUserId,
    urlAliasSchema: '',
    nameSchema: data.nameSchema,
    isContainer: data.isContainer,
    mainLanguageCode: MAIN_LANGUAGE,
    defaultAlwaysAvailable: data.defaultAlwaysAvailable,
    defaultSortField: 'PATH',
    defaultSortOrder: 'ASC',
    groupIds: [data.groupId],
    fieldDefinitions,
  };
}

function buildLocations(): LocationRecord[] {
  const root: LocationRecord = {
    id: CLEAN_ROOT_LOCATION.id,
    parentLocationId: CLEAN_ROOT_LOCATION.id,
    contentId: 0,
    pathString: '/1/',
    depth: 0,
    priority: 0,
    hidden: false,
    invisible: false,
    remoteId: CLEAN_ROOT_LOCATION.remoteId,
    sortField: CLEAN_ROOT_LOCATION.sortField,
    sortOrder: CLEAN_ROOT_LOCATION.sortOrder,
  };
  const byId = new Map<number, LocationRecord>([[root.id, root]]);
  for (const content of CLEAN_CONTENTS) {
    const parent = byId.get(content.location.parentId);
    if (!parent) throw new Error(`Clean data: location ${content.location.id} listed before its parent`);
    byId.set(content.location.id, {
      id: content.location.id,
      parentLocationId: parent.id,
      contentId: content.id,
      pathString: `${parent.pathString}${content.location.id}/`,
      depth: parent.depth + 1,
      priority: 0,
      hidden: false,
      invisible: false,
      remoteId: content.location.remoteId,
      sortField: content.location.sortField,
      sortOrder: content.location.sortOrder,
    });
  }
  return [...byId.values()];
}

/**
 * Languages with Ibexa's bit-flag ids: eng-GB = 2, then 4, 8, ... Names as Ibexa installs them
 * (`languageDisplayName`: eng-GB → "English (United Kingdom)", pol-PL → "Polish (polski)").
 * @throws Error when a code is not of the form `xxx-XX`.
 */
export function buildLanguages(codes: readonly string[]): Language[] {
  const ordered = [MAIN_LANGUAGE, ...codes.filter((code) => code !== MAIN_LANGUAGE)];
  return [...new Set(ordered)].map((languageCode, index) => {
    if (!LANGUAGE_CODE_PATTERN.test(languageCode)) {
      throw new Error(`Invalid language code '${languageCode}': expected the form xxx-XX, e.g. pol-PL`);
    }
    return { id: 2 ** (index + 1), languageCode, name: languageDisplayName(languageCode), enabled: true };
  });
}
