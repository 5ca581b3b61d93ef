import { describe, expect, it } from '@jest/globals';
import { buildFieldDefinition } from '../testing/field-definition.js';
import { describeFieldTypeContract } from '../testing/field-type-contract.js';
import { base64, recordingPrepareContext } from '../testing/files.js';
import { binaryFileFieldType, type BinaryFileValue } from './index.js';

const pdf = new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');
const storedFile: BinaryFileValue = {
  id: 'files/1/manual.pdf',
  uri: '/var/site/storage/original/application/manual.pdf',
  fileName: 'manual.pdf',
  fileSize: 1234,
  mimeType: 'application/pdf',
  downloadCount: 3,
  pending: null,
};
const newFile: BinaryFileValue = {
  id: null,
  uri: null,
  fileName: 'manual.pdf',
  fileSize: pdf.length,
  mimeType: 'application/pdf',
  downloadCount: 0,
  pending: { source: pdf, fileName: 'manual.pdf' },
};

describeFieldTypeContract(binaryFileFieldType, {
  inputs: [
    { input: { fileName: 'manual.pdf', data: base64(pdf) }, expected: newFile },
    {
      input: { fileName: 'notes.txt', data: base64(new TextEncoder().encode('hello')), mimeType: 'Text/Plain', fileSize: 5 },
      expected: {
        ...newFile,
        fileName: 'notes.txt',
        fileSize: 5,
        mimeType: 'text/plain',
        pending: { source: new TextEncoder().encode('hello'), fileName: 'notes.txt', mimeType: 'text/plain' },
      },
    },
    // A declared fileSize is informational: the value has the size of the decoded data (Ibexa 4.6 behaviour).
    { input: { fileName: 'manual.pdf', data: base64(pdf), fileSize: 1 }, expected: newFile },
    {
      input: {
        id: storedFile.id, path: null, inputUri: null, fileName: 'manual.pdf', fileSize: 1234, mimeType: 'application/pdf',
        uri: storedFile.uri, downloadCount: 3, url: 'http://localhost/var/site/storage/original/application/manual.pdf',
      },
      expected: storedFile,
    },
  ],
  storedValues: [storedFile],
  invalidInputs: [
    { input: { fileName: 'manual.pdf', data: 'not base64!' }, target: 'data' },
    { input: { fileName: 'manual.pdf', data: base64(pdf), fileSize: 'big' }, target: 'fileSize' },
    { input: { fileName: 'manual.pdf', data: base64(pdf), mimeType: 'pdf' }, target: 'mimeType' },
    { input: { fileName: 'manual.pdf', inputUri: '/etc/passwd' }, target: 'inputUri' },
    { input: { fileName: 'manual.pdf' }, target: 'data' },
    { input: { fileName: '', data: base64(pdf) }, target: 'fileName' },
    { input: { fileName: 'a.pdf', data: base64(pdf), owner: 'me' }, target: 'owner' },
    { input: 42 },
  ],
  invalidStorage: [{ fileName: 'manual.pdf' }, []],
  validValues: [
    { name: 'a file under the limit', value: storedFile, validatorConfiguration: { FileSizeValidator: { maxFileSize: 1 } } },
  ],
  validationFailures: [
    {
      name: 'a file over maxFileSize (megabytes)',
      value: { ...storedFile, fileSize: 1024 * 1024 + 1 },
      validatorConfiguration: { FileSizeValidator: { maxFileSize: 1 } },
      errors: [{ target: 'size', message: 'The file size cannot exceed 1 megabyte.' }],
    },
  ],
  invalidValidatorConfigurations: [
    { configuration: { FileSizeValidator: { maxFileSize: 1.5 } }, messages: ["Validator parameter 'maxFileSize' value must be of integer type"] },
  ],
});

describe('ezbinaryfile specifics', () => {
  it('gives the core part of the REST hash', () => {
    expect(binaryFileFieldType.toHash(storedFile)).toEqual({
      id: 'files/1/manual.pdf',
      path: null,
      inputUri: null,
      fileName: 'manual.pdf',
      fileSize: 1234,
      mimeType: 'application/pdf',
      uri: '/var/site/storage/original/application/manual.pdf',
      downloadCount: 3,
      url: null,
    });
  });

  it('labels unknown content as application/octet-stream', () => {
    const value = binaryFileFieldType.fromHash({ fileName: 'blob.bin', data: base64(new Uint8Array([1, 2, 3])) });
    expect(value.mimeType).toBe('application/octet-stream');
  });

  it('labels an undeclared file from its content, then its extension (ADR 0014)', async () => {
    const { context } = recordingPrepareContext();
    const ole = new Uint8Array(512);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const cases: [string, Uint8Array, string][] = [
      ['sheet.xls', ole, 'application/vnd.ms-excel'],
      ['notes.txt', new TextEncoder().encode('hello'), 'text/plain'],
    ];
    for (const [fileName, bytes, mimeType] of cases) {
      const value = binaryFileFieldType.fromHash({ fileName, data: base64(bytes) });
      expect(value.mimeType).toBe(mimeType);
      expect((await binaryFileFieldType.prepareForStorage?.(value, context))?.mimeType).toBe(mimeType);
    }
  });

  it('stores a pending upload under files, keeping a declared MIME type', async () => {
    const { context } = recordingPrepareContext();
    const declared = binaryFileFieldType.fromHash({ fileName: 'data.csv', data: base64(new TextEncoder().encode('a,b')), mimeType: 'text/csv' });
    expect((await binaryFileFieldType.prepareForStorage?.(declared, context))?.mimeType).toBe('text/csv');
  });

  it('stores a pending upload under files', async () => {
    const { context, stored } = recordingPrepareContext();
    const prepared = await binaryFileFieldType.prepareForStorage?.(newFile, context);
    expect(stored.map((entry) => entry.kind)).toEqual(['files']);
    expect(prepared).toEqual({
      ...newFile,
      id: 'files/1/manual.pdf',
      uri: '/var/site/storage/files/1/manual.pdf',
      fileSize: pdf.length,
      mimeType: 'application/pdf',
      pending: null,
    });
  });

  it('uses the file name for the name, full text and storage keys', () => {
    expect(binaryFileFieldType.getName(storedFile, buildFieldDefinition(binaryFileFieldType), 'eng-GB')).toBe('manual.pdf');
    expect(binaryFileFieldType.toSearchData(storedFile).fullText).toBe('manual.pdf');
    expect(binaryFileFieldType.storageKeys?.(storedFile)).toEqual(['files/1/manual.pdf']);
  });
});
