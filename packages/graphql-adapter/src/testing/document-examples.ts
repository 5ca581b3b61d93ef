/**
 * The client GraphQL examples (their types, mutations and multipart upload rules) as concrete operations, written the
 * way the examples give them: `languageCode: "eng-GB"` strings, `language: "eng-GB"` in the image example,
 * `_info { id mainLocationId }` results and the `... on ImageContent/FileContent/VideoContent` fragments of
 * `uploadFiles`. The Ibexa documentation's spellings of the same examples (`language: eng_GB` enum values) are
 * included too. `<content_id>` placeholders are functions of the id.
 */

/** A multipart upload example: the `operations` and `map` parts and the file parts (name → file name). */
export interface UploadExample {
  readonly operations: { readonly query: string; readonly variables: Readonly<Record<string, unknown>> };
  readonly map: Readonly<Record<string, readonly string[]>>;
  /** Part name → client file name, in form order. */
  readonly files: readonly (readonly [part: string, fileName: string])[];
}

/** create<Type> for a folder, as the document's mutation table gives it (`languageCode` string). */
export const CREATE_FOLDER = `mutation CreateFolder {
  createFolder(
    languageCode: "eng-GB"
    parentLocationId: 2
    input: {
      name: "New Folder"
    }
  ) {
    id
  }
}`;

/** The same in Ibexa's spelling (`language: eng_GB`). */
export const CREATE_FOLDER_IBEXA = `mutation createFolder {
  createFolder(
    language: eng_GB
    parentLocationId: 2
    input: {
      name: "New Folder"
    }
  ) {
    id
  }
}`;

/** update<Type>: `languageCode`, `contentId`, an input with all fields optional. */
export const updateFolder = (contentId: number): string => `mutation updateFolder {
  updateFolder(
    languageCode: "eng-GB"
    contentId: ${contentId}
    input: {
      name: "New Folder name"
    }
  ) {
    id
  }
}`;

/** deleteContent by `contentId`, returning `id` and `contentId`. */
export const deleteContentById = (contentId: number): string => `mutation deleteBlogPost {
  deleteContent(contentId: ${contentId}) {
    id
    contentId
  }
}`;

/** deleteContent by the opaque GraphQL `id`. */
export const deleteContentByGlobalId = (id: string): string => `mutation deleteBlogPost {
  deleteContent(id: "${id}") {
    id
    contentId
  }
}`;

/** The content result shape of the document ("GraphQL types used"), queried on a created item. */
export const contentResult = (contentId: number): string => `{
  item(contentId: ${contentId}) {
    id
    contentId
    _info { id mainLocationId }
    _url
    _location { id }
    ... on ImageItem { name image { fileName alternativeText uri } }
  }
}`;

/** createImage with a file (the GraphQL form: `language: eng_GB`). */
export const CREATE_IMAGE: UploadExample = {
  operations: {
    query: `mutation CreateImage($file: FileUpload!) {
  createImage(
    parentLocationId: 51,
    language: eng_GB,
    input: {
      name: "An image created over GraphQL",
      image: {
        alternativeText: "The alternative text",
        file: $file
      }
    }
  ) {
    _info { id mainLocationId }
    name
    image { fileName alternativeText uri }
  }
}`,
    variables: { file: null },
  },
  map: { image: ['variables.file'] },
  files: [['image', 'image.png']],
};

/** createImage as the curl example sends it (`language: "eng-GB"`, `_url`). */
export const CREATE_IMAGE_CURL: UploadExample = {
  operations: {
    query:
      'mutation CreateImage($file: FileUpload!) { createImage( parentLocationId: 51, input: { name: "An image created over GraphQL", image: { alternativeText: "The alternative text", file: $file } }, language: "eng-GB" ) { _info { id mainLocationId } _url name image { fileName alternativeText uri } } }',
    variables: { file: null },
  },
  map: { image: ['variables.file'] },
  files: [['image', 'image.png']],
};

const UPLOAD_FILES_SELECTION =
  '{ files { _url _location { id } ... on ImageContent { name image { uri } } ... on FileContent { name file { uri } } ... on VideoContent { name file { uri } } } warnings }';

/** uploadFiles as the curl example sends it: five files, `languageCode: "eng-GB"`. */
export const UPLOAD_FILES_CURL: UploadExample = {
  operations: {
    query: `mutation UploadMultipleFiles($files: [FileUpload]!) { uploadFiles( locationId: 51, files: $files, languageCode: "eng-GB" ) ${UPLOAD_FILES_SELECTION} }`,
    variables: { files: [null, null, null, null, null] },
  },
  map: {
    image1: ['variables.files.0'],
    image2: ['variables.files.1'],
    file1: ['variables.files.2'],
    file2: ['variables.files.3'],
    media: ['variables.files.4'],
  },
  files: [
    ['image1', 'image1.png'],
    ['image2', 'image2.png'],
    ['file1', 'file1.pdf'],
    ['file2', 'file2.zip'],
    ['media', 'media.mp4'],
  ],
};

/** uploadFiles in the GraphQL form (`language: eng_GB`), two files. */
export const UPLOAD_FILES: UploadExample = {
  operations: {
    query: `mutation UploadMultipleFiles($files: [FileUpload]!) {
  uploadFiles(
    locationId: 51,
    files: $files,
    language: eng_GB
  ) {
    files {
      _url
      _location {
        id
      }
      ... on ImageContent {
        name
        image {
          uri
        }
      }
      ... on FileContent {
        name
        file {
          uri
        }
      }
      ... on VideoContent {
        name
        file {
          uri
        }
      }
    }
    warnings
  }
}`,
    variables: { files: [null, null] },
  },
  map: { '0': ['variables.files.0'], '1': ['variables.files.1'] },
  files: [
    ['0', 'photo.png'],
    ['1', 'notes.pdf'],
  ],
};
