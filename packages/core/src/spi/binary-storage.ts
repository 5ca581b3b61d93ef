/**
 * Where uploaded files live (images, binary files). Keys are relative paths such as
 * `images/3f/a1/3fa1.../photo.png`; adapters serve a file at `uri(key)`.
 */
export interface BinaryStorage {
  /**
   * Writes a file, streaming when `source` is an async iterable.
   * @returns the number of bytes written and the first bytes (≥ 64 KiB when available) for sniffing.
   */
  put(key: string, source: Uint8Array | AsyncIterable<Uint8Array>): Promise<{ size: number; head: Uint8Array }>;
  /** A file's bytes as a stream with its size, or null when absent. */
  get(key: string): Promise<{ size: number; stream: AsyncIterable<Uint8Array> } | null>;
  /** Removes a file; absent files are ignored. */
  delete(key: string): Promise<void>;
  /** The host-relative URI the server serves the file at, e.g. `/var/site/storage/images/...`. */
  uri(key: string): string;
  /** The key of a URI produced by `uri`, or null when the URI is not one of this storage's. */
  keyOf(uri: string): string | null;
}
