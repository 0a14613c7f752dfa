import { z } from 'zod/v4';
import { PROBLEM_STATUS, type ProblemCode } from './domain-error';
import type { ProblemDocument } from './problem-document';
import { problemTypeUri } from './problem-types';

/** The request ids the service echoes (any other incoming X-Request-Id is replaced by a generated one). */
export const REQUEST_ID_PATTERN = '^[A-Za-z0-9._-]{1,128}$';

const PROBLEM_CODES = Object.keys(PROBLEM_STATUS) as [ProblemCode, ...ProblemCode[]];

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const httpErrorStatus = (description: string) => z.int().min(400).max(599).meta({ description });

export const InvalidParamSchema = z
  .strictObject({
    name: z.string().meta({ description: 'The parameter name, e.g. `limit`.' }),
    reason: z.string().meta({ description: 'Why it was rejected.' }),
  })
  .meta({ description: 'One rejected request parameter.' });

/** RFC 9457 problem document; its `type` is a URL under the deployment's public API URL. */
export const problemSchema = (publicApiUrl: string) =>
  z
    .strictObject({
      type: z
        .string()
        .regex(new RegExp(`^${escapeRegExp(problemTypeUri(publicApiUrl, '' as ProblemCode))}[a-z_]+$`))
        .meta({ format: 'uri', description: 'URL of the problem type; GET it for a description of the problem.' }),
      title: z.string().meta({ description: 'Short, human-readable summary of the problem type.' }),
      status: httpErrorStatus('The HTTP status code.'),
      detail: z.string().meta({ description: 'Human-readable explanation of this occurrence.' }),
      code: z.enum(PROBLEM_CODES).meta({ description: 'Stable, machine-readable problem code.' }),
      request_id: z
        .string()
        .regex(new RegExp(REQUEST_ID_PATTERN))
        .meta({ description: 'Equals the `X-Request-Id` response header; quote it when reporting a problem.' }),
      invalid_params: z.array(InvalidParamSchema).min(1).optional().meta({ description: 'On 400 responses: every rejected parameter with its reason.' }),
      scope: z.string().optional().meta({ description: 'On 403 `insufficient_scope`: the scope the operation needs.' }),
    })
    .meta({ description: 'An RFC 9457 problem document (media type `application/problem+json`).' }) satisfies z.ZodType<ProblemDocument>;

export const ProblemTypeSchema = z
  .strictObject({
    code: z.enum(PROBLEM_CODES).meta({ description: 'The problem code.' }),
    status: httpErrorStatus('The HTTP status this problem is sent with.'),
    title: z.string().meta({ description: 'Short summary, as in the problem documents.' }),
    description: z.string().meta({ description: 'When the problem occurs and what a client should do.' }),
  })
  .meta({ description: 'Description of a problem type, served at its `type` URL.' });
