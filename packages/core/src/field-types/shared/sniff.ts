/**
 * MIME type detection from the first bytes of a file (magic numbers). Used to reject non-image uploads to image
 * fields before they are stored, and to label binary files whose client gave no MIME type.
 */

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, Math.min(end, bytes.length)));
}

/** ISO BMFF (`ftyp` box) major/compatible brands, e.g. `avif`, `heic`, `isom`. */
function isoBrands(bytes: Uint8Array): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return [];
  const boxSize = ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
  const end = Math.min(boxSize > 16 ? boxSize : 16, bytes.length, 256);
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
  return brands;
}

/** Whether the start of a text file is an SVG document (after a BOM, XML declaration, comments, doctype). */
function isSvg(bytes: Uint8Array): boolean {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  const withoutProlog = text
    .replace(/^\s*<\?xml[\s\S]*?\?>/, '')
    .replace(/^(?:\s*<!--[\s\S]*?-->)*/, '')
    .replace(/^\s*<!DOCTYPE[^>]*>/i, '')
    .replace(/^(?:\s*<!--[\s\S]*?-->)*/, '');
  return /^\s*<svg[\s>/]/i.test(withoutProlog);
}

/**
 * The image MIME type of a file start, or null when it is not a recognised image.
 * Recognises PNG, JPEG, GIF, WebP, BMP, TIFF, ICO, AVIF, HEIC/HEIF and SVG.
 */
export function sniffImageMimeType(head: Uint8Array): string | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(head, 0, 2) === 'BM' && head.length >= 26) return 'image/bmp';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'image/tiff';
  if (startsWith(head, [0x00, 0x00, 0x01, 0x00]) && head.length >= 6) return 'image/vnd.microsoft.icon';
  const brands = isoBrands(head);
  if (brands.includes('avif') || brands.includes('avis')) return 'image/avif';
  if (brands.some((brand) => ['heic', 'heix', 'heim', 'heis', 'mif1', 'msf1'].includes(brand))) return 'image/heic';
  if (isSvg(head)) return 'image/svg+xml';
  return null;
}

/**
 * The MIME type of a file start: an image type, or a few common document/archive types (PDF, ZIP, gzip,
 * MP4, MP3, Ogg), or null when unknown.
 */
export function sniffMimeType(head: Uint8Array): string | null {
  const image = sniffImageMimeType(head);
  if (image !== null) return image;
  if (ascii(head, 0, 5) === '%PDF-') return 'application/pdf';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'application/zip';
  if (startsWith(head, [0x1f, 0x8b])) return 'application/gzip';
  if (isoBrands(head).length > 0) return 'video/mp4';
  if (ascii(head, 0, 3) === 'ID3' || startsWith(head, [0xff, 0xfb])) return 'audio/mpeg';
  if (ascii(head, 0, 4) === 'OggS') return 'application/ogg';
  return null;
}

const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

/** Whether `mimeType` is a syntactically valid `type/subtype` (RFC 6838 names, no parameters). */
export function isMimeType(mimeType: string): boolean {
  return MIME_TYPE.test(mimeType);
}
