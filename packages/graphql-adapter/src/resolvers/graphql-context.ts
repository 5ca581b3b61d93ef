import type { Repository, Session, TokenService, User } from '@contentrepo/core';
import type { FieldTypeMapperRegistry } from '../field-types/field-type-mapper.js';
import type { ContentSearch } from '../search/content-search.js';
import type { GraphQLLogger } from './graphql-errors.js';
import { RequestLoaders } from './request-loaders.js';

/** Request-independent collaborators of the resolvers, fixed when the middleware is created. */
export interface ResolverServices {
  /** Lists per type and sorted location children; absent: those fields answer NOT_IMPLEMENTED. */
  readonly search: ContentSearch | null;
  /** Issues tokens for `createToken`; absent: `createToken` answers NOT_IMPLEMENTED. */
  readonly tokens: TokenService | null;
  /**
   * The password check of `createToken` (the process's `HttpAuth.login`: throttled per login name and client
   * address, failures logged); absent: the repository's unthrottled `userService.authenticate`.
   * @throws LoginThrottledError while the login is throttled.
   */
  readonly login?: (login: string, password: string, clientAddress: string | null) => Promise<User>;
  /** Location whose subtree lists are restricted to (Ibexa's implicit `Subtree` restriction); 1 = the whole tree. */
  readonly treeRootLocationId: number;
  /** Languages field values are shown in when no `language:` is given, by priority (Ibexa's prioritised languages). */
  readonly prioritizedLanguages: readonly string[];
  /** MIME type → content type mapping of `uploadFiles` (Ibexa's multi-file upload mapping). */
  readonly uploadMappings: readonly UploadMapping[];
  /** Content type of files no mapping matches. */
  readonly uploadFallback: Omit<UploadMapping, 'mimeTypes'>;
  readonly logger: GraphQLLogger | null;
}

/** One `uploadFiles` mapping entry (Ibexa `ibexa.multifile_upload.location.default_mappings`). */
export interface UploadMapping {
  readonly mimeTypes: readonly string[];
  readonly contentTypeIdentifier: string;
  /** Field that receives the file (an image or binary file field). */
  readonly contentFieldIdentifier: string;
  /** Field that receives the client's file name. */
  readonly nameFieldIdentifier: string;
}

/** The context every resolver receives: the repository acting for the request's user, loaders and services. */
export interface GraphQLContext {
  /** The repository bound to the authenticated user (`repository.forUser`). */
  readonly repository: Repository;
  readonly userId: number;
  readonly loaders: RequestLoaders;
  readonly services: ResolverServices;
  /** The GraphQL form of each field type, by canonical identifier (the same mappers the schema was built with). */
  readonly fieldTypeMappers: FieldTypeMapperRegistry;
  /** The session of a request authenticated by its session cookie, else null (mutations then need its CSRF token). */
  readonly session: Session | null;
  /** The client's address (Express `req.ip`), which `createToken` logins are throttled by; null if unknown. */
  readonly clientAddress: string | null;
}

/**
 * Builds a request context; `fieldTypeMappers` must be those the schema was built with; `session` is that of a
 * cookie-authenticated request (default none); `clientAddress` the client's address (default unknown).
 */
export function createContext(
  repository: Repository,
  userId: number,
  services: ResolverServices,
  fieldTypeMappers: FieldTypeMapperRegistry,
  session: Session | null = null,
  clientAddress: string | null = null,
): GraphQLContext {
  const forUser = repository.forUser({ userId });
  return { repository: forUser, userId, loaders: new RequestLoaders(forUser), services, fieldTypeMappers, session, clientAddress };
}
