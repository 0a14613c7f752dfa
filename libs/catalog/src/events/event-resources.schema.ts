import { EVENT_TYPES, prefixedId, timestamp } from '@cs/domain';
import { EVENT_CATALOG } from '@cs/events';
import { listEnvelope, toJsonSchema } from '@cs/paging';
import { z } from 'zod/v4';

/** The events feed's resources, written once: OpenAPI's components and GET /api/v1/event-types derive from these. */

export const EventSchema = z
  .strictObject({
    id: prefixedId('event', 'The event id: durable, the `webhook-id` of its deliveries, and what `after` takes to resume.'),
    type: z.enum(EVENT_TYPES).meta({ description: 'The event type; GET /api/v1/event-types gives the schema of `data` for each.' }),
    created_at: timestamp('When it happened.'),
    data: z.record(z.string(), z.unknown()).meta({ description: 'What happened, per type (see GET /api/v1/event-types).' }),
  })
  .meta({ description: 'An event: the same envelope webhooks deliver (Standard Webhooks).' });

export const EventPageSchema = listEnvelope(EventSchema, 'Events, oldest first, in the order they were committed.');

export const EventTypeSchema = z
  .strictObject({
    type: z.enum(EVENT_TYPES).meta({ description: 'The event type.' }),
    description: z.string().meta({ description: 'When it is sent.' }),
    data_schema: z.record(z.string(), z.unknown()).meta({ description: 'JSON Schema (2020-12) of the event\'s `data`.' }),
  })
  .meta({ description: 'An event type of the catalog.' });

export const EventTypeListSchema = z
  .strictObject({ data: z.array(EventTypeSchema).meta({ description: 'Every event type, in catalog order.' }) })
  .meta({ description: 'The event catalog.' });

export type EventTypeEntry = z.output<typeof EventTypeSchema>;

/** GET /api/v1/event-types: the catalog with each type's `data` schema, generated from EVENT_CATALOG. */
export const EVENT_TYPE_LIST: { data: EventTypeEntry[] } = {
  data: EVENT_TYPES.map((type) => ({
    type,
    description: EVENT_CATALOG[type].description,
    data_schema: toJsonSchema(EVENT_CATALOG[type].data, 'output') as Record<string, unknown>,
  })),
};

/** The feed's resources by the names the OpenAPI document gives their components. */
export const EVENT_RESOURCE_SCHEMAS = { Event: EventSchema, EventPage: EventPageSchema, EventType: EventTypeSchema, EventTypeList: EventTypeListSchema };
