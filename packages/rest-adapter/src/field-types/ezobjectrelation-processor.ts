import type { FieldTypeProcessor } from './field-type-processor.js';

/** Relation (`ezobjectrelation`, Ibexa's `RelationProcessor`): adds `destinationContentHref` (null without a destination). */
export const relationProcessor: FieldTypeProcessor = {
  fieldTypeIdentifier: 'ezobjectrelation',
  outputHash: (hash, { visit }) => {
    const id = hash['destinationContentId'];
    return { ...hash, destinationContentHref: typeof id === 'number' ? visit.hrefs.content(id) : null };
  },
};
