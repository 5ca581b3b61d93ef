import { describe, expect, it } from '@jest/globals';
import { InvalidArgumentError, NotFoundError } from '../../errors/repository-error.js';
import { pngBytes } from '../../field-types/testing/files.js';
import type { ImageProcessor, PixelSize } from '../../spi/image-processor.js';
import { createInMemoryBinaryStorage } from '../../testing/in-memory/index.js';
import { createImageVariationService } from './create-image-variation-service.js';

/** A processor that "resizes" by writing a PNG header of the requested size, counting its calls. */
function fakeProcessor(): ImageProcessor & { readonly calls: PixelSize[] } {
  const calls: PixelSize[] = [];
  return {
    calls,
    writableMimeTypes: ['image/png', 'image/jpeg'],
    async resize(source, size) {
      calls.push(size);
      if (source.length < 24) return { unreadable: 'truncated' };
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { bytes: pngBytes(size.width, size.height) };
    },
  };
}

async function setUp() {
  const storage = createInMemoryBinaryStorage();
  const processor = fakeProcessor();
  const service = createImageVariationService({ storage, processor });
  const bytes = pngBytes(800, 600);
  await storage.put('images/ab/cd/abcd/photo.png', bytes);
  const image = { id: 'images/ab/cd/abcd/photo.png', mimeType: 'image/png', width: 800, height: 600, fileSize: bytes.length };
  return { storage, processor, service, image };
}

describe('ImageVariationService', () => {
  it('makes small from reference, stores both under _aliases and answers their dimensions', async () => {
    const { storage, processor, service, image } = await setUp();
    const small = await service.loadVariation(image, 'small');
    expect(small).toEqual({ name: 'small', uri: '/var/site/storage/images/_aliases/small/ab/cd/abcd/photo.png', width: 100, height: 75, fileSize: pngBytes(100, 75).length, mimeType: 'image/png' });
    expect(processor.calls).toEqual([{ width: 600, height: 450 }, { width: 100, height: 75 }]);
    expect([...storage.files.keys()].sort()).toEqual(['images/_aliases/reference/ab/cd/abcd/photo.png', 'images/_aliases/small/ab/cd/abcd/photo.png', 'images/ab/cd/abcd/photo.png']);
  });

  it('generates once: concurrent and later requests reuse the stored file', async () => {
    const { processor, service, image } = await setUp();
    const answers = await Promise.all([1, 2, 3].map(() => service.loadVariation(image, 'tiny')));
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    await service.loadVariation(image, 'tiny');
    expect(processor.calls).toEqual([{ width: 600, height: 450 }, { width: 30, height: 23 }]);
  });

  it('answers NotFoundError for an unknown variation or a missing original, InvalidArgumentError for an undecodable one', async () => {
    const { storage, service, image } = await setUp();
    await expect(service.loadVariation(image, 'huge')).rejects.toThrow(NotFoundError);
    await expect(service.loadVariation({ ...image, id: 'images/00/00/0000/gone.png' }, 'small')).rejects.toThrow(NotFoundError);
    await storage.put('images/ef/ef/efef/text.png', new TextEncoder().encode('not an image at all'));
    await expect(service.loadVariation({ ...image, id: 'images/ef/ef/efef/text.png' }, 'small')).rejects.toThrow(InvalidArgumentError);
  });

  it('answers the original for `original`, and for every variation without a processor', async () => {
    const storage = createInMemoryBinaryStorage();
    const bytes = pngBytes(800, 600);
    await storage.put('images/ab/cd/abcd/photo.png', bytes);
    const image = { id: 'images/ab/cd/abcd/photo.png', mimeType: 'image/png', width: 800, height: 600, fileSize: bytes.length };
    const service = createImageVariationService({ storage });
    expect(await service.loadVariation(image, 'small')).toMatchObject({ name: 'small', uri: '/var/site/storage/images/ab/cd/abcd/photo.png', width: 800, height: 600 });
    expect(await service.loadVariation(image, 'original')).toMatchObject({ name: 'original', width: 800, height: 600, fileSize: bytes.length });
  });

  it('deletes every stored variation of an image, keeping the original', async () => {
    const { storage, service, image } = await setUp();
    await service.loadVariation(image, 'large');
    await service.deleteVariations([image]);
    expect([...storage.files.keys()]).toEqual(['images/ab/cd/abcd/photo.png']);
  });
});
