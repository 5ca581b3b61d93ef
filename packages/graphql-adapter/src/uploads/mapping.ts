import type { UploadMapping } from '../resolvers/graphql-context.js';

/**
 * Ibexa's default multi-file upload mapping (from `ibexa/admin-ui`): images to `image`, office documents, PDF and SVG
 * to `file`, anything else (video included) to the `file` fallback. Ibexa's lists plus `image/vnd.microsoft.icon`:
 * core's detection names ICO by its registered name (ADR 0014), where Ibexa's list has `image/x-icon` only.
 */
export const DEFAULT_UPLOAD_MAPPINGS: readonly UploadMapping[] = [
  {
    mimeTypes: [
      'image/jpeg', 'image/jpg', 'image/pjpeg', 'image/pjpg', 'image/png', 'image/bmp', 'image/gif', 'image/tiff',
      'image/x-icon', 'image/vnd.microsoft.icon', 'image/webp',
    ],
    contentTypeIdentifier: 'image',
    contentFieldIdentifier: 'image',
    nameFieldIdentifier: 'name',
  },
  {
    mimeTypes: [
      'image/svg+xml', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.ms-powerpoint', 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/pdf',
    ],
    contentTypeIdentifier: 'file',
    contentFieldIdentifier: 'file',
    nameFieldIdentifier: 'name',
  },
];

/** The fallback of files no mapping matches (`ibexa.multifile_upload.fallback_content_type`). */
export const DEFAULT_UPLOAD_FALLBACK: Omit<UploadMapping, 'mimeTypes'> = {
  contentTypeIdentifier: 'file',
  contentFieldIdentifier: 'file',
  nameFieldIdentifier: 'name',
};

/** The first mapping listing `mimeType`, else the fallback. */
export function mappingFor(
  mimeType: string,
  mappings: readonly UploadMapping[],
  fallback: Omit<UploadMapping, 'mimeTypes'>,
): Omit<UploadMapping, 'mimeTypes'> {
  return mappings.find((mapping) => mapping.mimeTypes.includes(mimeType)) ?? fallback;
}
