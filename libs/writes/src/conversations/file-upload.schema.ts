import { z } from 'zod/v4';
import { LIMITS } from '../validation/fields';

/**
 * POST /conversations/{id}/sources as multipart/form-data, as the document shows it: a `file` and an optional `title`,
 * nothing else. The api reads the parts itself (apps/api source-upload.ts sniffs the file and checks the title against
 * LIMITS.title); this only describes them. Its description, with the upload size of @cs/processing, is the api's.
 */
export const FileSourceUploadSchema = z
  .strictObject({
    file: z.string().meta({ contentMediaType: 'application/octet-stream', description: 'The file, with its name.' }),
    title: z
      .string()
      .min(1)
      .max(LIMITS.title)
      .optional()
      .meta({ description: 'Title of the source; defaults to the file name.' }),
  });
