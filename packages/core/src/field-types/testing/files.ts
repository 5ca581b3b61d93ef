import { deflateSync } from 'node:zlib';
import { detectMimeType } from '../../domain/files/mime-type-detection.js';
import type { FieldPrepareContext, PendingBinary, StoredBinary } from '../field-type.js';

/** Test-data builders for binary field types: real image bytes and a recording `FieldPrepareContext`. */

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let crc = index;
  for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  return crc >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** A valid RGBA PNG of the given size (all pixels transparent). */
export function pngBytes(width: number, height: number): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = new Uint8Array(height * (1 + width * 4));
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', new Uint8Array(deflateSync(rows))),
    chunk('IEND', new Uint8Array()),
  ];
  const png = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    png.set(part, offset);
    offset += part.length;
  }
  return png;
}

/** Base64 of bytes. */
export function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}

/**
 * A `FieldPrepareContext` that records its calls and "stores" files under `<kind>/<n>/<fileName>`, labelling them as
 * the content service does (the declared MIME type, else `detectMimeType`).
 */
export function recordingPrepareContext(now = new Date('2024-05-01T12:00:00.400Z')): {
  context: FieldPrepareContext;
  stored: { file: PendingBinary; kind: 'images' | 'files' }[];
  hashed: string[];
} {
  const stored: { file: PendingBinary; kind: 'images' | 'files' }[] = [];
  const hashed: string[] = [];
  const context: FieldPrepareContext = {
    async storeBinary(file, kind): Promise<StoredBinary> {
      stored.push({ file, kind });
      const chunks: Uint8Array[] = [];
      if (file.source instanceof Uint8Array) chunks.push(file.source);
      else for await (const part of file.source) chunks.push(part);
      const bytes = Buffer.concat(chunks);
      const key = `${kind}/${stored.length}/${file.fileName}`;
      const head = new Uint8Array(bytes.subarray(0, 65536));
      return { key, uri: `/var/site/storage/${key}`, size: bytes.length, mimeType: file.mimeType ?? detectMimeType(head, file.fileName), head };
    },
    async hashPassword(plainPassword) {
      hashed.push(plainPassword);
      return `hashed(${plainPassword})`;
    },
    now: () => now,
  };
  return { context, stored, hashed };
}
