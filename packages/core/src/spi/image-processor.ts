/** Pixel dimensions of an image. */
export interface PixelSize {
  readonly width: number;
  readonly height: number;
}

/** Why an image could not be processed: its bytes are no image the processor can decode. */
export interface UnreadableImage {
  /** A short human-readable reason (the decoder's message). */
  readonly unreadable: string;
}

/**
 * Resamples images: the port behind image variations, implemented at the edge with an image library (the server
 * uses libvips). Core decides the geometry (which size each variation has, Ibexa's filter rules); the processor
 * only decodes, resizes to exactly that size and encodes.
 */
export interface ImageProcessor {
  /** MIME types the processor can write (a variation keeps its source's type when listed, else becomes PNG). */
  readonly writableMimeTypes: readonly string[];
  /**
   * `source` (an encoded image) resized to exactly `size` and encoded as `mimeType` (one of `writableMimeTypes`).
   * Answers `{ unreadable }` when `source` cannot be decoded; rejects only on infrastructure failures.
   */
  resize(source: Uint8Array, size: PixelSize, mimeType: string): Promise<{ readonly bytes: Uint8Array } | UnreadableImage>;
}
