/**
 * The stored file of an image field, as the variation service needs it: the fields of an Image value (its REST
 * hash carries them as `id`, `uri`, `mime`, `width`, `height`, `fileSize`).
 */
export interface StoredImageFile {
  /** BinaryStorage key of the original image. */
  readonly id: string;
  readonly mimeType: string | null;
  readonly width: number | null;
  readonly height: number | null;
  /** Size in bytes. */
  readonly fileSize: number | null;
}

/** One variation (image alias) of an image: a stored file (Ibexa `ImageVariation`). */
export interface ImageVariation {
  /** Variation name, e.g. `medium` (`original` for the image itself). */
  readonly name: string;
  /** Host-relative URI the server serves the file at. */
  readonly uri: string;
  /** Pixel dimensions; null when unknown (a vector image without dimensions). */
  readonly width: number | null;
  readonly height: number | null;
  /** Size in bytes. */
  readonly fileSize: number;
  readonly mimeType: string;
}

/**
 * Image variations (Ibexa's `VariationHandler`): each configured variation of an image is generated on its first
 * request from the original (or from its `reference` variation), stored through BinaryStorage and served from there
 * afterwards. Callers pass the image of a field they have loaded (read permission is checked by loading it).
 */
export interface ImageVariationService {
  /** Configured variation names, sorted (Ibexa's defaults: large, medium, reference, small, tiny). */
  readonly variationNames: readonly string[];
  /**
   * The variation `name` of `image` (`original`: the image itself), generated and stored when requested first;
   * concurrent first requests generate it once per node and store identical bytes under one key.
   * @throws NotFoundError unknown variation name, or the original file is missing.
   * @throws InvalidArgumentError the stored file cannot be decoded as an image.
   */
  loadVariation(image: StoredImageFile, name: string): Promise<ImageVariation>;
  /** Deletes every stored variation of `images` (the originals stay); absent variations are ignored. */
  deleteVariations(images: readonly StoredImageFile[]): Promise<void>;
}
