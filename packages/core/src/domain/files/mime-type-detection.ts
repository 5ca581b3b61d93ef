/**
 * The one MIME type detection of contentrepo (ADR 0014): a file's type from its first bytes (magic numbers, as
 * Ibexa detects uploads from their contents with libmagic), else from its file name's extension. One table lists
 * every format with the one name detection gives it, its signature and its extensions, so the image check of
 * image fields, the labelling of binary files and the GraphQL `uploadFiles` mapping cannot disagree.
 */

/**
 * How many first bytes detection reads: enough for every signature below, an SVG prolog and the first entries of
 * an Office Open XML archive (the figure `file-type` uses). Bytes past it are ignored, so a longer head (storage
 * gives 64 KiB) gives the same answer.
 */
export const MIME_SNIFF_BYTES = 4100;

/** The type of a file nothing recognises: arbitrary binary data (RFC 2046, section 4.5.1). */
export const UNKNOWN_MIME_TYPE = 'application/octet-stream';

/** A file format: the name detection gives it, how its content starts, and its file name extensions. */
interface FileFormat {
  /** The one MIME type detection answers for the format. */
  readonly mimeType: string;
  /** Lower-case file name extensions without the dot; the first format listing one wins. */
  readonly extensions: readonly string[];
  /**
   * Whether a file start (at most {@link MIME_SNIFF_BYTES}) is of the format; absent for text formats, which are
   * known by their extension only. Formats that share one signature function (the OLE2 compound file of `.doc`,
   * `.xls` and `.ppt`) cannot be told apart by content: the extension chooses among them, else the first listed.
   */
  readonly signature?: (head: Uint8Array) => boolean;
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, Math.min(end, bytes.length)));
}

/** A RIFF container (`RIFF`, size, form type) of the given form type (`WEBP`, `AVI `, `WAVE`). */
const riff = (form: string) => (head: Uint8Array): boolean => ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === form;

/** The brands of an ISO base media file (`ftyp` box, ISO/IEC 14496-12): the major brand first, then the compatible ones. */
function isoBrands(head: Uint8Array): string[] {
  if (head.length < 12 || ascii(head, 4, 8) !== 'ftyp') return [];
  const boxSize = ((head[0] ?? 0) << 24) | ((head[1] ?? 0) << 16) | ((head[2] ?? 0) << 8) | (head[3] ?? 0);
  const end = Math.min(Math.max(boxSize, 16), head.length, 256);
  const brands = [ascii(head, 8, 12)];
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(head, offset, offset + 4));
  return brands;
}

const isoBrand = (test: (brand: string) => boolean, majorOnly: boolean) => (head: Uint8Array): boolean => {
  const brands = isoBrands(head);
  return (majorOnly ? brands.slice(0, 1) : brands).some(test);
};

/** Brands of HEIF images (ISO/IEC 23008-12): HEIC and the generic image brands. */
const HEIF_BRANDS: ReadonlySet<string> = new Set(['heic', 'heix', 'heim', 'heis', 'mif1', 'msf1']);

/** An OLE2 compound file (legacy Office documents). */
const isOleCompoundFile = (head: Uint8Array): boolean => startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** A ZIP archive (local file header). */
const isZip = (head: Uint8Array): boolean => startsWith(head, [0x50, 0x4b, 0x03, 0x04]);

/** A ZIP archive whose first entries name a folder of an Office Open XML package (`word/`, `xl/`, `ppt/`). */
const isOfficeOpenXml = (folder: string) => (head: Uint8Array): boolean => isZip(head) && ascii(head, 0, head.length).includes(folder);

/** Whether a text file starts as an SVG document (after a BOM, an XML declaration, comments and a doctype). */
function isSvg(head: Uint8Array): boolean {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head).replace(/^\uFEFF/, '');
  const body = text
    .replace(/^\s*<\?xml[\s\S]*?\?>/, '')
    .replace(/^(?:\s*<!--[\s\S]*?-->)*/, '')
    .replace(/^\s*<!DOCTYPE[^>]*>/i, '')
    .replace(/^(?:\s*<!--[\s\S]*?-->)*/, '');
  return /^\s*<svg[\s>/]/i.test(body);
}

/**
 * Every format detection knows, in the order signatures are tried. Names are the IANA registered ones where one is
 * registered (`image/vnd.microsoft.icon`, not `image/x-icon`; `application/ogg` for any Ogg file, RFC 5334).
 */
