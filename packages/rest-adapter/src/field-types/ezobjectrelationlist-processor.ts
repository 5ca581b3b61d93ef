import type { Hash } from '@contentrepo/core';
import type { FieldTypeProcessor } from './field-type-processor.js';

/** Relation list (`ezobjectrelationlist`, Ibexa's `RelationListProcessor`): adds `destinationContentHrefs`, in order. */
export const relationListProcessor: FieldTypeProcessor = {
  fieldTypeIdentifier: 'ezobjectrelationlist',
  outputHash: (hash, { visit }) => {
    const ids = hash['destinationContentIds'];
    const hrefs = Array.isArray(ids) ? ids.flatMap((id: Hash) => (typeof id === 'number' ? [visit.hrefs.content(id)] : [])) : [];
    return { ...hash, destinationContentHrefs: hrefs };
  },
};
