import { markdownToHtml } from '../resolvers/markdown.js';
import { isArgMap, stringArg } from '../schema/args.js';
import { hashRecord, hashString } from '../schema/hash.js';
import type { FieldTypeMapper } from './field-type-mapper.js';

const XHTML5_EDIT_NS = 'http://ibexa.co/namespaces/ezpublish5/xhtml5/edit';

/**
 * Rich text (`ezrichtext`): a `RichTextFieldValue` resolved from the DocBook `{ xml }`, set from a
 * `RichTextFieldInput`: its HTML (`format: html`, the default) or Markdown (`format: markdown`, converted first) is
 * wrapped in an XHTML5 edit `<section>`, which core turns into DocBook (Ibexa's RichText input handling).
 */
export const richTextMapper: FieldTypeMapper = {
  fieldTypeIdentifier: 'ezrichtext',
  valueType: 'RichTextFieldValue',
  definitionType: 'FieldDefinition',
  inputType: 'RichTextFieldInput',
  resolve: ({ hash }) => {
    const xml = hashString(hashRecord(hash), 'xml');
    return xml === null ? null : { xml };
  },
  toInput: (input) => {
    if (!isArgMap(input)) return input;
    const text = stringArg(input, 'input') ?? '';
    const html = stringArg(input, 'format') === 'markdown' ? markdownToHtml(text) : text;
    return { xml: `<section xmlns="${XHTML5_EDIT_NS}">${html}</section>` };
  },
};
