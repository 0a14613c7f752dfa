/**
 * The status of a client error raised as an http-errors error by the request body readers (body-parser, raw-body
 * and the decompression they do, multer), which are not Nest's HttpException: a 4xx with `expose` or a `type`.
 * `expose` counts because body-parser passes zlib's failure on a body that is not compressed as its
 * Content-Encoding says on with status 400 and no `type` (issue 19: that was a 500). Undefined for anything else,
 * which stays a 500.
 */
export function clientErrorStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, expose, type } = error as { status?: unknown; expose?: unknown; type?: unknown };
  if (typeof status !== 'number' || status < 400 || status > 499) return undefined;
  return expose === true || typeof type === 'string' ? status : undefined;
}
