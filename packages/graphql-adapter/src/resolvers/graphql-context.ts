import type { Content, ContentInfo, ContentType, Location, Repository, TokenService } from '@contentrepo/core';
import { builtInFieldTypeMapperRegistry, type FieldTypeMapperRegistry } from '../field-types/index.js';
import type { ContentSearch } from '../search/content-search.js';

/** Minimal logger contract (pino-compatible). */
export interface GraphQLLogger {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** Request-independent collaborators of the resolvers, fixed when the middleware is created. */
export interface ResolverServices {
  /** Lists per type and sorted location children; absent: those fields answer NOT_IMPLEMENTED. */
  readonly search: ContentSearch | null;
  /** Issues tokens for `createToken`; absent: `createToken` answers NOT_IMPLEMENTED. */
  readonly tokens: TokenService | null;
  /** Location whose subtree lists are restricted to (graphql.md §3.1 implicit Subtree); 1 = the whole tree. */
  readonly treeRootLocationId: number;
  /** Languages field values are shown in when no `language:` is given, by priority (graphql.md §3.4). */
  readonly prioritizedLanguages: readonly string[];
  /** MIME type → content type mapping of `uploadFiles` (graphql.md §2.4). */
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

/** Per-request memoised loads, so that a query touching the same item twice loads it once. */
export class RequestLoaders {
  private readonly contentInfos = new Map<number, Promise<ContentInfo>>();
  private readonly contents = new Map<number, Promise<Content>>();
  private readonly locations = new Map<number, Promise<Location>>();
  private readonly contentTypes = new Map<number, Promise<ContentType>>();
  private readonly locationNames = new Map<number, Promise<string>>();

  constructor(private readonly repository: Repository) {}

  contentInfo(contentId: number): Promise<ContentInfo> {
    return memo(this.contentInfos, contentId, () => this.repository.contentService.loadContentInfo(contentId));
  }

  /** The current version with all translations. */
  content(contentId: number): Promise<Content> {
    return memo(this.contents, contentId, () => this.repository.contentService.loadContent(contentId));
  }

  location(locationId: number): Promise<Location> {
    return memo(this.locations, locationId, () => this.repository.locationService.loadLocation(locationId));
  }

  contentType(contentTypeId: number): Promise<ContentType> {
    return memo(this.contentTypes, contentTypeId, () => this.repository.contentTypeService.loadContentType(contentTypeId));
  }

  /** The content name at a location, read without permission checks (for URL alias paths, like Ibexa's lookups). */
  locationName(locationId: number): Promise<string> {
    return memo(this.locationNames, locationId, () =>
      this.repository.sudo(async (sudo) => (await sudo.locationService.loadLocation(locationId)).contentInfo.name),
    );
  }

  /** Records content a mutation just wrote, so the result does not load it again. */
  prime(content: Content): void {
    this.contents.set(content.contentInfo.id, Promise.resolve(content));
    this.contentInfos.set(content.contentInfo.id, Promise.resolve(content.contentInfo));
  }

  /** Forgets an item (after a write that changes it). */
  forget(contentId: number): void {
    this.contents.delete(contentId);
    this.contentInfos.delete(contentId);
  }
}

function memo<K, V>(cache: Map<K, Promise<V>>, key: K, load: () => Promise<V>): Promise<V> {
  const cached = cache.get(key);
  if (cached) return cached;
  const promise = load();
  cache.set(key, promise);
  promise.catch(() => cache.delete(key));
  return promise;
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
}

/** Builds a request context; `fieldTypeMappers` must be those the schema was built with (default: built-in). */
export function createContext(
  repository: Repository,
  userId: number,
  services: ResolverServices,
  fieldTypeMappers: FieldTypeMapperRegistry = builtInFieldTypeMapperRegistry,
): GraphQLContext {
  const forUser = repository.forUser({ userId });
  return { repository: forUser, userId, loaders: new RequestLoaders(forUser), services, fieldTypeMappers };
}
