import { storedImage } from '../field-types/ezimage-processor.js';
import type { RestHandler } from '../http/rest-context.js';
import { RestNotFoundError } from '../http/rest-errors.js';
import type { RouteDefinition } from '../http/route-table.js';
import { obj, val } from '../output/node.js';
import { rootNode } from '../output/visitors/root-visitor.js';
import { resource } from './route-support.js';

const root: RestHandler = async (context) => resource(rootNode(context.visit));

/**
 * GET /content/binary/images/{contentId-fieldId[-versionNo]}/variations/{alias} → `ContentImageVariation`.
 * Variations are served from the original image for now.
 */
const imageVariation: RestHandler = async (context) => {
  const [contentId, fieldId, versionNo] = (context.params['imageId'] ?? '').split('-').map(Number);
  const alias = context.params['variation'] ?? '';
  const notFound = (): RestNotFoundError => new RestNotFoundError(`Could not find 'ImageVariation' with identifier '${context.params['imageId'] ?? ''}/${alias}'`);
  if (contentId === undefined || fieldId === undefined) throw notFound();
  if (alias !== 'original' && !context.visit.imageVariations.includes(alias)) throw notFound();
  const content = await context.repository.contentService.loadContent(contentId, versionNo === undefined ? {} : { versionNo });
  const field = content.fields.find((candidate) => candidate.id === fieldId);
  const image = field ? storedImage(field, context.visit.fieldTypes) : null;
  if (image === null) throw notFound();
  const { hash } = image;
  const number = (key: string) => (typeof hash[key] === 'number' && hash[key] !== 0 ? hash[key] : undefined);
  const width = number('width');
  const height = number('height');
  const fileSize = number('fileSize');
  return resource(
    obj('ContentImageVariation', 'ContentImageVariation', { href: context.hrefs.imageVariation(context.params['imageId'] ?? '', alias) }, [
      val('uri', `${context.visit.origin}${image.uri}`),
      typeof hash['mime'] === 'string' ? val('contentType', hash['mime']) : undefined,
      width === undefined ? undefined : val('width', width),
      height === undefined ? undefined : val('height', height),
      fileSize === undefined ? undefined : val('fileSize', fileSize),
    ]),
  );
};

/** Root and image variations (the views are in view-routes.ts). */
export const rootRoutes: readonly RouteDefinition<RestHandler>[] = [
  { path: '/', methods: [['GET', root]] },
  { path: '/content/binary/images/{imageId:imageId}/variations/{variation:variation}', methods: [['GET', imageVariation]] },
];
