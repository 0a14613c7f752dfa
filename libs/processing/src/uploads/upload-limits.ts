/**
 * Inside DOCX and PPTX (zip) files, the most we inflate in total: a 25 MiB zip of XML can claim gigabytes
 * (a zip bomb). Real Office XML compresses about 5 to 20 times.
 */
export const UNZIPPED_MAX_BYTES = 256 * 1024 * 1024;
