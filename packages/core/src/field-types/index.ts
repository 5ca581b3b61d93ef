/**
 * The built-in field types (Ibexa's, with their REST hashes and settings): one plain `FieldType` object per Ibexa type,
 * its value type, the default registry and the helpers adapters need (rich text conversion, country table, float sort
 * key). The contract itself (`FieldType`, `FieldValueError`, `createFieldTypeRegistry`) lives in `field-type.ts`.
 */
export { builtInFieldTypes, createDefaultFieldTypeRegistry } from './registry.js';

export { authorFieldType, AUTHOR_DEFAULT_TYPES, type Author, type AuthorValue } from './ezauthor/index.js';
export { binaryFileFieldType, type BinaryFileValue } from './ezbinaryfile/index.js';
export { checkboxFieldType, type CheckboxValue } from './ezboolean/index.js';
export {
  COUNTRIES,
  countryByAlpha2,
  countryFieldType,
  findCountry,
  type CountryInfo,
  type CountryValue,
} from './ezcountry/index.js';
export { DATE_DEFAULT_TYPES, dateFieldType, type DateValue } from './ezdate/index.js';
export { DATE_TIME_DEFAULT_TYPES, dateTimeFieldType, type DateTimeValue } from './ezdatetime/index.js';
export { emailAddressFieldType, type EmailAddressValue } from './ezemail/index.js';
export { floatFieldType, floatSortKey, type FloatValue } from './ezfloat/index.js';
export { mapLocationFieldType, type MapLocation, type MapLocationValue } from './ezgmaplocation/index.js';
export { imageDimensions, imageFieldType, type ImageValue } from './ezimage/index.js';
export { IMAGE_ASSET_MAPPINGS, imageAssetFieldType, type ImageAssetValue } from './ezimageasset/index.js';
export { integerFieldType, type IntegerValue } from './ezinteger/index.js';
export { isbnFieldType, type IsbnValue } from './ezisbn/index.js';
export { keywordFieldType, type KeywordValue } from './ezkeyword/index.js';
export { matrixColumns, matrixFieldType, type MatrixColumn, type MatrixRow, type MatrixValue } from './ezmatrix/index.js';
export { MEDIA_TYPES, mediaFieldType, type MediaValue } from './ezmedia/index.js';
export { relationFieldType, type RelationValue } from './ezobjectrelation/index.js';
export { relationListFieldType, type RelationListValue } from './ezobjectrelationlist/index.js';
export {
  docbookToXhtml5Edit,
  EMPTY_RICH_TEXT_XML,
  richTextFieldType,
  richTextPlainText,
  xhtml5EditToDocbook,
  type RichTextValue,
} from './ezrichtext/index.js';
export { selectionFieldType, selectionOptions, type SelectionValue } from './ezselection/index.js';
export { textLineFieldType, type TextLineValue } from './ezstring/index.js';
export { textBlockFieldType, type TextBlockValue } from './eztext/index.js';
export { TIME_DEFAULT_TYPES, timeFieldType, type TimeValue } from './eztime/index.js';
export { urlFieldType, type Url, type UrlValue } from './ezurl/index.js';
export { DEFAULT_USERNAME_PATTERN, userAccountFieldType, type UserAccountValue } from './ezuser/index.js';
export { RELATION_SELECTION_METHODS } from './shared/relation.js';
