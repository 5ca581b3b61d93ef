import { authorMapper } from './ezauthor-mapper.js';
import { binaryFileMapper } from './ezbinaryfile-mapper.js';
import { checkboxMapper } from './ezboolean-mapper.js';
import { countryMapper } from './ezcountry-mapper.js';
import { dateMapper } from './ezdate-mapper.js';
import { dateTimeMapper } from './ezdatetime-mapper.js';
import { floatMapper } from './ezfloat-mapper.js';
import { mapLocationMapper } from './ezgmaplocation-mapper.js';
import { imageMapper } from './ezimage-mapper.js';
import { imageAssetMapper } from './ezimageasset-mapper.js';
import { integerMapper } from './ezinteger-mapper.js';
import { keywordMapper } from './ezkeyword-mapper.js';
import { matrixMapper } from './ezmatrix-mapper.js';
import { mediaMapper } from './ezmedia-mapper.js';
import { relationMapper } from './ezobjectrelation-mapper.js';
import { relationListMapper } from './ezobjectrelationlist-mapper.js';
import { richTextMapper } from './ezrichtext-mapper.js';
import { selectionMapper } from './ezselection-mapper.js';
import { textLineMapper } from './ezstring-mapper.js';
import { textBlockMapper } from './eztext-mapper.js';
import { urlMapper } from './ezurl-mapper.js';
import { userAccountMapper } from './ezuser-mapper.js';
import { createFieldTypeMapperRegistry, type FieldTypeMapper, type FieldTypeMapperRegistry } from './field-type-mapper.js';

/**
 * The GraphQL form of core's built-in field types: one mapper per type whose form is its own (one file per type,
 * named by its identifier), in core's registration order. `index.test.ts` checks that every type core registers
 * has a mapper here or is listed in {@link DEFAULT_FORM_FIELD_TYPES}.
 */
export const builtInFieldTypeMappers: readonly FieldTypeMapper[] = [
  textLineMapper,
  textBlockMapper,
  richTextMapper,
  integerMapper,
  floatMapper,
  checkboxMapper,
  dateMapper,
  dateTimeMapper,
  urlMapper,
  keywordMapper,
  selectionMapper,
  countryMapper,
  authorMapper,
  mapLocationMapper,
  imageMapper,
  binaryFileMapper,
  relationMapper,
  relationListMapper,
  userAccountMapper,
  imageAssetMapper,
  mediaMapper,
  matrixMapper,
];

/**
 * Built-in field types that intentionally have no mapper: the default form (`defaultFieldTypeMapper`: the field
 * type's string form as a `String`, a plain `FieldDefinition`, set from a `String`) is theirs: time as `HH:MM:SS`,
 * the e-mail address, the ISBN, each set from that same form (which their `fromHash` accepts).
 */
export const DEFAULT_FORM_FIELD_TYPES: readonly string[] = ['eztime', 'ezemail', 'ezisbn'];

/** The registry of the built-in mappers only (what the adapter uses when no mappers of your own are given). */
export const builtInFieldTypeMapperRegistry: FieldTypeMapperRegistry = createFieldTypeMapperRegistry(builtInFieldTypeMappers);

export {
  createFieldTypeMapperRegistry,
  defaultFieldTypeMapper,
  typeOfDefinition,
  type DefinitionTypeRef,
  type FieldInputSource,
  type FieldResolveContext,
  type FieldTypeMapper,
  type FieldTypeMapperRegistry,
  type FieldValueSource,
  type SchemaScope,
  type ThumbnailSource,
} from './field-type-mapper.js';
