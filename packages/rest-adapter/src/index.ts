/**
 * @contentrepo/rest-adapter — the Ibexa-compatible REST API v2 (JSON and XML) as a mountable Express router.
 *
 * ```ts
 * const auth = createHttpAuth({ repository, sessions }); // from @contentrepo/http-auth, one per process
 * app.use('/api/ibexa/v2', createRestRouter({ repository, auth }));
 * ```
 */
export { createRestRouter, type RestLogger, type RestRouter, type RestRouterOptions } from './router.js';
export { MAX_WEBHOOK_EVENTS, MAX_WEBHOOK_URL_LENGTH, WEBHOOK_SECRET_LENGTH, webhookInputProblem } from './input/parsers/webhook-parser.js';
export type { HttpCacheOptions } from './http/http-cache-headers.js';
export {
  builtInFieldTypeProcessors,
  HASH_FORM_FIELD_TYPES,
  type FieldOutputContext,
  type FieldTypeProcessor,
} from './field-types/index.js';
export type { HashObject } from './output/hash-object.js';
export type { Hrefs } from './output/hrefs.js';
export type { OutputRequest } from './output/visitors/output-request.js';
export { errorResponse, MASKED_DESCRIPTION } from './error-response.js';
export { BadRequestError } from './http/rest-errors.js';
export { negotiateOutput, mediaType, parseInputType, VENDOR_PREFIX, type WireFormat } from './http/media-types.js';
export { writeJson } from './output/json-writer.js';
export { writeXml } from './output/xml-writer.js';
export type { ObjectNode, Node } from './output/node.js';
export { BESIDE_ROUTER_ROUTES, createOpenApiDocument, EVENT_STREAM_ROUTE, openApiPath, type BesideRouterRoute, type OpenApiDocument, type OpenApiDocumentOptions } from './openapi/openapi-document.js';
