/**
 * MIME type of an upload from its first bytes (as Ibexa's `uploadFiles` does: detected from the contents, the
 * client-declared type is ignored). Recognises the image types of Ibexa's upload mapping, SVG, PDF, ZIP-based and
 * legacy Office documents, and common audio/video containers; anything else is `application/octet-stream`.
 */

/** Bytes read before sniffing (enough for every signature below and an SVG prolog). */
export const SNIFF_BYTES = 4100;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (bytes: Uint8Array, start: number, end: number): string =>
  String.fromCharCode(...bytes.subarray(start, Math.min(end, bytes.length)));

function isSvg(bytes: Uint8Array): boolean {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, SNIFF_BYTES)).replace(/^\uFEFF/, '');
  const body = text
    .replace(/^\s*<\?xml[\s\S]*?\?>/, '')
    .replace(/^(?:\s*<!--[\s\S]*?-->)*/, '')
    .replace(/^\s*<!DOCTYPE[^>]*>/i, '')
    .replace(/^(?:\s*<!--[\s\S]*?-->)*/, '');
  return /^\s*<svg[\s>/]/i.test(body);
}

/** The MIME type of a file start. */
export function sniffMimeType(head: Uint8Array): string {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'AVI ') return 'video/x-msvideo';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WAVE') return 'audio/wav';
  if (ascii(head, 0, 2) === 'BM' && head.length >= 26) return 'image/bmp';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'image/tiff';
  if (startsWith(head, [0x00, 0x00, 0x01, 0x00]) && head.length >= 6) return 'image/x-icon';
  if (ascii(head, 0, 5) === '%PDF-') return 'application/pdf';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'application/msword';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return officeZipType(head);
  if (startsWith(head, [0x1f, 0x8b])) return 'application/gzip';
  if (ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (brand === 'avif' || brand === 'avis') return 'image/avif';
    if (['heic', 'heix', 'mif1', 'msf1'].includes(brand)) return 'image/heic';
    if (brand.startsWith('M4A')) return 'audio/mp4';
    if (brand === 'qt  ') return 'video/quicktime';
    return 'video/mp4';
  }
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  if (ascii(head, 0, 3) === 'ID3' || startsWith(head, [0xff, 0xfb])) return 'audio/mpeg';
  if (ascii(head, 0, 4) === 'OggS') return 'application/ogg';
  if (isSvg(head)) return 'image/svg+xml';
  return 'application/octet-stream';
}

/** ZIP containers: the Office Open XML type when the first entry names one, else `application/zip`. */
function officeZipType(head: Uint8Array): string {
  const text = ascii(head, 0, Math.min(head.length, SNIFF_BYTES));
  if (text.includes('word/')) return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  if (text.includes('xl/')) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  if (text.includes('ppt/')) return 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
  return 'application/zip';
}
