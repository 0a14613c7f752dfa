import type { EventType } from '@cs/domain';
import type { EventData } from './event-catalog.schema';

export type { EventData } from './event-catalog.schema';

/**
 * Spec "Events": every webhook body, and every item of GET /api/v1/events, is this envelope. `data` is thin (see
 * event-catalog.schema.ts); full content is read with GET on the resource.
 */
export interface EventEnvelope<T extends EventType = EventType> {
  id: string;
  type: T;
  created_at: string;
  data: EventData[T];
}
