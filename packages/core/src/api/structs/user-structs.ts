import type { ContentMetadataUpdateStruct, ContentUpdateStruct, FieldInput } from './content-structs.js';

/**
 * Input of `UserService.createUser` (Ibexa `UserCreateStruct`, REST `UserCreate`): the account (`login`,
 * `email`, `password`, `enabled`, `maxLogin`) plus the other fields of the user content type. The account field
 * (the type's `ezuser` field) is filled from the account members; `fields` must not set it.
 */
export interface UserCreateStruct {
  /** Defaults to the `user` content type. */
  readonly contentTypeId?: number;
  readonly mainLanguageCode: string;
  readonly login: string;
  readonly email: string;
  readonly password: string;
  /** Default true. */
  readonly enabled?: boolean;
  /** Default 0 (unlimited). */
  readonly maxLogin?: number;
  readonly fields: readonly FieldInput[];
  readonly sectionId?: number;
  readonly remoteId?: string;
  readonly ownerId?: number;
  readonly alwaysAvailable?: boolean;
}

/**
 * Input of `UserService.updateUser` (Ibexa `UserUpdateStruct`, REST `UserUpdate`): account changes (the
 * login never changes), other fields and metadata. Absent members stay unchanged.
 */
export interface UserUpdateStruct {
  readonly email?: string;
  readonly password?: string;
  readonly enabled?: boolean;
  readonly maxLogin?: number;
  readonly contentUpdateStruct?: ContentUpdateStruct;
  readonly contentMetadataUpdateStruct?: ContentMetadataUpdateStruct;
}

/** Input of `UserService.createUserGroup` (Ibexa `UserGroupCreateStruct`, REST `UserGroupCreate`). */
export interface UserGroupCreateStruct {
  /** Defaults to the `user_group` content type. */
  readonly contentTypeId?: number;
  readonly mainLanguageCode: string;
  readonly fields: readonly FieldInput[];
  readonly sectionId?: number;
  readonly remoteId?: string;
  readonly ownerId?: number;
  readonly alwaysAvailable?: boolean;
}

/** Input of `UserService.updateUserGroup` (Ibexa `UserGroupUpdateStruct`, REST `UserGroupUpdate`). */
export interface UserGroupUpdateStruct {
  readonly contentUpdateStruct?: ContentUpdateStruct;
  readonly contentMetadataUpdateStruct?: ContentMetadataUpdateStruct;
}
