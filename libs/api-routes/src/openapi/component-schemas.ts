import { RecallStatusWebhookSchema, RecallWebhookOutcomeSchema } from '@cs/recorder';
import { EVENT_RESOURCE_SCHEMAS, EXPORT_RESOURCE_SCHEMAS, READ_RESOURCE_SCHEMAS } from '@cs/catalog';
import { exampleId, idPattern, inMebibytes, InvalidParamSchema, JSON_BODY_MAX_BYTES, problemSchema, ProblemTypeSchema, UPLOAD_MAX_BYTES } from '@cs/domain';
import { SEARCH_RESOURCE_SCHEMAS } from '@cs/search';
import { createWebhookInput, RecoverWebhookInputSchema, updateWebhookInput, webhookResources } from '@cs/webhook-subscriptions';
import {
  BotSchema,
  CreateBotRequestSchema,
  CreateConversationRequestSchema,
  CreateFolderRequestSchema,
  CreateTagRequestSchema,
  DocumentSourceInputSchema,
  FileSourceUploadSchema,
  RecorderEventOutcomeSchema,
  RecorderEventSchema,
  SourceInputSchema,
  TextSourceInputSchema,
  TranscriptSegmentInputSchema,
  TranscriptSourceInputSchema,
  UpdateConversationRequestSchema,
  UpdateFolderRequestSchema,
  UpdateTagRequestSchema,
} from '@cs/writes';
import type { z } from 'zod/v4';
import type { JsonSchema } from './openapi.types';

export { exampleId, idPattern };

/** The read resources, as the catalog defines them; zod-openapi turns them into components and references them by name. */
export const READ_SCHEMAS = { ...READ_RESOURCE_SCHEMAS, ...SEARCH_RESOURCE_SCHEMAS, ...EVENT_RESOURCE_SCHEMAS, ...EXPORT_RESOURCE_SCHEMAS };

export const schemaRef = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/**
 * A registered zod schema where a request body takes it: zod-openapi references its component and, seeing it used by a
 * request, renders it as input (a transform's input side: `color` is the pattern a client sends, not the stored value).
 */
export const requestSchema = (schema: z.ZodType): JsonSchema => schema as unknown as JsonSchema;

/** The largest file an upload takes (@cs/processing), as the document states it. */
export const UPLOAD_SIZE = inMebibytes(UPLOAD_MAX_BYTES);
export const JSON_BODY_SIZE = inMebibytes(JSON_BODY_MAX_BYTES);

/** The write inputs and the bot resources, as @cs/writes defines and validates them. */
export const WRITE_SCHEMAS = {
  TranscriptSegmentInput: TranscriptSegmentInputSchema,
  TranscriptSourceInput: TranscriptSourceInputSchema,
  DocumentSourceInput: DocumentSourceInputSchema,
  TextSourceInput: TextSourceInputSchema,
  SourceInput: SourceInputSchema,
  CreateConversationRequest: CreateConversationRequestSchema,
  UpdateConversationRequest: UpdateConversationRequestSchema,
  FileSourceUpload: FileSourceUploadSchema.meta({
    description: `A file source: PDF, DOCX, PPTX, TXT or MD, at most ${UPLOAD_SIZE}; its plain text is extracted by processing.`,
  }),
  CreateFolderRequest: CreateFolderRequestSchema,
  UpdateFolderRequest: UpdateFolderRequestSchema,
  CreateTagRequest: CreateTagRequestSchema,
  UpdateTagRequest: UpdateTagRequestSchema,
  CreateBotRequest: CreateBotRequestSchema,
  RecorderEvent: RecorderEventSchema,
  RecorderEventOutcome: RecorderEventOutcomeSchema,
  RecallStatusWebhook: RecallStatusWebhookSchema,
  RecallWebhookOutcome: RecallWebhookOutcomeSchema,
  Bot: BotSchema,
};

/**
 * The webhook inputs and resources, as @cs/webhook-subscriptions defines them. The inputs are shown with production's
 * rules; whether https is required changes a refinement only, not the schema.
 */
export const WEBHOOK_SCHEMAS = {
  CreateWebhookRequest: createWebhookInput(true),
  UpdateWebhookRequest: updateWebhookInput(true),
  RecoverWebhookRequest: RecoverWebhookInputSchema,
  WebhookRecovery: webhookResources.WebhookRecoverySchema,
  Webhook: webhookResources.WebhookSchema,
  WebhookWithSecret: webhookResources.WebhookWithSecretSchema,
  WebhookList: webhookResources.WebhookListSchema,
  WebhookDelivery: webhookResources.WebhookDeliverySchema,
  WebhookAttempt: webhookResources.WebhookAttemptSchema,
  WebhookDeliveryDetail: webhookResources.WebhookDeliveryDetailSchema,
  WebhookDeliveryList: webhookResources.WebhookDeliveryListSchema,
};

/** A component a response may name: a read resource, a write input or resource, a webhook resource. */
export type ComponentSchemaName = keyof typeof READ_SCHEMAS | keyof typeof WRITE_SCHEMAS | keyof typeof WEBHOOK_SCHEMAS | 'ProblemType';

/** The problem documents, as @cs/domain defines them; the `type` URL pattern depends on the deployment. */
export const buildProblemSchemas = (publicApiUrl: string) => ({
  InvalidParam: InvalidParamSchema,
  Problem: problemSchema(publicApiUrl),
  ProblemType: ProblemTypeSchema,
});
