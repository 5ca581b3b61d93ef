import type { Content, ContentInfo, ContentType, Location, Repository } from '@contentrepo/core';

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
