/**
 * Small files of the types the documented uploads use, recognisable by their first bytes (tests only).
 */

/** A 1×1 PNG (70 bytes). */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A minimal PDF. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

/** An empty ZIP archive (end of central directory only, preceded by a local header signature). */
export const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04, ...new Array<number>(26).fill(0), 0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);

/** The start of an MP4 (`ftyp isom` box). */
export const MP4 = Buffer.concat([
  Buffer.from([0x00, 0x00, 0x00, 0x18]),
  Buffer.from('ftypisom', 'latin1'),
  Buffer.from([0x00, 0x00, 0x02, 0x00]),
  Buffer.from('isomiso2', 'latin1'),
  Buffer.alloc(64),
]);

/** Sample content by file name extension (`image1.png` → PNG). */
export function sampleFile(fileName: string): Buffer {
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  switch (extension) {
    case 'png':
      return PNG_1X1;
    case 'pdf':
      return PDF;
    case 'zip':
      return ZIP;
    case 'mp4':
      return MP4;
    default:
      return Buffer.from(`Sample content of ${fileName}\n`, 'utf8');
  }
}
