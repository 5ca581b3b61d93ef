import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { pack as tarPack, type Extract } from 'tar-stream';
import { ArchiveError, MAX_ENTRY_BYTES } from './archive-format.js';

/** One entry of an archive being read: a readable stream of its bytes, with its tar header. */
export type Entry = Extract extends AsyncIterable<infer S> ? S : never;

/** What writes and reads report as they go: `done` of `total` (undefined when unknown) items of `phase`. */
export type ArchiveProgress = (done: number, total: number | undefined, phase: string) => void;

/** A storage whose files an archive can list (both BinaryStorage adapters of this package). */
export interface ListableStorage {
  get(key: string): Promise<{ size: number; stream: AsyncIterable<Uint8Array> } | null>;
  put(key: string, source: Uint8Array | AsyncIterable<Uint8Array>): Promise<{ size: number; head: Uint8Array }>;
  delete(key: string): Promise<void>;
  keys(): AsyncIterable<string>;
}

/**
 * Writes tar entries into a gzip stream piped to `output`, one entry at a time and respecting back-pressure:
 * memory holds one entry's buffer (or one chunk of a streamed file), whatever the archive's size.
 */
export class ArchiveWriter {
  private readonly pack = tarPack();
  private readonly piped: Promise<void>;
  /** Rejects as soon as the output fails, so that a write waiting for room does not wait forever. */
  private readonly failed: Promise<never>;

  constructor(
    output: Writable,
    private readonly mtime: Date,
  ) {
    this.piped = pipeline(this.pack, createGzip(), output);
    this.failed = this.piped.then(
      () => new Promise<never>(() => undefined),
      (error: unknown) => Promise.reject(error instanceof Error ? error : new Error(String(error))),
    );
    this.failed.catch(() => undefined);
  }

  /** Adds an entry holding `data`. */
  async add(name: string, data: Buffer): Promise<void> {
    await this.addStream(name, data.length, [data]);
  }

  /**
   * Adds an entry of `size` bytes read from `source`.
   * @throws Error when `source` yields another number of bytes (a file changed while it was read), or the output fails.
   */
  async addStream(name: string, size: number, source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<void> {
    let settle: (error?: Error | null) => void = () => undefined;
    const written = new Promise<void>((resolve, reject) => {
      settle = (error) => (error ? reject(error) : resolve());
    });
    const entry = this.pack.entry({ name, size, mtime: this.mtime, mode: 0o644 }, (error) => settle(error));
    let count = 0;
    for await (const chunk of source) {
      count += chunk.length;
      if (count > size) break;
      if (!entry.write(chunk)) await Promise.race([once(entry, 'drain'), this.failed]);
    }
    if (count !== size) {
      const error = new Error(`Archive entry ${name}: expected ${size} bytes, read ${count > size ? 'more' : count}`);
      entry.destroy(error);
      throw error;
    }
    entry.end(undefined);
    await Promise.race([written, this.failed]);
  }

  /** Ends the archive and waits until the output has it all. */
  async finish(): Promise<void> {
    this.pack.finalize();
    await this.piped;
  }

  /** Stops writing after a failure (the output is destroyed with `error`). */
  abort(error: Error): void {
    this.pack.destroy(error);
  }
}

/**
 * Reads a whole (small) entry: manifest, trailer or one batch of rows.
 * @throws ArchiveError `corrupt` when it is larger than {@link MAX_ENTRY_BYTES}.
 */
export async function readEntry(entry: Entry): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  let length = 0;
  for await (const part of bytesOf(entry)) {
    length += part.length;
    if (length > MAX_ENTRY_BYTES) throw new ArchiveError('corrupt', `Corrupt archive: entry ${entry.header.name} is larger than ${MAX_ENTRY_BYTES} bytes`);
    parts.push(part);
  }
  return Buffer.concat(parts);
}

/** The bytes of an entry, chunk by chunk. @throws Error when the tar reader hands over anything but bytes. */
export async function* bytesOf(entry: Entry): AsyncGenerator<Uint8Array> {
  for await (const part of entry) {
    if (!(part instanceof Uint8Array)) throw new Error(`Archive entry ${entry.header.name}: the tar reader returned no bytes`);
    yield part;
  }
}
