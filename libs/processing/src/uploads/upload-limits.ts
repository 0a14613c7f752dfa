/**
 * The largest upload accepted for a `file` source: 25 MiB. Enough for a long slide deck with images or a
 * scanned report, small enough that one extraction fits comfortably in a worker's memory (PDF.js and mammoth
 * hold the whole file plus its parsed structure). The API rejects larger bodies before reading them whole.
 */
export const UPLOAD_MAX_BYTES = 25 * 1024 * 1024;

/**
 * Inside DOCX and PPTX (zip) files, the most we inflate in total: a 25 MiB zip of XML can claim gigabytes
 * (a zip bomb). Real Office XML compresses about 5 to 20 times.
 */
export const UNZIPPED_MAX_BYTES = 256 * 1024 * 1024;
