import {
  ConversationListEntrySchema,
  ConversationPageSchema,
  ConversationSchema,
  FolderPageSchema,
  FolderSchema,
  MeSchema,
  ParticipantSchema,
  SourceLiteSchema,
  SourceSchema,
  TagCatalogEntrySchema,
  TagInlineSchema,
  TagPageSchema,
} from '@cs/catalog';
import { exampleId, type IdKind, idPattern, PROBLEM_STATUS } from '@cs/domain';
import type { JsonSchema } from './openapi.types';

export { exampleId, idPattern };

/** The read resources, as the catalog defines them; zod-openapi turns them into components and references them by name. */
export const READ_SCHEMAS = {
  TagInline: TagInlineSchema,
  TagCatalogEntry: TagCatalogEntrySchema,
  Participant: ParticipantSchema,
  SourceLite: SourceLiteSchema,
  Source: SourceSchema,
  ConversationListEntry: ConversationListEntrySchema,
  Conversation: ConversationSchema,
  Folder: FolderSchema,
  Me: MeSchema,
  ConversationPage: ConversationPageSchema,
  TagPage: TagPageSchema,
  FolderPage: FolderPageSchema,
};

export const schemaRef = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

export const id = (kind: IdKind, description: string): JsonSchema => ({
  type: 'string',
  pattern: idPattern(kind),
  description,
  examples: [exampleId(kind)],
});

export const dateTime = (description: string): JsonSchema => ({ type: 'string', format: 'date-time', description });

/** Response objects are closed: a field the document does not name is a defect, and the e2e suite checks for it. */
export const closedObject = (description: string, properties: Record<string, JsonSchema>, optional: string[] = []): JsonSchema => ({
  type: 'object',
  description,
  additionalProperties: false,
  required: Object.keys(properties).filter((name) => !optional.includes(name)),
  properties,
});

export const listEnvelope = (item: string, description: string): JsonSchema => ({
  type: 'object',
  description: `${description} Keyset-paginated: follow \`next_cursor\` until \`has_more\` is false.`,
  additionalProperties: false,
  required: ['data', 'next_cursor', 'has_more'],
  properties: {
    data: { type: 'array', items: schemaRef(item), description: 'Resources of this page.' },
    next_cursor: {
      type: ['string', 'null'],
      description:
        'Opaque cursor for the next page; null on the last page. Pass it as `cursor` unchanged. It is signed, expires after 24 hours, ' +
        'and works only for the same endpoint, the same filters and the same caller.',
    },
    has_more: { type: 'boolean', description: 'false on the last page.' },
  },
  // The two fields must agree: a cursor exactly when there is more.
  if: { properties: { has_more: { const: false } } },
  then: { properties: { next_cursor: { type: 'null' } } },
  else: { properties: { next_cursor: { type: 'string', minLength: 1 } } },
});

export function buildSchemas(publicApiUrl: string): Record<string, JsonSchema> {
  const problemTypeBase = `${publicApiUrl}/api/v1/problems/`;
  const problemCodes = Object.keys(PROBLEM_STATUS);
  return {
    InvalidParam: closedObject('One rejected request parameter.', {
      name: { type: 'string', description: 'The parameter name, e.g. `limit`.' },
      reason: { type: 'string', description: 'Why it was rejected.' },
    }),
    Problem: closedObject(
      'An RFC 9457 problem document (media type `application/problem+json`).',
      {
        type: {
          type: 'string',
          format: 'uri',
          pattern: `^${escapeRegExp(problemTypeBase)}[a-z_]+$`,
          description: 'URL of the problem type; GET it for a description of the problem.',
        },
        title: { type: 'string', description: 'Short, human-readable summary of the problem type.' },
        status: { type: 'integer', minimum: 400, maximum: 599, description: 'The HTTP status code.' },
        detail: { type: 'string', description: 'Human-readable explanation of this occurrence.' },
        code: { type: 'string', enum: problemCodes, description: 'Stable, machine-readable problem code.' },
        request_id: {
          type: 'string',
          pattern: '^[A-Za-z0-9._-]{1,128}$',
          description: 'Equals the `X-Request-Id` response header; quote it when reporting a problem.',
        },
        invalid_params: {
          type: 'array',
          minItems: 1,
          items: schemaRef('InvalidParam'),
          description: 'On 400 responses: every rejected parameter with its reason.',
        },
        scope: { type: 'string', description: 'On 403 `insufficient_scope`: the scope the operation needs.' },
      },
      ['invalid_params', 'scope'],
    ),
    ProblemType: closedObject('Description of a problem type, served at its `type` URL.', {
      code: { type: 'string', enum: problemCodes, description: 'The problem code.' },
      status: { type: 'integer', minimum: 400, maximum: 599, description: 'The HTTP status this problem is sent with.' },
      title: { type: 'string', description: 'Short summary, as in the problem documents.' },
      description: { type: 'string', description: 'When the problem occurs and what a client should do.' },
    }),
  };
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
