import { GraphQLID, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLString } from 'graphql';
import type { GraphQLContext } from '../resolvers/graphql-context.js';
import { createItem, deleteContent, updateItem } from '../resolvers/mutations/content-mutations.js';
import { createToken, type CreatedToken } from '../resolvers/mutations/create-token.js';
import { uploadFiles, type UploadedFiles } from '../resolvers/mutations/upload-files.js';
import type { FieldMap } from './args.js';
import type { PlannedType } from './plan.js';
import type { TypeRegistry } from './type-registry.js';

/** `language` (the enum, or a code string) and `languageCode` (a code string): one of them is required. */
const languageArgs = (registry: TypeRegistry) => ({
  language: { type: registry.input('RepositoryLanguage'), description: 'The language to write (eng_GB or "eng-GB").' },
  languageCode: { type: GraphQLString, description: 'The language to write as a code ("eng-GB"), as the client examples send it.' },
});

/**
 * `ItemMutation` (Ibexa's mutation root): the static `deleteContent`, `uploadFiles` and `createToken`, plus
 * `create<Ident>` and `update<Ident>` for every content type with settable fields. Arguments follow the client examples
 * where they differ from Ibexa 4.x: the language may be given as `languageCode: "eng-GB"` or `language`.
 */
export function registerMutation(registry: TypeRegistry, types: readonly PlannedType[]): GraphQLObjectType {
  registry.add(
    new GraphQLObjectType({ name: 'DeleteContentPayload', fields: { contentId: { type: GraphQLInt }, id: { type: GraphQLID } } }),
  );
  registry.add(
    new GraphQLObjectType<UploadedFiles, GraphQLContext>({
      name: 'UploadedFilesPayload',
      fields: () => ({ files: { type: new GraphQLList(registry.output('DomainContent')) }, warnings: { type: new GraphQLList(GraphQLString) } }),
    }),
  );
  registry.add(
    new GraphQLObjectType<CreatedToken, GraphQLContext>({
      name: 'CreatedTokenPayload',
      fields: { token: { type: GraphQLString }, message: { type: GraphQLString } },
    }),
  );
  const mutation = new GraphQLObjectType<unknown, GraphQLContext>({
    name: 'ItemMutation',
    fields: (): FieldMap<unknown> => {
      const fields: FieldMap<unknown> = {
        deleteContent: {
          type: registry.output('DeleteContentPayload'),
          args: { id: { type: GraphQLID }, contentId: { type: GraphQLInt } },
          resolve: (_root, args, context) => deleteContent(context, args),
        },
        uploadFiles: {
          type: registry.output('UploadedFilesPayload'),
          args: {
            locationId: { type: new GraphQLNonNull(GraphQLInt) },
            files: { type: new GraphQLNonNull(new GraphQLList(registry.input('FileUpload'))) },
            ...languageArgs(registry),
          },
          resolve: (_root, args, context) => uploadFiles(context, args),
        },
        createToken: {
          type: registry.output('CreatedTokenPayload'),
          args: { username: { type: new GraphQLNonNull(GraphQLString) }, password: { type: new GraphQLNonNull(GraphQLString) } },
          resolve: (_root, args, context) => createToken(context, args),
        },
      };
      for (const type of types) {
        const { names } = type;
        if (!registry.has(names.createInput) || !registry.has(names.updateInput)) continue;
        const target = { identifier: type.contentType.identifier, fieldNames: new Map(type.fields.map((field) => [field.name, field.definition])) };
        if (!(names.createMutation in fields)) {
          fields[names.createMutation] = {
            type: new GraphQLNonNull(registry.output(names.item)),
            args: {
              input: { type: new GraphQLNonNull(registry.input(names.createInput)) },
              ...languageArgs(registry),
              parentLocationId: { type: new GraphQLNonNull(GraphQLInt) },
            },
            resolve: (_root, args, context) => createItem(context, target, args),
          };
        }
        if (!(names.updateMutation in fields)) {
          fields[names.updateMutation] = {
            type: new GraphQLNonNull(registry.output(names.item)),
            args: {
              input: { type: new GraphQLNonNull(registry.input(names.updateInput)) },
              ...languageArgs(registry),
              id: { type: GraphQLID, description: 'Global id of the content item to update.' },
              contentId: { type: GraphQLInt, description: 'Repository content id of the content item to update.' },
              versionNo: { type: GraphQLInt, description: 'Version to update (a draft) or to start from; the result is published.' },
            },
            resolve: (_root, args, context) => updateItem(context, target, args),
          };
        }
      }
      return fields;
    },
  });
  registry.add(mutation);
  return mutation;
}
