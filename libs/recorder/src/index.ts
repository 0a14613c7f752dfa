export { type RetryPolicy, retryable, retryDelayMs } from './http/retry-schedule';
export { ProviderHttpClient, ProviderHttpError, type ProviderHttpOptions } from './http/provider-http.client';
export { type RecallStatusMeaning, recallStatusMeaning, TERMINATION_SUB_CODES } from './recall/recall-status.mapping';
export { BOT_ID_METADATA_KEY, readRecallStatusChange, type RecallStatusChange, RecallStatusWebhookSchema, RecallWebhookOutcomeSchema } from './recall/recall-webhook.schema';
export { type RecallBot, RecallClient, type RecallClientOptions, RECALL_SCHEDULE_LEAD_MS, type RecallTranscript } from './recall/recall.client';
export { recallTranscriptSource, transcriptDownloadUrl } from './recall/recall-transcript';
export { RECALL_PROVIDER, RecallWorkHandler } from './recall/recall-work.handler';
export { RecallWebhookReceiver, type RecallWebhookOutcome } from './recall/recall-webhook.receiver';
export { forgetSettledRecorderWork, RECORDER_WORK_LEASE_MS, recordStatusWebhook, type RecorderWorkRow, runRecorderWork, type WorkHandler, type WorkSchedule } from './work/recorder-work.store';
