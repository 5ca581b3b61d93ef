import type { ImageProcessor } from '@contentrepo/core';

/** The output format sharp writes for each MIME type variations keep. */
const FORMATS: { readonly [mimeType: string]: 'jpeg' | 'png' | 'gif' | 'webp' | 'tiff' | 'avif' } = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/tiff': 'tiff',
  'image/avif': 'avif',
};

/** Largest image, in pixels, sharp decodes (its default: about 16384 × 16384). */
const MAX_INPUT_PIXELS = 268_402_689;

/**
 * The ImageProcessor of image variations, with sharp (libvips, whose binaries come in npm packages): decodes the
 * first frame of any format libvips reads, resizes to exactly the size core computed (Lanczos 3, the aspect ratio
 * already in the size) and encodes as JPEG, PNG, GIF, WebP, TIFF or AVIF with sharp's defaults. Metadata (EXIF,
 * ICC) is not copied; orientation is not applied (as Ibexa's default filters). Undecodable input answers
 * `{ unreadable }` with libvips' message. sharp (and libvips) is loaded on the first resize, not at start.
 */
export function createSharpImageProcessor(): ImageProcessor {
  let loaded: Promise<typeof import('sharp')> | null = null;
  return {
    writableMimeTypes: Object.keys(FORMATS),
    async resize(source, size, mimeType) {
      const format = FORMATS[mimeType];
      if (format === undefined) throw new Error(`Cannot write images of type ${mimeType}`);
      loaded ??= import('sharp');
      const { default: sharp } = await loaded;
      try {
        const bytes = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
          .resize(size.width, size.height, { fit: 'fill' })
          .toFormat(format)
          .toBuffer();
        return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
      } catch (error) {
        return { unreadable: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
