import { docbookToXhtml5Edit, richTextPlainText, type Hash, type ImageVariation } from '@contentrepo/core';
import { GraphQLBoolean, GraphQLFloat, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLString } from 'graphql';
import type { ThumbnailSource } from '../../field-types/field-type-mapper.js';
import type { GraphQLContext } from '../../resolvers/graphql-context.js';
import type { ImageSource } from '../../resolvers/resolver-values.js';
import { listArg, stringArg, type FieldMap } from '../args.js';
import { hashNumber, hashRecord, hashString } from '../hash.js';
import type { TypeRegistry } from '../type-registry.js';

type HashRecord = { readonly [key: string]: Hash };

/** An image variation as `ImageVariation` resolves it: the image and the variation the repository made. */
interface VariationSource {
  readonly image: ImageSource;
  readonly variation: ImageVariation;
}

/**
 * The variation `name` of `image` (generated on its first request), or null when the image has no stored file.
 * @throws the repository's errors (unknown variation, missing or undecodable original).
 */
async function loadVariation(image: ImageSource, name: string, context: GraphQLContext): Promise<VariationSource | null> {
  const id = hashString(image.hash, 'id');
  if (id === null || id === '') return null;
  const file = {
    id,
    mimeType: hashString(image.hash, 'mime'),
    width: hashNumber(image.hash, 'width'),
    height: hashNumber(image.hash, 'height'),
    fileSize: hashNumber(image.hash, 'fileSize'),
  };
  return { image, variation: await context.repository.imageVariationService.loadVariation(file, name) };
}

/** HTML5 of a DocBook document: the XHTML5 edit form without its `<section>` wrapper. */
export function richTextHtml5(xml: string): string {
  const edit = docbookToXhtml5Edit(xml);
  const match = /<section\b[^>]*>([\s\S]*)<\/section>\s*$/.exec(edit);
  return (match?.[1] ?? edit).trim();
}

const text = (key: string) => ({ type: GraphQLString, resolve: (record: HashRecord) => hashString(record, key) });
const integer = (key: string) => ({ type: GraphQLInt, resolve: (record: HashRecord) => hashNumber(record, key) });

/**
 * Ibexa's value types of field values. Image variations are the repository's (generated on their first request):
 * their URI, type and dimensions; `fileName` is the original's.
 */
