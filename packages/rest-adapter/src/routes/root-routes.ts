import { InvalidArgumentError } from '@contentrepo/core';
import { storedImageFile } from '../field-types/ezimage-processor.js';
import type { RestHandler } from '../http/rest-context.js';
import { BadRequestError, RestNotFoundError } from '../http/rest-errors.js';
import type { RouteDefinition } from '../http/route-table.js';
import { obj, val } from '../output/node.js';
import { rootNode } from '../output/visitors/root-visitor.js';
import { resource } from './route-support.js';

const root: RestHandler = async (context) => resource(rootNode(context.visit));

/**
 * GET /content/binary/images/{contentId-fieldId[-versionNo]}/variations/{alias} → `ContentImageVariation` (`uri`,
 * `contentType`, `width`, `height`, `fileSize`) of the variation, generated on its first request (Ibexa 4.6
 * behaviour). 404 for an unknown item, version, field, alias, a field without an image or a missing original; 400
 * when the stored file cannot be decoded as an image.
 */
const imageVariation: RestHandler = async (context) => {
  const [contentId, fieldId, versionNo] = (context.params['imageId'] ?? '').split('-').map(Number);
  const alias = context.params['variation'] ?? '';
  const notFound = (): RestNotFoundError => new RestNotFoundError(`Could not find 'ImageVariation' with identifier '${context.params['imageId'] ?? ''}/${alias}'`);
  if (contentId === undefined || fieldId === undefined) throw notFound();
  if (alias !== 'original' && !context.visit.imageVariations.includes(alias)) throw notFound();
  const content = await context.repository.contentService.loadContent(contentId, versionNo === undefined ? {} : { versionNo });
  const field = content.fields.find((candidate) => candidate.id === fieldId);
  const image = field ? storedImageFile(field, context.visit.fieldTypes) : null;
  if (image === null) throw notFound();
  const variation = await context.repository.imageVariationService.loadVariation(image, alias).catch((error: unknown) => {
    // An undecodable stored file: the request names an image no variation can be made of.
    throw error instanceof InvalidArgumentError ? new BadRequestError(error.message) : error;
  });
  return resource(
    obj('ContentImageVariation', 'ContentImageVariation', { href: context.hrefs.imageVariation(context.params['imageId'] ?? '', alias) }, [
      val('uri', `${context.visit.origin}${variation.uri}`),
      val('contentType', variation.mimeType),
      variation.width === null ? undefined : val('width', variation.width),
      variation.height === null ? undefined : val('height', variation.height),
      val('fileSize', variation.fileSize),
    ]),
  );
};

/** Root and image variations (the views are in view-routes.ts). */
export const rootRoutes: readonly RouteDefinition<RestHandler>[] = [
  { path: '/', methods: [['GET', root]] },
  { path: '/content/binary/images/{imageId:imageId}/variations/{variation:variation}', methods: [['GET', imageVariation]] },
];