const FORMATS: readonly FileFormat[] = [
  { mimeType: 'image/png', extensions: ['png'], signature: (head) => startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { mimeType: 'image/jpeg', extensions: ['jpg', 'jpeg'], signature: (head) => startsWith(head, [0xff, 0xd8, 0xff]) },
  { mimeType: 'image/gif', extensions: ['gif'], signature: (head) => ['GIF87a', 'GIF89a'].includes(ascii(head, 0, 6)) },
  { mimeType: 'image/webp', extensions: ['webp'], signature: riff('WEBP') },
  { mimeType: 'image/bmp', extensions: ['bmp'], signature: (head) => ascii(head, 0, 2) === 'BM' && head.length >= 26 },
  {
    mimeType: 'image/tiff',
    extensions: ['tif', 'tiff'],
    signature: (head) => startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a]),
  },
  { mimeType: 'image/vnd.microsoft.icon', extensions: ['ico'], signature: (head) => startsWith(head, [0x00, 0x00, 0x01, 0x00]) && head.length >= 6 },
  { mimeType: 'image/avif', extensions: ['avif'], signature: isoBrand((brand) => brand === 'avif' || brand === 'avis', false) },
  { mimeType: 'image/heic', extensions: ['heic'], signature: isoBrand((brand) => HEIF_BRANDS.has(brand), false) },
  { mimeType: 'audio/mp4', extensions: ['m4a'], signature: isoBrand((brand) => brand.startsWith('M4A'), true) },
  { mimeType: 'video/quicktime', extensions: ['mov'], signature: isoBrand((brand) => brand === 'qt  ', true) },
  { mimeType: 'video/mp4', extensions: ['mp4'], signature: isoBrand(() => true, true) },
  { mimeType: 'video/x-msvideo', extensions: ['avi'], signature: riff('AVI ') },
  { mimeType: 'audio/wav', extensions: ['wav'], signature: riff('WAVE') },
  { mimeType: 'video/webm', extensions: ['webm'], signature: (head) => startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]) },
  { mimeType: 'audio/mpeg', extensions: ['mp3'], signature: (head) => ascii(head, 0, 3) === 'ID3' || startsWith(head, [0xff, 0xfb]) },
  { mimeType: 'application/ogg', extensions: ['ogg'], signature: (head) => ascii(head, 0, 4) === 'OggS' },
  { mimeType: 'application/pdf', extensions: ['pdf'], signature: (head) => ascii(head, 0, 5) === '%PDF-' },
  { mimeType: 'application/msword', extensions: ['doc'], signature: isOleCompoundFile },
  { mimeType: 'application/vnd.ms-excel', extensions: ['xls'], signature: isOleCompoundFile },
  { mimeType: 'application/vnd.ms-powerpoint', extensions: ['ppt'], signature: isOleCompoundFile },
  {
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
    signature: isOfficeOpenXml('word/'),
  },
  {
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extensions: ['xlsx'],
    signature: isOfficeOpenXml('xl/'),
  },
  {
    mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extensions: ['pptx'],
    signature: isOfficeOpenXml('ppt/'),
  },
  { mimeType: 'application/zip', extensions: ['zip'], signature: isZip },
  { mimeType: 'application/gzip', extensions: ['gz'], signature: (head) => startsWith(head, [0x1f, 0x8b]) },
  { mimeType: 'image/svg+xml', extensions: ['svg'], signature: isSvg },
  { mimeType: 'text/plain', extensions: ['txt'] },
  { mimeType: 'text/csv', extensions: ['csv'] },
  { mimeType: 'text/html', extensions: ['html'] },
  { mimeType: 'application/json', extensions: ['json'] },
  { mimeType: 'application/xml', extensions: ['xml'] },
];

/** The format a file name's extension names (after its last dot, case-insensitive), if any. */
function formatOfFileName(fileName: string): FileFormat | undefined {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return undefined;
  const extension = fileName.slice(dot + 1).toLowerCase();
  return FORMATS.find((format) => format.extensions.includes(extension));
}

/**
 * The MIME type of a file from its content: the first format whose signature its first bytes match, or null when
 * none does. `fileName` only tells apart formats that share a signature (`.xls` and `.ppt` OLE2 files; any other
 * OLE2 file is `application/msword`); it never overrides the content.
 * Recognises PNG, JPEG, GIF, WebP, BMP, TIFF, ICO, AVIF, HEIC, SVG, PDF, legacy Office (OLE2) and Office Open XML
 * documents, ZIP, gzip, MP4, M4A, QuickTime, AVI, WAV, WebM, MP3 and Ogg.
 * @param head the file's first bytes (only the first {@link MIME_SNIFF_BYTES} are read).
 */
export function sniffMimeType(head: Uint8Array, fileName = ''): string | null {
  const bytes = head.subarray(0, MIME_SNIFF_BYTES);
  const found = FORMATS.find((format) => format.signature?.(bytes) === true);
  if (found === undefined) return null;
  const named = formatOfFileName(fileName);
  return named !== undefined && named.signature === found.signature ? named.mimeType : found.mimeType;
}

/**
 * The image MIME type of a file from its content (an `image/*` answer of {@link sniffMimeType}), or null when it
 * is not a recognised image. Synchronous, so that field types can check image bytes while converting input.
 * @param head the file's first bytes.
 */
export function sniffImageMimeType(head: Uint8Array): string | null {
  const mimeType = sniffMimeType(head);
  return mimeType !== null && mimeType.startsWith('image/') ? mimeType : null;
}

/**
 * The MIME type of a file: from its content ({@link sniffMimeType}), else from its file name's extension, else
 * {@link UNKNOWN_MIME_TYPE}. This is how a stored file whose client declared no type is labelled.
 * @param head the file's first bytes.
 * @param fileName the client's file name (only its extension is read).
 */
export function detectMimeType(head: Uint8Array, fileName: string): string {
  return sniffMimeType(head, fileName) ?? formatOfFileName(fileName)?.mimeType ?? UNKNOWN_MIME_TYPE;
}

const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

/** Whether `mimeType` is a syntactically valid `type/subtype` (RFC 6838 names, no parameters). */
export function isMimeType(mimeType: string): boolean {
  return MIME_TYPE.test(mimeType);
}
