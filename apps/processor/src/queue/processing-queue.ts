import { PROCESSING_QUEUE, type ProcessConversationJob, processingJobId } from '@cs/events';
import { type JobsOptions, Queue } from 'bullmq';
import type { ProcessorConfig } from '../config/processor-config';

export type ProcessingQueue = Queue<ProcessConversationJob>;

export function createProcessingQueue(config: ProcessorConfig): ProcessingQueue {
  return new Queue<ProcessConversationJob>(PROCESSING_QUEUE, {
    connection: { url: config.REDIS_URL, maxRetriesPerRequest: null },
    prefix: config.QUEUE_PREFIX,
  });
}

/**
 * Job options, explicit rather than library defaults (docs/contributing.md "Workers"): attempts and exponential backoff from
 * the configuration; finished jobs are kept an hour (so a duplicate relay within that time is recognised by its
 * id) and failed ones a week, for inspection.
 */
export function jobOptions(config: ProcessorConfig, job: ProcessConversationJob): JobsOptions {
  return {
    jobId: processingJobId(job.conversationId, job.generation),
    attempts: config.PROCESSING_ATTEMPTS,
    backoff: { type: 'exponential', delay: config.PROCESSING_BACKOFF_MS },
    removeOnComplete: { age: 3600 },
    removeOnFail: { age: 7 * 24 * 3600 },
  };
}
