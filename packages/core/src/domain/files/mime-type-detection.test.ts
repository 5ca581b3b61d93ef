import { describe, expect, it } from '@jest/globals';
import { pngBytes } from '../../field-types/testing/files.js';
import { detectMimeType, isMimeType, MIME_SNIFF_BYTES, sniffImageMimeType, sniffMimeType } from './mime-type-detection.js';

const bytes = (...values: number[]): Uint8Array => new Uint8Array(values);
const ascii = (text: string): Uint8Array => new TextEncoder().encode(text);
const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};
const withPadding = (head: Uint8Array, size = 64): Uint8Array => concat(head, new Uint8Array(Math.max(0, size - head.length)));
/** An ISO BMFF `ftyp` box: major brand, minor version, compatible brands. */
const ftyp = (major: string, ...compatible: string[]): Uint8Array =>
  withPadding(concat(bytes(0, 0, 0, 16 + 4 * compatible.length), ascii(`ftyp${major}`), bytes(0, 0, 0, 0), ...compatible.map(ascii)));
/** A ZIP archive whose first entry is `name` (local file header). */
const zipWith = (name: string): Uint8Array =>
  withPadding(concat(bytes(0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 8, 0), new Uint8Array(16), ascii(name)), 128);
const OLE = withPadding(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), 512);
const SVG = ascii('\uFEFF<?xml version="1.0"?><!-- x --><!DOCTYPE svg><svg xmlns="http://www.w3.org/2000/svg"/>');

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

