import { LIST_EVENTS_PARAMS } from '@cs/catalog';
import { EVENT_FEED_RETENTION_DAYS } from '@cs/events';
import { parameterRef } from './openapi.components';
import { EXAMPLE_TIME, json, problems } from './openapi.paths';
import { exampleId, schemaRef } from './openapi.schemas';
import type { Operation, Parameter, PathItem, SecurityRequirement } from './openapi.types';

const security: SecurityRequirement[] = [{ bearerAuth: [] }, { oauth2: ['conversations:read'] }];
const SCOPE_NOTE = 'Requires the `conversations:read` scope (API keys carry every scope).';
const VISIBILITY_NOTE =
  'The feed holds the events about what the caller can see: their own conversations and folders, those shared with the workspace, and ' +
  'the workspace\'s tags. When a conversation or folder the caller could see is made private by its owner, the caller gets that event ' +
  'as `conversation.hidden` / `folder.hidden` (its id only), so a copy knows to drop it.';

const readProblems = () => problems('BadRequest', 'Unauthorized', 'Forbidden', 'NotFound', 'TooManyRequests', 'InternalError', 'ServiceUnavailable');

const exampleEvent = {
  id: exampleId('event'),
  type: 'conversation.updated',
  created_at: EXAMPLE_TIME,
  data: { id: exampleId('conversation'), title: 'Weekly launch sync', started_at: EXAMPLE_TIME, status: 'ready', changed: ['title'] },
};

const query = (name: 'type' | 'after' | 'created_after', description: string, extra: Partial<Parameter> = {}): Parameter => ({
  name,
  in: 'query',
  description,
  schema: LIST_EVENTS_PARAMS.property(name),
  ...extra,
});

export function buildEventPaths(): Record<string, PathItem> {
  const op = (o: Omit<Operation, 'security' | 'tags'>): Operation => ({ security, tags: ['Events'], ...o });
  return {
    '/api/v1/events': {
      get: op({
        operationId: 'listEvents',
        summary: 'Follow the events feed',
        description:
          'Events oldest first, in the order their writes committed (an event committed later never appears before one already ' +
          `served), kept for ${EVENT_FEED_RETENTION_DAYS} days. To keep a copy exact: make the full list, then follow the feed from ` +
          'GET /api/v1/events/latest, passing the id of the last event processed as `after`; event ids are durable, cursors expire ' +
          `after 24 hours. ${VISIBILITY_NOTE} ${SCOPE_NOTE}`,
        parameters: [
          query('type', 'Only these event types; repeat the parameter (`type=a&type=b`).', { style: 'form', explode: true }),
          query('after', 'An event id: the events after it. Unknown, invisible or purged ids are a 400 naming `after`: list again.'),
          query('created_after', 'Only events that happened strictly after this RFC 3339 date-time.'),
          parameterRef('Limit'),
          parameterRef('Cursor'),
          parameterRef('RequestId'),
        ],
        responses: { '200': json('A page of events.', schemaRef('EventPage'), { data: [exampleEvent], next_cursor: null, has_more: false }), ...readProblems() },
      }),
    },
    '/api/v1/events/latest': {
      get: op({
        operationId: 'getLatestEvent',
        summary: 'The newest event of the feed',
        description: `Where a copy made now starts following the feed (its id is the first \`after\`). 404 when the feed is empty. ${SCOPE_NOTE}`,
        parameters: [parameterRef('RequestId')],
        responses: { '200': json('The newest event.', schemaRef('Event'), exampleEvent), ...readProblems() },
      }),
    },
    '/api/v1/events/{id}': {
      get: op({
        operationId: 'getEvent',
        summary: 'Retrieve an event',
        description: `One event as the caller sees it. Unknown, purged and invisible events are the same 404. ${SCOPE_NOTE}`,
        parameters: [{ name: 'id', in: 'path', required: true, description: 'The event id.', schema: { type: 'string' }, example: exampleId('event') }, parameterRef('RequestId')],
        responses: { '200': json('The event.', schemaRef('Event'), exampleEvent), ...readProblems() },
      }),
    },
    '/api/v1/event-types': {
      get: op({
        operationId: 'listEventTypes',
        summary: 'List event types',
        description: `Every event type webhooks can subscribe to and the feed carries, with the JSON Schema of its \`data\`. ${SCOPE_NOTE}`,
        parameters: [parameterRef('RequestId')],
        responses: { '200': json('The event catalog.', schemaRef('EventTypeList')), ...readProblems() },
      }),
    },
  };
}
