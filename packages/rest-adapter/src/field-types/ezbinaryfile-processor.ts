import type { FieldTypeProcessor } from './field-type-processor.js';

/** Binary file (`ezbinaryfile`, Ibexa's `BinaryProcessor`): `uri` made absolute with the request origin, as `url` too. */
export const binaryFileProcessor: FieldTypeProcessor = {
  fieldTypeIdentifier: 'ezbinaryfile',
  outputHash: (hash, { visit }) => {
    const uri = typeof hash['uri'] === 'string' ? `${visit.origin}${hash['uri']}` : null;
    return { ...hash, uri, url: uri };
  },
};