describe('sniffMimeType, sniffImageMimeType and detectMimeType', () => {
  // [what, first bytes, file name, sniffMimeType (content), detectMimeType (content, else extension)]
  it.each<[string, Uint8Array, string, string | null, string]>([
    ['PNG', pngBytes(1, 1), 'a.bin', 'image/png', 'image/png'],
    ['JPEG', withPadding(bytes(0xff, 0xd8, 0xff, 0xe0)), 'a.bin', 'image/jpeg', 'image/jpeg'],
    ['GIF87a', withPadding(ascii('GIF87a')), 'a.bin', 'image/gif', 'image/gif'],
    ['GIF89a', withPadding(ascii('GIF89a')), 'a.bin', 'image/gif', 'image/gif'],
    ['WebP', withPadding(ascii('RIFF\0\0\0\0WEBPVP8 ')), 'a.bin', 'image/webp', 'image/webp'],
    ['BMP', withPadding(ascii('BM')), 'a.bin', 'image/bmp', 'image/bmp'],
    ['TIFF little-endian', withPadding(bytes(0x49, 0x49, 0x2a, 0x00)), 'a.bin', 'image/tiff', 'image/tiff'],
    ['TIFF big-endian', withPadding(bytes(0x4d, 0x4d, 0x00, 0x2a)), 'a.bin', 'image/tiff', 'image/tiff'],
    ['ICO', withPadding(bytes(0, 0, 1, 0, 1, 0, 16, 16)), 'a.bin', 'image/vnd.microsoft.icon', 'image/vnd.microsoft.icon'],
    ['AVIF', ftyp('avif', 'avif', 'mif1', 'miaf'), 'a.bin', 'image/avif', 'image/avif'],
    ['AVIF by a compatible brand', ftyp('isom', 'avis'), 'a.bin', 'image/avif', 'image/avif'],
    ['HEIC', ftyp('heic', 'mif1', 'heic'), 'a.bin', 'image/heic', 'image/heic'],
    ['HEIF (mif1)', ftyp('mif1', 'heim'), 'a.bin', 'image/heic', 'image/heic'],
    ['SVG with prolog', SVG, 'a.bin', 'image/svg+xml', 'image/svg+xml'],
    ['SVG', ascii('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.bin', 'image/svg+xml', 'image/svg+xml'],
    ['MP4', ftyp('isom', 'isom', 'iso2'), 'a.bin', 'video/mp4', 'video/mp4'],
    ['M4A', ftyp('M4A ', 'M4A ', 'mp42', 'isom'), 'a.bin', 'audio/mp4', 'audio/mp4'],
    ['QuickTime', ftyp('qt  ', 'qt  '), 'a.bin', 'video/quicktime', 'video/quicktime'],
    ['AVI', withPadding(ascii('RIFF\0\0\0\0AVI LIST')), 'a.bin', 'video/x-msvideo', 'video/x-msvideo'],
    ['WAV', withPadding(ascii('RIFF\0\0\0\0WAVEfmt ')), 'a.bin', 'audio/wav', 'audio/wav'],
    ['WebM', withPadding(bytes(0x1a, 0x45, 0xdf, 0xa3, 0x9f)), 'a.bin', 'video/webm', 'video/webm'],
    ['MP3 with ID3', withPadding(ascii('ID3\x03')), 'a.bin', 'audio/mpeg', 'audio/mpeg'],
    ['MP3 frame', withPadding(bytes(0xff, 0xfb, 0x90)), 'a.bin', 'audio/mpeg', 'audio/mpeg'],
    ['Ogg', withPadding(ascii('OggS\0')), 'a.bin', 'application/ogg', 'application/ogg'],
    ['PDF', ascii('%PDF-1.4'), 'a.bin', 'application/pdf', 'application/pdf'],
    ['OLE2 without an Office extension', OLE, 'a.bin', 'application/msword', 'application/msword'],
    ['OLE2 .doc', OLE, 'letter.DOC', 'application/msword', 'application/msword'],
    ['OLE2 .xls', OLE, 'sheet.xls', 'application/vnd.ms-excel', 'application/vnd.ms-excel'],
    ['OLE2 .ppt', OLE, 'slides.ppt', 'application/vnd.ms-powerpoint', 'application/vnd.ms-powerpoint'],
    ['DOCX', zipWith('word/document.xml'), 'a.bin', DOCX, DOCX],
    ['XLSX', zipWith('xl/workbook.xml'), 'a.bin', XLSX, XLSX],
    ['PPTX', zipWith('ppt/presentation.xml'), 'a.bin', PPTX, PPTX],
    ['ZIP', zipWith('readme.txt'), 'a.bin', 'application/zip', 'application/zip'],
    ['ZIP, bare signature', bytes(0x50, 0x4b, 0x03, 0x04), 'a.bin', 'application/zip', 'application/zip'],
    ['ZIP named .docx', zipWith('readme.txt'), 'a.docx', 'application/zip', 'application/zip'],
    ['gzip', withPadding(bytes(0x1f, 0x8b, 0x08)), 'a.bin', 'application/gzip', 'application/gzip'],
    ['content over a misleading extension', pngBytes(1, 1), 'photo.jpg', 'image/png', 'image/png'],
    ['text named .txt', ascii('plain text'), 'notes.txt', null, 'text/plain'],
    ['text named .csv', ascii('a,b'), 'data.CSV', null, 'text/csv'],
    ['text named .html', ascii('<html><svg/></html>'), 'page.html', null, 'text/html'],
    ['text named .json', ascii('{}'), 'data.json', null, 'application/json'],
    ['text named .xml', ascii('<?xml version="1.0"?><a/>'), 'data.xml', null, 'application/xml'],
    ['unknown bytes named .ogg', bytes(1, 2, 3), 'song.ogg', null, 'application/ogg'],
    ['unknown bytes named .ico', bytes(1, 2, 3), 'favicon.ico', null, 'image/vnd.microsoft.icon'],
    ['unknown bytes named .xlsx', bytes(1, 2, 3), 'sheet.xlsx', null, XLSX],
    ['unknown bytes', bytes(1, 2, 3), 'blob.bin', null, 'application/octet-stream'],
    ['unknown bytes, no extension', bytes(1, 2, 3), 'pdf', null, 'application/octet-stream'],
    ['empty', new Uint8Array(), '', null, 'application/octet-stream'],
    ['BMP too short for a header', ascii('BM'), 'a.bin', null, 'application/octet-stream'],
    ['GIF of an unknown version', withPadding(ascii('GIF8xa')), 'a.bin', null, 'application/octet-stream'],
  ])('%s', (_, head, fileName, sniffed, detected) => {
    expect(sniffMimeType(head, fileName)).toBe(sniffed);
    expect(detectMimeType(head, fileName)).toBe(detected);
    expect(sniffImageMimeType(head)).toBe(sniffed?.startsWith('image/') === true ? sniffed : null);
  });

  it('reads only the first MIME_SNIFF_BYTES bytes', () => {
    const late = (name: string): Uint8Array => concat(zipWith('a.txt'), new Uint8Array(MIME_SNIFF_BYTES), ascii(name));
    expect(sniffMimeType(late('word/document.xml'))).toBe('application/zip');
    const svgAfterComment = concat(ascii(`<!--${' '.repeat(MIME_SNIFF_BYTES)}-->`), ascii('<svg/>'));
    expect(sniffMimeType(svgAfterComment)).toBeNull();
  });
});

describe('isMimeType', () => {
  it.each([
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', true],
    ['image/svg+xml', true],
    ['pdf', false],
    ['text/plain; charset=utf-8', false],
  ])('%s → %s', (mimeType, valid) => {
    expect(isMimeType(mimeType)).toBe(valid);
  });
});
