const SIGNATURES: readonly { readonly mime: string; readonly bytes: readonly (number | null)[] }[] = [
  { mime: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { mime: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38] },
  { mime: 'image/webp', bytes: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50] },
  { mime: 'image/bmp', bytes: [0x42, 0x4d] },
  { mime: 'image/tiff', bytes: [0x49, 0x49, 0x2a, 0x00] },
  { mime: 'image/tiff', bytes: [0x4d, 0x4d, 0x00, 0x2a] },
  { mime: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { mime: 'application/zip', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { mime: 'video/mp4', bytes: [null, null, null, null, 0x66, 0x74, 0x79, 0x70] },
];

const BY_EXTENSION: Readonly<Record<string, string>> = {
  txt: 'text/plain', csv: 'text/csv', html: 'text/html', json: 'application/json', xml: 'application/xml',
  pdf: 'application/pdf', zip: 'application/zip', doc: 'application/msword', svg: 'image/svg+xml',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  mp3: 'audio/mpeg', mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime', ogg: 'audio/ogg',
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp',
};

/**
 * MIME type of a file from its first bytes (magic numbers), else from its extension, else
 * `application/octet-stream`.
 */
export function sniffMimeType(head: Uint8Array, fileName: string): string {
  for (const signature of SIGNATURES) {
    if (signature.bytes.every((byte, index) => byte === null || head[index] === byte)) return signature.mime;
  }
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  return BY_EXTENSION[extension] ?? 'application/octet-stream';
}
