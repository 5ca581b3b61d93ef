/**
 * Finds, in an OpenAPI document of the REST API, what it says about one real answer: the operation of a request
 * (custom verbs and input-type alternatives included, see the REST adapter's `x-ibexa-verbs`), and the JSON Schema of
 * an answer's body for its status and media type.
 */

type Json = Record<string, unknown>;

/** An OpenAPI document as parsed JSON. */
export interface OpenApi {
  readonly paths: Readonly<Record<string, Json>>;
  readonly components: Json;
}

interface PathMatcher {
  readonly template: string;
  readonly regex: RegExp;
}

/** Compiles the document's path templates into matchers, in document order (the route table's order). */
export function pathMatchers(document: OpenApi): PathMatcher[] {
  return Object.entries(document.paths).map(([template, item]) => {
    const parameters = (item['parameters'] as { name: string; schema: { type: string; pattern?: string } }[] | undefined) ?? [];
    const source = template.replace(/\{(\w+)\}/g, (_match, name: string) => {
      const schema = parameters.find((parameter) => parameter.name === name)?.schema;
      if (schema?.type === 'integer') return '\\d+';
      return `(?:${(schema?.pattern ?? '[^/]+').replace(/^\^/, '').replace(/\$$/, '')})`;
    });
    return { template, regex: new RegExp(`^${source === '/' ? '' : source}/?$`) };
  });
}

/**
 * The operation the document gives for `method` on `path` (after the REST prefix) with a body of input media type
 * `input`, or a reason why there is none.
 */
export function findOperation(document: OpenApi, matchers: readonly PathMatcher[], method: string, path: string, input: string | undefined): { template: string; operation: Json } | string {
  const matcher = matchers.find((candidate) => candidate.regex.test(path));
  if (matcher === undefined) return `no path matches ${path}`;
  const item = document.paths[matcher.template] ?? {};
  const post = item['post'] as Json | undefined;
  const alternatives = (post?.['x-ibexa-input-alternatives'] ?? {}) as Record<string, Json>;
  const verbs = (post?.['x-ibexa-verbs'] ?? {}) as Record<string, Json>;
  const operation =
    (method === 'POST' && input !== undefined ? alternatives[input] : undefined) ??
    (item[method.toLowerCase()] as Json | undefined) ??
    verbs[method];
  return operation === undefined ? `no ${method} operation on ${matcher.template}` : { template: matcher.template, operation };
}

/** Resolves a local `$ref` (`#/components/responses/Error`). */
function resolve(document: OpenApi, value: Json): Json {
  const ref = value['$ref'];
  if (typeof ref !== 'string') return value;
  let target: unknown = document;
  for (const part of ref.replace(/^#\//, '').split('/')) target = (target as Json)[part];
  return target as Json;
}

/**
 * The schema the operation gives for an answer with `status` and `contentType` (a JSON vendor type), or a reason
 * why it gives none. `null` schema: the status is documented without a body.
 */
export function responseSchema(document: OpenApi, operation: Json, status: number, contentType: string | undefined): { schema: Json | null } | string {
  const responses = operation['responses'] as Record<string, Json>;
  const declared = responses[String(status)] ?? responses[`${String(status)[0]}XX`];
  if (declared === undefined) return `status ${status} is not documented`;
  const response = resolve(document, declared);
  if (contentType === undefined || contentType === '') return { schema: null };
  const content = response['content'] as Record<string, { schema: Json }> | undefined;
  const media = content?.[contentType];
  if (media === undefined) return `status ${status} is not documented with ${contentType} (documented: ${Object.keys(content ?? {}).join(', ') || 'no body'})`;
  return { schema: media.schema };
}
