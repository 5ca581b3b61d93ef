import type { UploadExample } from './document-examples.js';
import { sampleFile } from './sample-files.js';

/**
 * A GraphQL multipart request body built with the platform's `FormData`, in the spec's order (`operations`, `map`,
 * then the files), as apollo-upload-client and `curl -F` send it. Files default to {@link sampleFile}.
 */
export function multipartBody(example: UploadExample, files: (fileName: string) => Uint8Array = sampleFile): FormData {
  const form = new FormData();
  form.append('operations', JSON.stringify(example.operations));
  form.append('map', JSON.stringify(example.map));
  for (const [part, fileName] of example.files) form.append(part, new Blob([files(fileName)]), fileName);
  return form;
}
