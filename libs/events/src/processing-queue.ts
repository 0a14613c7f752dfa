/** The processing queue, declared once for its producer (the outbox relay) and its consumer (the processor). */
export const PROCESSING_QUEUE = 'processing';
export const PROCESS_CONVERSATION_JOB = 'process-conversation';

export interface ProcessConversationJob {
  conversationId: string;
  workspaceId: string;
  /** The conversation's processing_generation this job was made for; a stale job writes nothing. */
  generation: number;
  /** The id of the API request that caused the work, carried into the worker's logs. */
  requestId: string | null;
}

/**
 * Deterministic job id: relaying the same outbox row twice, or the sweeper re-enqueueing work that is still
 * queued, adds the job once. (BullMQ job ids must not contain ':'.)
 */
export const processingJobId = (conversationId: string, generation: number): string => `${conversationId}.${generation}`;
