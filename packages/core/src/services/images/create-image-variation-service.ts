import type { ImageVariation, ImageVariationService, StoredImageFile } from '../../api/services/image-variation-service.js';
import { sniffImageMimeType } from '../../domain/files/mime-type-detection.js';
import {
  applyImageFilters,
  DEFAULT_IMAGE_VARIATION_DEFINITIONS,
  type ImageVariationDefinitions,
} from '../../domain/images/image-variation-definitions.js';
import { InvalidArgumentError, NotFoundError } from '../../errors/repository-error.js';
import { imageDimensions } from '../../field-types/ezimage/index.js';
import type { BinaryStorage } from '../../spi/binary-storage.js';
import type { ImageProcessor } from '../../spi/image-processor.js';

/** What {@link createImageVariationService} works with. */
export interface ImageVariationOptions {
  readonly storage: BinaryStorage;
  /** Without a processor, every variation is the original image (no resizing). */
  readonly processor?: ImageProcessor;
  /** Default: Ibexa's built-in variations ({@link DEFAULT_IMAGE_VARIATION_DEFINITIONS}). */
  readonly definitions?: ImageVariationDefinitions;
}

/** Largest original (bytes) variations are made of; larger files answer InvalidArgumentError. */
const MAX_SOURCE_BYTES = 64 * 1024 * 1024;

/** Formats that are never resampled: a vector image scales in the client, so its variations are the image itself. */
const VECTOR_TYPES = new Set(['image/svg+xml']);

/** A variation with its bytes (what a variation referencing it is made from). */
interface Produced extends ImageVariation {
  readonly bytes: Uint8Array;
}

/**
 * The storage key of variation `name` of the original stored at `imageId`: `images/_aliases/<name>/<rest of the
 * key>` (Ibexa's `_aliases` folder), plus `.png` when the variation is a PNG made from an image of another type.
 */
export function imageVariationKey(imageId: string, name: string, convertedToPng: boolean): string {
  const rest = imageId.startsWith('images/') ? imageId.slice('images/'.length) : imageId;
  return `images/_aliases/${name}/${rest}${convertedToPng ? '.png' : ''}`;
}

async function readAll(stream: AsyncIterable<Uint8Array>, size: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for await (const chunk of stream) {
    if (offset + chunk.length > size) throw new Error('The stored file grew while it was read');
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return offset === size ? bytes : bytes.slice(0, offset);
}

/**
 * Image variations generated with `processor` and stored in `storage` (see {@link ImageVariationService}). The
 * geometry is Ibexa's (see `applyImageFilter`); a variation keeps its original's type when the processor writes it,
 * else it is a PNG. First requests of one variation on this node share one generation; nodes generating it at
 * once write identical bytes under the same key (BinaryStorage replaces a file atomically).
 */
export function createImageVariationService(options: ImageVariationOptions): ImageVariationService {
  const { storage, processor } = options;
  const definitions = options.definitions ?? DEFAULT_IMAGE_VARIATION_DEFINITIONS;
  const pending = new Map<string, Promise<Produced>>();

  const unreadable = (image: StoredImageFile, reason: string): InvalidArgumentError =>
    new InvalidArgumentError('imageId', `the stored file of image '${image.id}' cannot be read as an image (${reason})`);

  async function readFile(key: string): Promise<Uint8Array | null> {
    const file = await storage.get(key);
    if (file === null) return null;
    return readAll(file.stream, file.size);
  }

  async function original(image: StoredImageFile): Promise<Produced> {
    const file = await storage.get(image.id);
    if (file === null) throw new NotFoundError('Image file', image.id);
    if (file.size > MAX_SOURCE_BYTES) {
      await file.stream[Symbol.asyncIterator]().return?.();
      throw unreadable(image, `larger than ${MAX_SOURCE_BYTES / 1024 / 1024} MiB`);
    }
    const bytes = await readAll(file.stream, file.size);
    const mimeType = sniffImageMimeType(bytes) ?? image.mimeType;
    if (mimeType === null) throw unreadable(image, 'not an image');
    const { width, height } = VECTOR_TYPES.has(mimeType) ? { width: image.width, height: image.height } : imageDimensions(bytes);
    return { name: 'original', uri: storage.uri(image.id), width, height, fileSize: bytes.length, mimeType, bytes };
  }

  function describe(name: string, key: string, bytes: Uint8Array, mimeType: string): Produced {
    const { width, height } = imageDimensions(bytes);
    return { name, uri: storage.uri(key), width, height, fileSize: bytes.length, mimeType, bytes };
  }

  async function generate(image: StoredImageFile, name: string, key: string, mimeType: string, activeProcessor: ImageProcessor): Promise<Produced> {
    const stored = await readFile(key);
    if (stored !== null) return describe(name, key, stored, mimeType);
    const definition = definitions[name];
    if (definition === undefined) throw new NotFoundError('ImageVariation', name);
    const source = definition.reference === null ? await original(image) : await produce(image, definition.reference);
    if (source.width === null || source.height === null) throw unreadable(image, 'its dimensions cannot be read');
    const target = applyImageFilters({ width: source.width, height: source.height }, definition.filters);
    let bytes = source.bytes;
    if (target.width !== source.width || target.height !== source.height || source.mimeType !== mimeType) {
      const resized = await activeProcessor.resize(source.bytes, target, mimeType);
      if ('unreadable' in resized) throw unreadable(image, resized.unreadable);
      bytes = resized.bytes;
    }
    await storage.put(key, bytes);
    return { name, uri: storage.uri(key), width: target.width, height: target.height, fileSize: bytes.length, mimeType, bytes };
  }

  async function produce(image: StoredImageFile, name: string): Promise<Produced> {
    if (name === 'original') return original(image);
    if (!(name in definitions)) throw new NotFoundError('ImageVariation', name);
    const sourceType = image.mimeType ?? 'application/octet-stream';
    if (processor === undefined || VECTOR_TYPES.has(sourceType)) return { ...(await original(image)), name };
    const mimeType = processor.writableMimeTypes.includes(sourceType) ? sourceType : 'image/png';
    const key = imageVariationKey(image.id, name, mimeType !== sourceType);
    let work = pending.get(key);
    if (work === undefined) {
      work = generate(image, name, key, mimeType, processor).finally(() => pending.delete(key));
      pending.set(key, work);
    }
    return work;
  }

  return {
    variationNames: Object.keys(definitions).sort(),
    async loadVariation(image, name) {
      const { bytes: _bytes, ...variation } = await produce(image, name);
      return variation;
    },
    async deleteVariations(images) {
      const keys = images.flatMap((image) =>
        Object.keys(definitions).flatMap((name) => [imageVariationKey(image.id, name, false), imageVariationKey(image.id, name, true)]),
      );
      await Promise.all(keys.map((key) => storage.delete(key)));
    },
  };
}
