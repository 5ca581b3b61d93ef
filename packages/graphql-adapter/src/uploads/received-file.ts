import { MIME_SNIFF_BYTES, sniffMimeType, UNKNOWN_MIME_TYPE } from '@contentrepo/core';
import { userError } from '../resolvers/graphql-errors.js';

/**
 * An uploaded file ready to hand to core as a pending binary: its client file name, the MIME type sniffed from its
 * first bytes (core's `sniffMimeType`: Ibexa's `uploadFiles` detects the type from the contents and ignores the
 * client-declared one; `application/octet-stream` when unrecognised), and its content as a stream that replays
 * those bytes and then continues from the upload (the file is never held in memory as a whole; graphql-upload
 * buffers it on disk).
 */
export interface ReceivedFile {
  readonly fileName: string;
  readonly mimeType: string;
  readonly source: AsyncIterable<Uint8Array>;
}

/** Whether a `FileUpload` variable value was given (graphql-upload resolves it to a promise of the file). */
export function isUploadValue(value: unknown): boolean {
  return value instanceof Promise || (typeof value === 'object' && value !== null && typeof Reflect.get(value, 'then') === 'function');
}

/** An upload whose file name is known, not opened yet. */
export interface ResolvedUpload {
  readonly fileName: string;
  /**
   * Opens the upload's stream and sniffs its type.
   * @throws the upload's stream error (e.g. 413 when the file exceeds the size limit).
   */
  open(): Promise<ReceivedFile>;
}

/**
 * Awaits an upload (graphql-upload resolves the variable to a promise of the file).
 * @throws the upload's error (e.g. 400 `File missing in the request.`) or BAD_USER_INPUT for a value that is not one.
 */
export async function resolveUpload(value: unknown): Promise<ResolvedUpload> {
  const file: unknown = await value;
  if (typeof file !== 'object' || file === null) throw userError('Upload value invalid.', 'BAD_USER_INPUT');
  const filename: unknown = Reflect.get(file, 'filename');
  const createReadStream: unknown = Reflect.get(file, 'createReadStream');
  if (typeof filename !== 'string' || typeof createReadStream !== 'function') throw userError('Upload value invalid.', 'BAD_USER_INPUT');
  const fileName = safeFileName(filename);
  return {
    fileName,
    async open() {
      const stream: unknown = Reflect.apply(createReadStream, file, []);
      if (!isAsyncIterable(stream)) throw userError('Upload value invalid.', 'BAD_USER_INPUT');
      const { head, source } = await peek(stream, MIME_SNIFF_BYTES);
      return { fileName, mimeType: sniffMimeType(head, fileName) ?? UNKNOWN_MIME_TYPE, source };
    },
  };
}

/** {@link resolveUpload} and {@link ResolvedUpload.open} in one step. */
export async function receiveUpload(value: unknown): Promise<ReceivedFile> {
  return (await resolveUpload(value)).open();
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/** The client's file name without directories or control characters (`upload` when nothing is left). */
export function safeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  return base.replace(/[\u0000-\u001f\u007f]/g, '').trim() || 'upload';
}

/**
 * Reads at least `size` bytes (or the whole stream when shorter) and returns them with a stream that yields them
 * again followed by the rest.
 */
export async function peek(stream: AsyncIterable<unknown>, size: number): Promise<{ head: Uint8Array; source: AsyncIterable<Uint8Array> }> {
  const iterator = stream[Symbol.asyncIterator]();
  const chunks: Uint8Array[] = [];
  let length = 0;
  let done = false;
  while (length < size) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    const chunk = toBytes(next.value);
    chunks.push(chunk);
    length += chunk.length;
  }
  const head = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    head.set(chunk, offset);
    offset += chunk.length;
  }
  const source: AsyncIterable<Uint8Array> = {
    async *[Symbol.asyncIterator]() {
      yield* chunks;
      while (!done) {
        const next = await iterator.next();
        if (next.done) return;
        yield toBytes(next.value);
      }
    },
  };
  return { head, source };
}

function toBytes(chunk: unknown): Uint8Array {
  if (chunk instanceof Uint8Array) return chunk;
  if (typeof chunk === 'string') return new TextEncoder().encode(chunk);
  throw new Error('Upload stream yielded a non-binary chunk');
}
