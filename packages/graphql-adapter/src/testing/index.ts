/**
 * @contentrepo/graphql-adapter/testing — what tests of the GraphQL endpoint share: an in-memory test app, the
 * client GraphQL examples as operations, sample files and a FormData multipart builder.
 */
export { createGraphQLTestApp, type GraphQLTestApp, type GraphQLTestAppOptions } from './graphql-test-app.js';
export * from './document-examples.js';
export { MP4, PDF, PNG_1X1, sampleFile, ZIP } from './sample-files.js';
export { multipartBody } from './multipart.js';
export { nameField, testContentType, testField, testGroup, testModel } from './model-builders.js';
