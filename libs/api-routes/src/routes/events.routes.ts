import { LIST_EVENTS_PARAMS } from '@cs/catalog';
import { EVENT_FEED_RETENTION_DAYS } from '@cs/events';
import { NO_PARAMS } from '@cs/paging';
import { declareRoute } from '../route-declaration';
import { exampleEvent } from './examples';
import { FEED_VISIBILITY_NOTE } from './notes';

export const EVENT_ROUTES = {
  list: declareRoute({
    operationId: 'listEvents',
    method: 'get',
    path: '/api/v1/events',
    tag: 'Events',
    summary: 'Follow the events feed',
    description:
      'Events oldest first, in the order their writes committed (an event committed later never appears before one already ' +
      `served), kept for ${EVENT_FEED_RETENTION_DAYS} days. To keep a copy exact: make the full list, then follow the feed from ` +
      'GET /api/v1/events/latest, passing the id of the last event processed as `after`; event ids are durable, cursors expire ' +
      `after 24 hours. ${FEED_VISIBILITY_NOTE}`,
    access: { scope: 'conversations:read' },
    query: {
      params: LIST_EVENTS_PARAMS,
      documented: { type: 'EventType', after: 'EventAfter', created_after: 'EventCreatedAfter', limit: 'Limit', cursor: 'Cursor' },
    },
    success: { status: 200, description: 'A page of events.', schema: 'EventPage', example: { data: [exampleEvent], next_cursor: null, has_more: false } },
    errors: ['NotFound'],
  }),
  latest: declareRoute({
    operationId: 'getLatestEvent',
    method: 'get',
    path: '/api/v1/events/latest',
    tag: 'Events',
    summary: 'The newest event of the feed',
    description: 'Where a copy made now starts following the feed (its id is the first `after`). 404 when the feed is empty.',
    access: { scope: 'conversations:read' },
    query: { params: NO_PARAMS, documented: {} },
    success: { status: 200, description: 'The newest event.', schema: 'Event', example: exampleEvent },
    errors: ['NotFound'],
  }),
  retrieve: declareRoute({
    operationId: 'getEvent',
    method: 'get',
    path: '/api/v1/events/{id}',
    tag: 'Events',
    summary: 'Retrieve an event',
    description: 'One event as the caller sees it. Unknown, purged and invisible events are the same 404.',
    access: { scope: 'conversations:read' },
    pathParams: { id: 'EventId' },
    query: { params: NO_PARAMS, documented: {} },
    success: { status: 200, description: 'The event.', schema: 'Event', example: exampleEvent },
    errors: ['NotFound'],
  }),
  types: declareRoute({
    operationId: 'listEventTypes',
    method: 'get',
    path: '/api/v1/event-types',
    tag: 'Events',
    summary: 'List event types',
    description: 'Every event type webhooks can subscribe to and the feed carries, with the JSON Schema of its `data`.',
    access: { scope: 'conversations:read' },
    query: { params: NO_PARAMS, documented: {} },
    success: { status: 200, description: 'The event catalog.', schema: 'EventTypeList' },
    errors: [],
  }),
};
