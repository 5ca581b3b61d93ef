import { describe, expect, it } from '@jest/globals';
import { FieldValueError } from '../field-type.js';
import { buildFieldDefinition } from '../testing/field-definition.js';
import { describeFieldTypeContract } from '../testing/field-type-contract.js';
import { base64, pngBytes, recordingPrepareContext } from '../testing/files.js';
import { imageFieldType, type ImageValue } from './index.js';

const png = pngBytes(3, 2);
const storedImage: ImageValue = {
  id: 'images/8/2/5/a.png',
  uri: '/var/site/storage/images/8/2/5/a.png',
  fileName: 'a.png',
  fileSize: 4718,
  mimeType: 'image/png',
  width: 1,
  height: 1,
  alternativeText: 'An A',
  additionalData: {},
  pending: null,
};
const newImage: ImageValue = {
  id: null,
  uri: null,
  fileName: 'dot.png',
  fileSize: png.length,
  mimeType: 'image/png',
  width: 3,
  height: 2,
  alternativeText: 'A dot',
  additionalData: {},
  pending: { source: png, fileName: 'dot.png', mimeType: 'image/png' },
};

describeFieldTypeContract(imageFieldType, {
  inputs: [
    { input: { fileName: 'dot.png', data: base64(png), alternativeText: 'A dot' }, expected: newImage },
    { input: { fileName: 'dot.png', data: base64(png), alternativeText: 'A dot', fileSize: png.length, inputUri: null }, expected: newImage },
    // A declared fileSize is informational: the value has the size of the decoded data (Ibexa 4.6 behaviour).
    { input: { fileName: 'dot.png', data: base64(png), alternativeText: 'A dot', fileSize: png.length + 1 }, expected: newImage },
    {
      input: {
        id: storedImage.id, alternativeText: 'New text', fileName: 'a.png', fileSize: 4718, imageId: '61-528-1',
        uri: storedImage.uri, inputUri: null, width: '1', height: '1', additionalData: [], mime: 'image/png', path: '/',
        variations: { large: { href: '/api/ibexa/v2/content/binary/images/61-528-1/variations/large' } },
      },
      expected: { ...storedImage, alternativeText: 'New text' },
    },
  ],
  storedValues: [storedImage, { ...storedImage, alternativeText: null, width: null, height: null, additionalData: { focalPointX: 10 } }],
  invalidInputs: [
    { input: { fileName: 'dot.png', data: `${base64(png)}!` }, target: 'data' },
    { input: { fileName: 'dot.png', data: 'iVBORw0KGgo=A' }, target: 'data' },
    { input: { fileName: 'dot.png', data: 'iVBORw0KGg' }, target: 'data' },
    { input: { fileName: 'dot.png', data: base64(png), fileSize: 'large' }, target: 'fileSize' },
    { input: { fileName: 'notes.txt', data: base64(new TextEncoder().encode('just text')) }, target: 'mimeType' },
    { input: { fileName: 'dot.png', inputUri: '/tmp/dot.png' }, target: 'inputUri' },
    { input: { data: base64(png) }, target: 'fileName' },
    { input: { fileName: '../etc/dot.png', data: base64(png) }, target: 'fileName' },
    { input: { fileName: 'a.png', alternativeText: 'x' }, target: 'data' },
    { input: { id: 5, fileName: 'a.png' }, target: 'id' },
    { input: { id: 'images/a.png', fileName: 'a.png', colour: 'red' }, target: 'colour' },
    { input: 'images/a.png' },
  ],
  invalidStorage: [{ fileName: 'a.png' }, 'images/a.png'],
  validValues: [
    { name: 'an image under the size limit', value: storedImage, validatorConfiguration: { FileSizeValidator: { maxFileSize: 1 } } },
    { name: 'any size with maxFileSize 0', value: { ...storedImage, fileSize: 50e6 }, validatorConfiguration: { FileSizeValidator: { maxFileSize: 0 } } },
    { name: 'an allowed MIME type', value: storedImage, fieldSettings: { mimeTypes: ['image/png', 'image/jpeg'] } },
  ],
  validationFailures: [
    {
      name: 'an image over maxFileSize (megabytes)',
      value: { ...storedImage, fileSize: 2 * 1024 * 1024 + 1 },
      validatorConfiguration: { FileSizeValidator: { maxFileSize: 2 } },
      errors: [{ target: 'size', message: 'The file size cannot exceed 2 megabytes.' }],
    },
    {
      name: 'a missing required alternative text',
      value: { ...storedImage, alternativeText: '  ' },
      validatorConfiguration: { AlternativeTextValidator: { required: true } },
      errors: [{ target: 'alternativeText', message: 'Alternative text is required.' }],
    },
    {
      name: 'a MIME type outside mimeTypes',
      value: storedImage,
      fieldSettings: { mimeTypes: ['image/jpeg'] },
      errors: [{ target: 'mimeType', message: 'The MIME type of the file is invalid (image/png). Allowed MIME types are image/jpeg.' }],
    },
  ],
  invalidFieldSettings: [{ settings: { mimeTypes: 'image/png' }, messages: ["Setting 'mimeTypes' value must be of array type"] }],
  invalidValidatorConfigurations: [
    {
      configuration: { FileSizeValidator: { maxFileSize: '2MB' }, AlternativeTextValidator: { required: 'yes' } },
      messages: [
        "Validator parameter 'maxFileSize' value must be of numeric type",
        "Validator parameter 'required' value must be of boolean type",
      ],
    },
  ],
});

