import type { Express } from 'express';
import request from 'supertest';
import type { UploadExample } from '../testing/document-examples.js';
import { sampleFile } from '../testing/sample-files.js';

/** A GraphQL response body as the tests read it. */
export interface GraphQLBody {
  readonly data?: Record<string, unknown> | null;
  readonly errors?: readonly { message: string; path?: readonly (string | number)[]; extensions?: Record<string, unknown> }[];
}

/** A response: status and parsed body. */
export interface GraphQLResponse {
  readonly status: number;
  readonly body: GraphQLBody;
}

/** `Authorization: Basic` of admin / publish. */
export const ADMIN_BASIC = `Basic ${Buffer.from('admin:publish').toString('base64')}`;

function parse(text: string): GraphQLBody {
  const body: unknown = JSON.parse(text);
  if (typeof body !== 'object' || body === null) throw new Error(`Not a GraphQL response: ${text}`);
  return body;
}

/** POSTs a JSON GraphQL request. */
export async function gql(
  app: Express,
  query: string,
  options: { variables?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Promise<GraphQLResponse> {
  const response = await request(app)
    .post('/graphql')
    .set({ 'Content-Type': 'application/json', ...(options.headers ?? {}) })
    .send(JSON.stringify({ query, ...(options.variables ? { variables: options.variables } : {}) }));
  return { status: response.status, body: parse(response.text) };
}

/** POSTs a GraphQL multipart request built by supertest (`operations`, `map`, file parts, as curl -F does). */
export async function upload(
  app: Express,
  example: UploadExample,
  options: { headers?: Record<string, string>; files?: (fileName: string) => Buffer } = {},
): Promise<GraphQLResponse> {
  let call = request(app)
    .post('/graphql')
    .set(options.headers ?? {})
    .field('operations', JSON.stringify(example.operations))
    .field('map', JSON.stringify(example.map));
  for (const [part, fileName] of example.files) call = call.attach(part, (options.files ?? sampleFile)(fileName), fileName);
  const response = await call;
  return { status: response.status, body: parse(response.text) };
}

/** Reads `data.<path...>` of a response, failing the test with the errors when it is absent. */
export function dataAt(response: GraphQLResponse, ...path: string[]): unknown {
  let value: unknown = response.body.data;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) {
      throw new Error(`No data at ${path.join('.')}: ${JSON.stringify(response.body)}`);
    }
    value = Reflect.get(value, key);
  }
  return value;
}

/** The `extensions.code`s of the errors of a response. */
export const errorCodes = (response: GraphQLResponse): unknown[] => (response.body.errors ?? []).map((error) => error.extensions?.['code']);

/** The messages of the errors of a response. */
export const errorMessages = (response: GraphQLResponse): string[] => (response.body.errors ?? []).map((error) => error.message);
