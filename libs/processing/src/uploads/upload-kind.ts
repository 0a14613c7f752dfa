export const UPLOAD_KINDS = ['pdf', 'docx', 'pptx', 'txt', 'md'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** File name extensions we accept, lower-cased, to the kind they name. */
export const UPLOAD_EXTENSIONS: Readonly<Record<string, UploadKind>> = {
  pdf: 'pdf',
  docx: 'docx',
  pptx: 'pptx',
  txt: 'txt',
  text: 'txt',
  md: 'md',
  markdown: 'md',
};

/** Media types (without parameters, lower-cased) to the kind they name. */
export const UPLOAD_MEDIA_TYPES: Readonly<Record<string, UploadKind>> = {
  'application/pdf': 'pdf',
  'application/x-pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/x-markdown': 'md',
};

/** The media type to store and serve for each kind. */
export const UPLOAD_KIND_MEDIA_TYPE: Readonly<Record<UploadKind, string>> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain',
  md: 'text/markdown',
};
