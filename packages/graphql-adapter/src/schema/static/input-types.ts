import { GraphQLBoolean, GraphQLEnumType, GraphQLFloat, GraphQLInputObjectType, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLString } from 'graphql';
import type { TypeRegistry } from '../type-registry.js';

/**
 * Ibexa's input types of field values and of list queries (`ContentSearchQuery`). `UserAccountFieldInput` is this
 * server's addition, so that `createUser` can set the account (Ibexa maps `ezuser` input to a String it cannot use).
 */
export function registerInputTypes(registry: TypeRegistry): void {
  registry.add(new GraphQLEnumType({ name: 'RichTextFieldInputFormat', values: { markdown: { value: 'markdown' }, html: { value: 'html' } } }));
  registry.add(
    new GraphQLInputObjectType({
      name: 'RichTextFieldInput',
      fields: () => ({
        format: { type: registry.input('RichTextFieldInputFormat'), description: 'Format of `input` (default html).' },
        input: { type: GraphQLString },
      }),
    }),
  );
  registry.add(
    new GraphQLEnumType({ name: 'DateInputFormat', values: { timestring: { value: 'timestring' }, rfc850: { value: 'rfc850' }, timestamp: { value: 'timestamp' } } }),
  );
  registry.add(
    new GraphQLInputObjectType({
      name: 'DateFieldInput',
      fields: () => ({ format: { type: registry.input('DateInputFormat'), description: 'Default timestring.' }, input: { type: GraphQLString } }),
    }),
  );
  registry.add(
    new GraphQLInputObjectType({ name: 'UrlFieldInput', fields: { link: { type: new GraphQLNonNull(GraphQLString) }, text: { type: GraphQLString } } }),
  );
  registry.add(
    new GraphQLInputObjectType({
      name: 'MapLocationFieldInput',
      fields: { address: { type: GraphQLString }, latitude: { type: GraphQLFloat }, longitude: { type: GraphQLFloat } },
    }),
  );
  registry.add(
    new GraphQLInputObjectType({
      name: 'AuthorInput',
      fields: {
        id: { type: GraphQLInt, description: 'Absent or -1: a new id is generated.' },
        name: { type: GraphQLString },
        email: { type: GraphQLString },
      },
    }),
  );
  registry.add(
    new GraphQLInputObjectType({
      name: 'ImageFieldInput',
      fields: () => ({
        name: { type: GraphQLString, description: 'Stored file name (default: the uploaded file name).' },
        alternativeText: { type: GraphQLString },
        file: { type: registry.input('FileUpload'), description: 'Without a file, an update keeps the stored image and changes its texts.' },
      }),
    }),
  );
  registry.add(
    new GraphQLInputObjectType({
      name: 'BinaryFieldInput',
      fields: () => ({
        file: { type: new GraphQLNonNull(registry.input('FileUpload')) },
        fileName: { type: GraphQLString, description: 'Stored file name (default: the uploaded file name).' },
      }),
    }),
  );
  registry.add(
    new GraphQLInputObjectType({
      name: 'MediaFieldInput',
      fields: () => ({
        file: { type: registry.input('FileUpload'), description: 'Without a file, an update keeps the stored file and changes its player settings.' },
        fileName: { type: GraphQLString, description: 'Stored file name (default: the uploaded file name).' },
        hasController: { type: GraphQLBoolean },
        autoplay: { type: GraphQLBoolean },
        loop: { type: GraphQLBoolean },
        width: { type: GraphQLInt, description: 'Pixels; 0 = the file\'s own width.' },
        height: { type: GraphQLInt, description: 'Pixels; 0 = the file\'s own height.' },
      }),
    }),
  );
  registry.add(
    new GraphQLInputObjectType({
      name: 'MatrixCellInput',
      fields: { column: { type: new GraphQLNonNull(GraphQLString), description: 'Column identifier.' }, text: { type: GraphQLString } },
    }),
  );
  registry.add(
    new GraphQLInputObjectType({
      name: 'MatrixRowInput',
      fields: () => ({ cells: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(registry.input('MatrixCellInput')))) } }),
    }),
  );
  registry.add(
    new GraphQLInputObjectType({
      name: 'ImageAssetFieldInput',
      fields: {
        destinationContentId: { type: new GraphQLNonNull(GraphQLInt), description: 'Id of the image content item.' },
        alternativeText: { type: GraphQLString },
      },
    }),
  );
  registry.add(
    new GraphQLInputObjectType({
      name: 'UserAccountFieldInput',
      fields: {
        login: { type: new GraphQLNonNull(GraphQLString) },
        email: { type: new GraphQLNonNull(GraphQLString) },
        password: { type: GraphQLString, description: 'A new password (required for a new account).' },
        enabled: { type: GraphQLBoolean },
      },
    }),
  );
  registry.add(
    new GraphQLInputObjectType({
      name: 'DateInput',
      description: 'Dates as PHP strtotime reads them: `2024-01-31`, `@1706659200`, `-2 days`, `yesterday`.',
      fields: { before: { type: GraphQLString }, after: { type: GraphQLString }, on: { type: GraphQLString } },
    }),
  );
  const strings = () => ({ type: GraphQLString });
  registry.add(
    new GraphQLInputObjectType({
      name: 'FieldCriterionInput',
      fields: {
        target: { type: new GraphQLNonNull(GraphQLString), description: 'Field definition identifier.' },
        eq: strings(),
        in: { type: new GraphQLList(GraphQLString) },
        like: strings(),
        contains: strings(),
        between: { type: new GraphQLList(GraphQLString) },
        lt: strings(),
        lte: strings(),
        gt: strings(),
        gte: strings(),
      },
    }),
  );
  registry.add(
    new GraphQLInputObjectType({
      name: 'ContentSearchQuery',
      fields: () => ({
        ContentTypeIdentifier: { type: new GraphQLList(registry.input(registry.has('ContentTypeIdentifier') ? 'ContentTypeIdentifier' : 'String')) },
        ContentTypeId: { type: new GraphQLList(GraphQLString) },
        Text: { type: GraphQLString },
        ParentLocationId: { type: new GraphQLList(GraphQLInt) },
        Created: { type: registry.input('DateInput') },
        Modified: { type: registry.input('DateInput') },
        Field: { type: new GraphQLList(registry.input('FieldCriterionInput')) },
        SortBy: { type: registry.input('SortByOptions'), description: 'Ignored: use the sortBy argument.' },
      }),
    }),
  );
}
