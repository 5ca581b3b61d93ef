import { dateMapper } from './ezdate-mapper.js';
import type { FieldTypeMapper } from './field-type-mapper.js';

/** Date and time (`ezdatetime`): the same GraphQL form as a date (`DateTime`, set from a `DateFieldInput`). */
export const dateTimeMapper: FieldTypeMapper = { ...dateMapper, fieldTypeIdentifier: 'ezdatetime' };
