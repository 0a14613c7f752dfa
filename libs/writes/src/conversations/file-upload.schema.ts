import { z } from 'zod/v4';
import { LIMITS, nameField } from '../validation/fields';

/** The form fields beside the file: a title, ruled as a JSON source's title is. */
export const UploadFieldsSchema = z.strictObject({
  title: nameField(LIMITS.title).optional().meta({ description: 'Title of the source; defaults to the file name.' }),
});

/**
 * POST /conversations/{id}/sources as multipart/form-data, as the document shows it: a `file` and an optional `title`,
 * nothing else. The api sniffs the file itself (apps/api source-upload.ts) and reads the fields with UploadFieldsSchema;
 * this describes both parts. Its description, with the upload size, is the api's.
 */
export const FileSourceUploadSchema = z
  .strictObject({
    file: z.string().meta({ contentMediaType: 'application/octet-stream', description: 'The file, with its name.' }),
    ...UploadFieldsSchema.shape,
  });
