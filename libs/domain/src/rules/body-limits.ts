const MiB = 1024 * 1024;

/** The largest JSON request body the API reads; larger ones are a 413 before they are parsed. */
export const JSON_BODY_MAX_BYTES = 10 * MiB;

/**
 * The largest upload accepted for a `file` source: 25 MiB. Enough for a long slide deck with images or a
 * scanned report, small enough that one extraction fits comfortably in a worker's memory (PDF.js and mammoth
 * hold the whole file plus its parsed structure). The API rejects larger bodies before reading them whole.
 */
export const UPLOAD_MAX_BYTES = 25 * MiB;

/**
 * The largest body of Recall.ai's status webhooks the API reads: they are a few hundred bytes. The endpoint is public
 * until the signature is checked, so it reads no more than this, and parses nothing before checking it.
 */
export const RECALL_WEBHOOK_BODY_MAX_BYTES = 1 * MiB;

/** `10 MiB`: how the documentation states a byte limit. */
export const inMebibytes = (bytes: number): string => `${bytes / MiB} MiB`;
