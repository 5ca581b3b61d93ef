import type { FieldTypeProcessorRegistry } from '../../field-types/field-type-processor.js';
import type { OutputRequest } from './output-request.js';

/** What visitors need besides the values they render: the request, and the field type processors of the router. */
export interface VisitContext extends OutputRequest {
  /** The router's processors (built-in plus `createRestRouter`'s `fieldTypeProcessors`), by canonical identifier. */
  readonly fieldTypeProcessors: FieldTypeProcessorRegistry;
}
