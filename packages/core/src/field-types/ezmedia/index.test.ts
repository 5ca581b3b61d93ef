import { describe, expect, it } from '@jest/globals';
import { describeFieldTypeContract } from '../testing/field-type-contract.js';
import { base64, recordingPrepareContext } from '../testing/files.js';
import { mediaFieldType, type MediaValue } from './index.js';

const mp4 = new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32, 0, 0, 0, 0, 0x69, 0x73, 0x6f, 0x6d, 0x6d, 0x70, 0x34, 0x32]);
const storedVideo: MediaValue = {
  id: 'files/1/intro.mp4',
  uri: '/var/site/storage/original/video/intro.mp4',
  fileName: 'intro.mp4',
  fileSize: 2048,
  mimeType: 'video/mp4',
  pending: null,
  hasController: true,
  autoplay: false,
  loop: true,
  width: 640,
  height: 360,
};
const newVideo: MediaValue = {
  id: null,
  uri: null,
  fileName: 'intro.mp4',
  fileSize: mp4.length,
  mimeType: 'video/mp4',
  pending: { source: mp4, fileName: 'intro.mp4', mimeType: 'video/mp4' },
  hasController: true,
  autoplay: true,
  loop: false,
  width: 320,
  height: 0,
};

describeFieldTypeContract(mediaFieldType, {
  inputs: [
    {
      input: { fileName: 'intro.mp4', data: base64(mp4), mimeType: 'video/mp4', hasController: true, autoplay: 'true', width: '320' },
      expected: newVideo,
    },
    {
      input: {
        id: storedVideo.id, path: null, inputUri: null, fileName: 'intro.mp4', fileSize: 2048, mimeType: 'video/mp4',
        uri: storedVideo.uri, hasController: true, autoplay: false, loop: true, width: 640, height: 360,
      },
      expected: storedVideo,
    },
  ],
  storedValues: [storedVideo],
  invalidInputs: [
    { input: { fileName: 'intro.mp4', data: 'not base64!' }, target: 'data' },
    { input: { fileName: 'intro.mp4', data: base64(mp4), autoplay: 'sometimes' }, target: 'autoplay' },
    { input: { fileName: 'intro.mp4', data: base64(mp4), width: -1 }, target: 'width' },
    { input: { fileName: 'intro.mp4', data: base64(mp4), height: 1.5 }, target: 'height' },
    { input: { fileName: 'intro.mp4', data: base64(mp4), mimeType: 'mp4' }, target: 'mimeType' },
    { input: { fileName: 'intro.mp4', inputUri: '/etc/passwd' }, target: 'inputUri' },
    { input: { fileName: 'intro.mp4', data: base64(mp4), volume: 3 }, target: 'volume' },
    { input: 42 },
  ],
  invalidStorage: [{ fileName: 'intro.mp4' }, []],
  validValues: [{ name: 'a file under the limit', value: storedVideo, validatorConfiguration: { FileSizeValidator: { maxFileSize: 1 } } }],
  validationFailures: [
    {
      name: 'a file over maxFileSize (megabytes)',
      value: { ...storedVideo, fileSize: 2 * 1024 * 1024 + 1 },
      validatorConfiguration: { FileSizeValidator: { maxFileSize: 2 } },
      errors: [{ target: 'size', message: 'The file size cannot exceed 2 megabytes.' }],
    },
  ],
  invalidFieldSettings: [
    { settings: { mediaType: 'TYPE_BETAMAX' }, messages: ["Setting 'mediaType' is of unknown type"] },
    { settings: { autoplay: true }, messages: ["Setting 'autoplay' is unknown"] },
  ],
});

describe('ezmedia specifics', () => {
  it("outputs Ibexa's hash: the binary base with the player settings", () => {
    expect(mediaFieldType.toHash(storedVideo)).toEqual({
      id: 'files/1/intro.mp4',
      path: null,
      inputUri: null,
      fileName: 'intro.mp4',
      fileSize: 2048,
      mimeType: 'video/mp4',
      uri: '/var/site/storage/original/video/intro.mp4',
      hasController: true,
      autoplay: false,
      loop: true,
      width: 640,
      height: 360,
    });
    expect(mediaFieldType.toHash(mediaFieldType.emptyValue())).toBeNull();
  });

  it('takes the player settings of a resent file from the input, the file metadata from storage', () => {
    const resent = mediaFieldType.fromHash({ id: storedVideo.id, fileName: 'intro.mp4', fileSize: 1, autoplay: true, loop: false });
    expect(mediaFieldType.reconcileInput?.(resent, storedVideo)).toEqual({
      ...storedVideo,
      fileSize: 2048,
      hasController: false,
      autoplay: true,
      loop: false,
      width: 0,
      height: 0,
    });
  });

  it('stores a pending upload under files, keeping the player settings', async () => {
    const { context, stored } = recordingPrepareContext();
    const prepared = await mediaFieldType.prepareForStorage?.(newVideo, context);
    expect(stored.map((entry) => entry.kind)).toEqual(['files']);
    expect(prepared).toMatchObject({ id: 'files/1/intro.mp4', pending: null, autoplay: true, width: 320 });
    expect(mediaFieldType.storageKeys?.(storedVideo)).toEqual(['files/1/intro.mp4']);
  });

  it('accepts the REST names and the Ibexa constants of mediaType', () => {
    expect(mediaFieldType.validateFieldSettings({ mediaType: 'TYPE_HTML5_AUDIO' })).toEqual([]);
    expect(mediaFieldType.validateFieldSettings({ mediaType: 'html5_audio' })).toEqual([]);
    expect(mediaFieldType.defaultFieldSettings()).toEqual({ mediaType: 'TYPE_HTML5_VIDEO' });
  });
});
