import { EVENT_TYPES, type EventType, invalidParameters, isIdOf, notFound, type Principal } from '@cs/domain';
import { type EventAudience, type EventEnvelope, envelopeFor, eventTypeSeenBy, eventVisibleTo } from '@cs/events';
import { type CursorKey, PAGE, type Page, type PageRequest, QueryParams, text, toPage } from '@cs/paging';
import { type RowQueryable, SqlParams } from '@cs/persistence';
import { z } from 'zod/v4';
import { dateTime } from '../params/filter-fields';

const TYPE_REASON = `values must be event types: ${EVENT_TYPES.join(', ')}`;

/** GET /api/v1/events. */
export const LIST_EVENTS_PARAMS = new QueryParams(
  z.strictObject({
    type: z
      .array(z.string().refine((value) => (EVENT_TYPES as readonly string[]).includes(value), { error: TYPE_REASON }))
      .min(1, { error: TYPE_REASON })
      .max(EVENT_TYPES.length, { error: `may be repeated at most ${EVENT_TYPES.length} times` })
      .transform((types) => EVENT_TYPES.filter((type) => types.includes(type)))
      .optional()
      .meta({ description: 'Only events of these types (repeatable).' }),
    after: text().optional().meta({ description: 'An event id: resume after the last event you processed.' }),
    created_after: dateTime.optional(),
    ...PAGE,
  }),
);

export type ListEventsParams = z.output<typeof LIST_EVENTS_PARAMS.schema>;

export interface EventFilters {
  types: EventType[];
  after: string | null;
  createdAfter: string | null;
}

export const EVENT_FILTER_PARAMS = { types: 'type', after: 'after', createdAfter: 'created_after' } as const;

export const eventFilters = (params: ListEventsParams): EventFilters => ({
  types: params.type ?? [],
  after: params.after ?? null,
  createdAfter: params.created_after ?? null,
});

interface EventRow {
  id: string;
  tx: string;
  payload: EventEnvelope;
  audience: EventAudience | null;
}

/**
 * The caller's events, oldest first, in the order their transactions committed: ordered by the writing
 * transaction's id, and only once every transaction older than the caller's snapshot has finished
 * (pg_snapshot_xmin), so an event committed later can never sort before one already served (migration
 * 1764700000000). A long transaction elsewhere delays the feed; it never reorders it.
 */
const SERVED = `o.tx < pg_snapshot_xmin(pg_current_snapshot())`;

const AFTER_UNKNOWN = 'is not an event of your feed (unknown, not visible to you, or older than the feed keeps events): list again, then follow the feed from GET /api/v1/events/latest';

async function positionOf(db: RowQueryable, principal: Principal, eventId: string): Promise<CursorKey> {
  const [row] = await db.query<{ tx: string }>(
    `SELECT o.tx::text AS tx FROM outbox o
     WHERE o.id = $1 AND o.workspace_id = $2 AND o.topic = 'event' AND ${eventVisibleTo('o', '$3')}`,
    [eventId, principal.workspaceId, principal.userId],
  );
  if (!row) throw invalidParameters([{ name: 'after', reason: AFTER_UNKNOWN }]);
  return [row.tx, eventId];
}

export async function listEvents(db: RowQueryable, principal: Principal, request: PageRequest<EventFilters>): Promise<Page<EventEnvelope>> {
  const { filters, limit } = request;
  const start = request.after ?? (filters.after !== null ? await positionOf(db, principal, filters.after) : null);
  const p = new SqlParams();
  const viewer = p.add(principal.userId);
  const where = [`o.workspace_id = ${p.add(principal.workspaceId)}`, `o.topic = 'event'`, SERVED, eventVisibleTo('o', viewer)];
  if (start) where.push(`(o.tx, o.id) > (${p.add(String(start[0]))}::xid8, ${p.add(String(start[1]))})`);
  if (filters.types.length > 0) where.push(`${eventTypeSeenBy('o', viewer)} = ANY(${p.add(filters.types)}::text[])`);
  if (filters.createdAfter !== null) where.push(`o.created_at > ${p.add(filters.createdAfter)}::timestamptz`);
  const rows = await db.query<EventRow>(
    `SELECT o.id, o.tx::text AS tx, o.payload, o.audience FROM outbox o
     WHERE ${where.join(' AND ')}
     ORDER BY o.tx, o.id LIMIT ${p.add(limit + 1)}`,
    p.values,
  );
  return toPage(rows, limit, (row) => [row.tx, row.id], (row) => seenBy(row, principal));
}

function seenBy(row: EventRow, principal: Principal): EventEnvelope {
  const envelope = envelopeFor(row.payload, row.audience, principal.userId);
  // The query selected only events the caller may see.
  if (!envelope) throw new Error(`event ${row.id} is not visible to ${principal.userId}`);
  return envelope;
}

/** GET /api/v1/events/{id}: one event as the caller sees it; 404 when unknown, purged or not visible. */
export async function getEvent(db: RowQueryable, principal: Principal, id: string): Promise<EventEnvelope> {
  if (!isIdOf('event', id)) throw notFound('event');
  const [row] = await db.query<EventRow>(
    `SELECT o.id, o.tx::text AS tx, o.payload, o.audience FROM outbox o
     WHERE o.id = $1 AND o.workspace_id = $2 AND o.topic = 'event' AND ${eventVisibleTo('o', '$3')}`,
    [id, principal.workspaceId, principal.userId],
  );
  if (!row) throw notFound('event');
  return seenBy(row, principal);
}

/** GET /api/v1/events/latest: the newest event of the caller's feed, where a copy made now starts following it. */
export async function latestEvent(db: RowQueryable, principal: Principal): Promise<EventEnvelope> {
  const [row] = await db.query<EventRow>(
    `SELECT o.id, o.tx::text AS tx, o.payload, o.audience FROM outbox o
     WHERE o.workspace_id = $1 AND o.topic = 'event' AND ${SERVED} AND ${eventVisibleTo('o', '$2')}
     ORDER BY o.tx DESC, o.id DESC LIMIT 1`,
    [principal.workspaceId, principal.userId],
  );
  if (!row) throw notFound('event');
  return seenBy(row, principal);
}
