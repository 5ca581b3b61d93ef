import { Readable } from 'node:stream';
import { sniffMimeType, UNKNOWN_MIME_TYPE } from '@contentrepo/core';
import { describe, expect, it } from '@jest/globals';
import { MP4, PDF, PNG_1X1, ZIP } from '../testing/sample-files.js';
import { DEFAULT_UPLOAD_FALLBACK, DEFAULT_UPLOAD_MAPPINGS, mappingFor } from './mapping.js';
import { peek, safeFileName } from './received-file.js';

describe("upload mapping (Ibexa's uploadFiles)", () => {
  // The MIME types core's detection gives (its own test covers the detection); each must map as Ibexa's list says.
  it.each([
    [PNG_1X1, 'image'],
    [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]), 'image'],
    [Buffer.from('GIF89a....', 'latin1'), 'image'],
    [Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0]), 'image'],
    [Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>', 'utf8'), 'file'],
    [PDF, 'file'],
    [ZIP, 'file'],
    [MP4, 'file'],
    [Buffer.from('plain text', 'utf8'), 'file'],
  ])('maps upload %# to the %s content type', (bytes, contentType) => {
    const mimeType = sniffMimeType(bytes) ?? UNKNOWN_MIME_TYPE;
    expect(mappingFor(mimeType, DEFAULT_UPLOAD_MAPPINGS, DEFAULT_UPLOAD_FALLBACK).contentTypeIdentifier).toBe(contentType);
  });

  it('lists every image type core detects that Ibexa maps to images', () => {
    const images = DEFAULT_UPLOAD_MAPPINGS[0]?.mimeTypes ?? [];
    for (const mimeType of ['image/png', 'image/jpeg', 'image/gif', 'image/bmp', 'image/tiff', 'image/vnd.microsoft.icon', 'image/webp']) {
      expect(images).toContain(mimeType);
    }
  });
});

describe('received files', () => {
  it('peeks at the first bytes and replays them, streaming the rest', async () => {
    const chunks = [Buffer.alloc(3000, 1), Buffer.alloc(3000, 2), Buffer.alloc(3000, 3)];
    const { head, source } = await peek(Readable.from(chunks), 4100);
    expect(head.length).toBe(6000);
    const replayed: Uint8Array[] = [];
    for await (const chunk of source) replayed.push(chunk);
    expect(Buffer.concat(replayed).equals(Buffer.concat(chunks))).toBe(true);
  });

  it('keeps only the base name of a client file name', () => {
    expect(safeFileName('C:\\Users\\me\\photo.png')).toBe('photo.png');
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('')).toBe('upload');
  });
});
