import { createFieldTypeRegistry, type FieldType, type FieldTypeRegistry } from './field-type.js';
import { authorFieldType } from './ezauthor/index.js';
import { binaryFileFieldType } from './ezbinaryfile/index.js';
import { checkboxFieldType } from './ezboolean/index.js';
import { countryFieldType } from './ezcountry/index.js';
import { dateFieldType } from './ezdate/index.js';
import { dateTimeFieldType } from './ezdatetime/index.js';
import { emailAddressFieldType } from './ezemail/index.js';
import { floatFieldType } from './ezfloat/index.js';
import { mapLocationFieldType } from './ezgmaplocation/index.js';
import { imageFieldType } from './ezimage/index.js';
import { imageAssetFieldType } from './ezimageasset/index.js';
import { integerFieldType } from './ezinteger/index.js';
import { isbnFieldType } from './ezisbn/index.js';
import { keywordFieldType } from './ezkeyword/index.js';
import { matrixFieldType } from './ezmatrix/index.js';
import { mediaFieldType } from './ezmedia/index.js';
import { relationFieldType } from './ezobjectrelation/index.js';
import { relationListFieldType } from './ezobjectrelationlist/index.js';
import { richTextFieldType } from './ezrichtext/index.js';
import { selectionFieldType } from './ezselection/index.js';
import { textLineFieldType } from './ezstring/index.js';
import { textBlockFieldType } from './eztext/index.js';
import { timeFieldType } from './eztime/index.js';
import { urlFieldType } from './ezurl/index.js';
import { userAccountFieldType } from './ezuser/index.js';

/** The field types core ships, one per Ibexa 4.x identifier; 5.x names are their aliases. */
export const builtInFieldTypes: readonly FieldType<unknown>[] = [
  textLineFieldType,
  textBlockFieldType,
  richTextFieldType,
  integerFieldType,
  floatFieldType,
  checkboxFieldType,
  dateFieldType,
  dateTimeFieldType,
  timeFieldType,
  emailAddressFieldType,
  urlFieldType,
  keywordFieldType,
  selectionFieldType,
  countryFieldType,
  authorFieldType,
  isbnFieldType,
  mapLocationFieldType,
  imageFieldType,
  binaryFileFieldType,
  relationFieldType,
  relationListFieldType,
  userAccountFieldType,
  imageAssetFieldType,
  mediaFieldType,
  matrixFieldType,
];

/** A registry of the built-in field types (identifiers and aliases). */
export function createDefaultFieldTypeRegistry(): FieldTypeRegistry {
  return createFieldTypeRegistry(builtInFieldTypes);
}
