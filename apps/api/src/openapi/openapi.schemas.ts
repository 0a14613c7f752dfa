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
import { exampleId, type IdKind, idPattern, InvalidParamSchema, problemSchema, ProblemTypeSchema } from '@cs/domain';
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

/** The problem documents, as @cs/domain defines them; the `type` URL pattern depends on the deployment. */
export const buildProblemSchemas = (publicApiUrl: string) => ({
  InvalidParam: InvalidParamSchema,
  Problem: problemSchema(publicApiUrl),
  ProblemType: ProblemTypeSchema,
});
