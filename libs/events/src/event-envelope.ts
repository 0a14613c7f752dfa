import type { ConversationStatus, EventType } from '@cs/domain';

/**
 * Spec "Events": every webhook body is this envelope. `data` is the conversation at the time of the event,
 * kept minimal so the contract stays stable; full content is fetched with GET /api/v1/conversations/{id}.
 */
export interface EventEnvelope<T extends EventType = EventType> {
  id: string;
  type: T;
  created_at: string;
  data: EventData[T];
}

export interface ConversationEventData {
  id: string;
  title: string | null;
  started_at: string;
  status: ConversationStatus | null;
}

export interface EventData {
  'conversation.ready': ConversationEventData;
  'conversation.failed': ConversationEventData & { error_reason: string };
  /** title is the last-known title, so downstream caches can drop the conversation. */
  'conversation.deleted': ConversationEventData;
}