describe('ezimage upload decoding', () => {
  it('takes the size of the decoded data, whatever fileSize the input declares (Ibexa 4.6 behaviour)', () => {
    expect(imageFieldType.fromHash({ fileName: 'dot.png', data: base64(png), fileSize: 10 }).fileSize).toBe(png.length);
  });

  it('still refuses a declared fileSize that is no byte count', () => {
    expect(() => imageFieldType.fromHash({ fileName: 'dot.png', data: base64(png), fileSize: -1 })).toThrow(FieldValueError);
  });

  it('accepts base64 wrapped over several lines', () => {
    const wrapped = base64(png).replace(/(.{20})/g, '$1\r\n');
    expect(imageFieldType.fromHash({ fileName: 'dot.png', data: wrapped }).fileSize).toBe(png.length);
  });

  it('sniffs the type from the bytes, not from the name or a declared mime', () => {
    const gif = new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;');
    const value = imageFieldType.fromHash({ fileName: 'photo.png', data: base64(gif) });
    expect(value.mimeType).toBe('image/gif');
    expect(value.pending?.mimeType).toBe('image/gif');
  });

  it('reads SVG uploads as images', () => {
    const svg = new TextEncoder().encode('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="4" height="5"/>');
    const value = imageFieldType.fromHash({ fileName: 'icon.svg', data: base64(svg) });
    expect([value.mimeType, value.width, value.height]).toEqual(['image/svg+xml', 4, 5]);
  });
});

describe('ezimage output', () => {
  it('gives the core part of the REST hash', () => {
    expect(imageFieldType.toHash(storedImage)).toEqual({
      id: 'images/8/2/5/a.png',
      alternativeText: 'An A',
      fileName: 'a.png',
      fileSize: 4718,
      imageId: null,
      uri: '/var/site/storage/images/8/2/5/a.png',
      inputUri: null,
      width: 1,
      height: 1,
      additionalData: [],
      mime: 'image/png',
    });
    expect(imageFieldType.toHash(imageFieldType.emptyValue())).toBeNull();
  });

  it('names the image by its alternative text, else its file name', () => {
    const definition = buildFieldDefinition(imageFieldType);
    expect(imageFieldType.getName(storedImage, definition, 'eng-GB')).toBe('An A');
    expect(imageFieldType.getName({ ...storedImage, alternativeText: null }, definition, 'eng-GB')).toBe('a.png');
  });

  it('lists the stored file for deletion', () => {
    expect(imageFieldType.storageKeys?.(storedImage)).toEqual(['images/8/2/5/a.png']);
    expect(imageFieldType.storageKeys?.(imageFieldType.emptyValue())).toEqual([]);
  });

  it('refuses to serialise an unstored upload for storage', () => {
    expect(() => imageFieldType.toStorage(newImage)).toThrow(/prepareForStorage/);
  });
});

describe('ezimage prepareForStorage', () => {
  it('stores a pending upload under images and fills in the stored file', async () => {
    const { context, stored } = recordingPrepareContext();
    const prepared = await imageFieldType.prepareForStorage?.(newImage, context);
    expect(stored).toEqual([{ file: newImage.pending, kind: 'images' }]);
    expect(prepared).toEqual({
      ...newImage,
      id: 'images/1/dot.png',
      uri: '/var/site/storage/images/1/dot.png',
      fileSize: png.length,
      mimeType: 'image/png',
      width: 3,
      height: 2,
      pending: null,
    });
  });

  it('reads dimensions of a streamed upload from the stored head', async () => {
    const { context } = recordingPrepareContext();
    const big = pngBytes(640, 480);
    async function* chunks(): AsyncGenerator<Uint8Array> {
      yield big.subarray(0, 10);
      yield big.subarray(10);
    }
    const value = imageFieldType.fromHash({ ...newImage, fileSize: null, width: null, height: null, pending: { source: chunks(), fileName: 'big.png' } });
    const prepared = await imageFieldType.prepareForStorage?.(value, context);
    expect([prepared?.width, prepared?.height, prepared?.fileSize]).toEqual([640, 480, big.length]);
  });

  it('rejects a streamed upload that turns out not to be an image', async () => {
    const { context } = recordingPrepareContext();
    async function* chunks(): AsyncGenerator<Uint8Array> {
      yield new TextEncoder().encode('%PDF-1.7');
    }
    const value = imageFieldType.fromHash({ ...newImage, pending: { source: chunks(), fileName: 'doc.pdf' } });
    await expect(imageFieldType.prepareForStorage?.(value, context)).rejects.toMatchObject({ name: 'FieldValueError', target: 'mimeType' });
  });

  it('leaves a kept image alone', async () => {
    const { context, stored } = recordingPrepareContext();
    await expect(imageFieldType.prepareForStorage?.(storedImage, context)).resolves.toBe(storedImage);
    expect(stored).toEqual([]);
  });
});
