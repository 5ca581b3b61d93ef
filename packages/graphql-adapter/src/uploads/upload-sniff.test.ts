import { Readable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { MP4, PDF, PNG_1X1, ZIP } from '../testing/sample-files.js';
import { DEFAULT_UPLOAD_FALLBACK, DEFAULT_UPLOAD_MAPPINGS, mappingFor } from './mapping.js';
import { peek, safeFileName } from './received-file.js';
import { sniffMimeType } from './upload-sniff.js';

describe("upload MIME detection and mapping (Ibexa's uploadFiles)", () => {
  it.each([
    [PNG_1X1, 'image/png', 'image'],
    [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]), 'image/jpeg', 'image'],
    [Buffer.from('GIF89a....', 'latin1'), 'image/gif', 'image'],
    [Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>', 'utf8'), 'image/svg+xml', 'file'],
    [PDF, 'application/pdf', 'file'],
    [ZIP, 'application/zip', 'file'],
    [MP4, 'video/mp4', 'file'],
    [Buffer.from('plain text', 'utf8'), 'application/octet-stream', 'file'],
  ])('sniffs %#: %s → %s', (bytes, mimeType, contentType) => {
    expect(sniffMimeType(bytes)).toBe(mimeType);
    expect(mappingFor(mimeType, DEFAULT_UPLOAD_MAPPINGS, DEFAULT_UPLOAD_FALLBACK).contentTypeIdentifier).toBe(contentType);
  });

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