export function registerFieldValueTypes(registry: TypeRegistry): void {
  registry.add(
    new GraphQLObjectType<{ readonly xml: string }, GraphQLContext>({
      name: 'RichTextFieldValue',
      fields: {
        text: { type: GraphQLString, description: 'The DocBook XML.', resolve: (value) => value.xml },
        xml: { type: GraphQLString, description: 'The DocBook XML.' },
        plaintext: { type: GraphQLString, description: 'The text without markup.', resolve: (value) => richTextPlainText(value.xml) },
        html5: { type: GraphQLString, resolve: (value) => richTextHtml5(value.xml) },
        html5_edit: { type: GraphQLString, description: 'XHTML5 in the online editor format.', resolve: (value) => docbookToXhtml5Edit(value.xml) },
      },
    }),
  );
  registry.add(
    new GraphQLObjectType<HashRecord, GraphQLContext>({
      name: 'ImageAdditionalData',
      fields: { focalPointX: { type: GraphQLFloat }, focalPointY: { type: GraphQLFloat } },
    }),
  );
  const variationFields = (): FieldMap<VariationSource> => ({
    uri: { type: GraphQLString, resolve: ({ variation }) => variation.uri },
    name: { type: GraphQLString, resolve: ({ variation }) => variation.name },
    mimeType: { type: GraphQLString, resolve: ({ variation }) => variation.mimeType },
    fileName: { type: GraphQLString, resolve: ({ image }) => hashString(image.hash, 'fileName') },
    lastModified: { type: registry.output('DateTime'), resolve: ({ image }) => image.modificationDate },
    width: { type: GraphQLInt, resolve: ({ variation }) => variation.width },
    height: { type: GraphQLInt, resolve: ({ variation }) => variation.height },
  });
  registry.add(new GraphQLObjectType<VariationSource, GraphQLContext>({ name: 'ImageVariation', fields: variationFields }));
  registry.add(
    new GraphQLObjectType<ImageSource, GraphQLContext>({
      name: 'ImageFieldValue',
      fields: (): FieldMap<ImageSource> => ({
        text: { type: GraphQLString, description: 'The URI (the string form of an image value).', resolve: (image) => hashString(image.hash, 'uri') },
        id: { type: GraphQLString, description: 'Storage id of the file.', resolve: (image) => hashString(image.hash, 'id') },
        imageId: { type: GraphQLString, description: '<contentId>-<fieldId>-<versionNo>.', resolve: (image) => `${image.contentId}-${image.fieldId}-${image.versionNo}` },
        alternativeText: { type: GraphQLString, resolve: (image) => hashString(image.hash, 'alternativeText') },
        fileName: { type: GraphQLString, resolve: (image) => hashString(image.hash, 'fileName') },
        fileSize: { type: GraphQLInt, resolve: (image) => hashNumber(image.hash, 'fileSize') },
        mimeType: { type: GraphQLString, resolve: (image) => hashString(image.hash, 'mime') },
        uri: { type: GraphQLString, resolve: (image) => hashString(image.hash, 'uri') },
        width: { type: GraphQLInt, resolve: (image) => hashNumber(image.hash, 'width') },
        height: { type: GraphQLInt, resolve: (image) => hashNumber(image.hash, 'height') },
        additionalData: { type: registry.output('ImageAdditionalData'), resolve: (image) => hashRecord(image.hash['additionalData']) ?? {} },
        variations: {
          type: new GraphQLList(registry.output('ImageVariation')),
          args: { identifier: { type: new GraphQLNonNull(new GraphQLList(registry.input(variationEnum(registry)))) } },
          resolve: async (image, args, context): Promise<VariationSource[]> => {
            const names = (listArg(args, 'identifier') ?? []).filter((name): name is string => typeof name === 'string');
            const variations = await Promise.all(names.map((name) => loadVariation(image, name, context)));
            return variations.filter((variation): variation is VariationSource => variation !== null);
          },
        },
        variation: {
          type: registry.output('ImageVariation'),
          args: { identifier: { type: new GraphQLNonNull(registry.input(variationEnum(registry))) } },
          resolve: async (image, args, context): Promise<VariationSource | null> => {
            const name = stringArg(args, 'identifier');
            return name === undefined ? null : loadVariation(image, name, context);
          },
        },
      }),
    }),
  );
  registry.add(
    new GraphQLObjectType<HashRecord, GraphQLContext>({
      name: 'BinaryFileFieldValue',
      fields: { fileName: text('fileName'), fileSize: integer('fileSize'), mimeType: text('mimeType'), uri: text('uri') },
    }),
  );
  registry.add(
    new GraphQLObjectType<{ readonly column: string; readonly text: string }, GraphQLContext>({
      name: 'MatrixCell',
      fields: { column: { type: GraphQLString, description: 'Column identifier.' }, text: { type: GraphQLString } },
    }),
  );
  registry.add(
    new GraphQLObjectType<HashRecord, GraphQLContext>({
      name: 'MatrixRow',
      description: 'One row of a Matrix field: its cells by column identifier, in the order the row holds them.',
      fields: () => ({
        cells: {
          type: new GraphQLList(registry.output('MatrixCell')),
          resolve: (row) => Object.entries(row).map(([column, text]) => ({ column, text: typeof text === 'string' ? text : String(text) })),
        },
      }),
    }),
  );
  registry.add(
    new GraphQLObjectType<HashRecord, GraphQLContext>({
      name: 'MediaFieldValue',
      fields: {
        fileName: text('fileName'),
        fileSize: integer('fileSize'),
        mimeType: text('mimeType'),
        uri: text('uri'),
        hasController: { type: GraphQLBoolean, resolve: (hash) => hash['hasController'] === true },
        autoplay: { type: GraphQLBoolean, resolve: (hash) => hash['autoplay'] === true },
        loop: { type: GraphQLBoolean, resolve: (hash) => hash['loop'] === true },
        width: integer('width'),
        height: integer('height'),
      },
    }),
  );
  registry.add(new GraphQLObjectType<HashRecord, GraphQLContext>({ name: 'UrlFieldValue', fields: { link: text('link'), text: text('text') } }));
  registry.add(
    new GraphQLObjectType<HashRecord, GraphQLContext>({
      name: 'MapLocationFieldValue',
      fields: {
        text: text('address'),
        latitude: { type: GraphQLString, resolve: (record) => stringOf(record['latitude']) },
        longitude: { type: GraphQLString, resolve: (record) => stringOf(record['longitude']) },
        address: text('address'),
      },
    }),
  );
  registry.add(
    new GraphQLObjectType<HashRecord, GraphQLContext>({
      name: 'AuthorFieldValue',
      fields: { id: integer('id'), name: text('name'), email: text('email') },
    }),
  );
  registry.add(
    new GraphQLObjectType<ThumbnailSource, GraphQLContext>({
      name: 'Thumbnail',
      fields: {
        uri: { type: GraphQLString },
        width: { type: GraphQLInt },
        height: { type: GraphQLInt },
        alternativeText: { type: GraphQLString },
        mimeType: { type: GraphQLString },
      },
    }),
  );
}

/** `ImageVariationIdentifier` when the schema has variations, else String. */
function variationEnum(registry: TypeRegistry): string {
  return registry.has('ImageVariationIdentifier') ? 'ImageVariationIdentifier' : 'String';
}

function stringOf(hash: Hash | undefined): string | null {
  return typeof hash === 'number' || typeof hash === 'string' ? String(hash) : null;
}
