import { describe, expect, it } from '@jest/globals';
import { pngBytes } from '../testing/files.js';
import { isMimeType, sniffImageMimeType, sniffMimeType } from './sniff.js';

const bytes = (...values: number[]): Uint8Array => new Uint8Array(values);
const ascii = (text: string): Uint8Array => new TextEncoder().encode(text);
const withPadding = (head: Uint8Array, size = 32): Uint8Array => {
  const out = new Uint8Array(Math.max(size, head.length));
  out.set(head);
  return out;
};

describe('sniffImageMimeType', () => {
  it.each([
    ['PNG', pngBytes(1, 1), 'image/png'],
    ['JPEG', withPadding(bytes(0xff, 0xd8, 0xff, 0xe0)), 'image/jpeg'],
    ['GIF', ascii('GIF87a......'), 'image/gif'],
    ['WebP', withPadding(ascii('RIFF\0\0\0\0WEBPVP8 ')), 'image/webp'],
    ['BMP', withPadding(ascii('BM')), 'image/bmp'],
    ['TIFF little-endian', withPadding(bytes(0x49, 0x49, 0x2a, 0x00)), 'image/tiff'],
    ['TIFF big-endian', withPadding(bytes(0x4d, 0x4d, 0x00, 0x2a)), 'image/tiff'],
    ['AVIF', withPadding(bytes(0, 0, 0, 0x1c, ...ascii('ftypavif'), 0, 0, 0, 0, ...ascii('avifmif1miaf'))), 'image/avif'],
    ['HEIC', withPadding(bytes(0, 0, 0, 0x18, ...ascii('ftypheic'), 0, 0, 0, 0, ...ascii('mif1heic'))), 'image/heic'],
    ['SVG', ascii('\uFEFF<?xml version="1.0"?><!-- x --><!DOCTYPE svg><svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'],
  ])('recognises %s', (_, head, mimeType) => {
    expect(sniffImageMimeType(head)).toBe(mimeType);
  });

  it.each([
    ['text', ascii('hello world')],
    ['PDF', ascii('%PDF-1.7')],
    ['HTML', ascii('<html><svg/></html>')],
    ['empty', new Uint8Array()],
    ['MP4', withPadding(bytes(0, 0, 0, 0x18, ...ascii('ftypisom')))],
  ])('does not take %s for an image', (_, head) => {
    expect(sniffImageMimeType(head)).toBeNull();
  });
});

describe('sniffMimeType', () => {
  it('recognises common document types and gives null for unknown bytes', () => {
    expect(sniffMimeType(ascii('%PDF-1.4'))).toBe('application/pdf');
    expect(sniffMimeType(bytes(0x50, 0x4b, 0x03, 0x04))).toBe('application/zip');
    expect(sniffMimeType(bytes(1, 2, 3))).toBeNull();
  });
});

describe('isMimeType', () => {
  it('accepts type/subtype and rejects the rest', () => {
    expect(isMimeType('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(true);
    expect(isMimeType('image/svg+xml')).toBe(true);
    expect(isMimeType('pdf')).toBe(false);
    expect(isMimeType('text/plain; charset=utf-8')).toBe(false);
  });
});
