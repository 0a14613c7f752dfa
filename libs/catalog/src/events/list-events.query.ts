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
  position: string;
  payload: EventEnvelope;
  audience: EventAudience | null;
}

/**
 * The caller's events in feed order: by the position the feed sequencer gave each one after its writer committed
 * (FeedSequencer, docs/architecture.md "The events feed"), kept in `feed_positions` beside the outbox. Positions
 * become visible in order, so an event can never appear before one already served; an event not yet positioned has
 * no row there and is not served yet (well under a second).
 *
 * A page walks a workspace's positions in order and looks up and filters each event in turn, as the feed did when
 * positions were in the outbox. The filters sit in a subquery that the planner may not merge into a join (OFFSET 0): it
 * misjudges how many events they keep (expressions on the audience), and as a join it then chose hash joins over
 * the whole outbox, or parallel workers, for a page of 100 (6 ms instead of 0.4 at 50,000 events).
 */
const feed = (eventConditions: string[]) =>
  `feed_positions f CROSS JOIN LATERAL (
     SELECT o.id, o.payload, o.audience FROM outbox o WHERE o.id = f.event_id AND o.topic = 'event' AND ${eventConditions.join(' AND ')} OFFSET 0
   ) o`;

const AFTER_UNKNOWN = 'is not an event of your feed (unknown, not visible to you, or older than the feed keeps events): list again, then follow the feed from GET /api/v1/events/latest';
const AFTER_UNPOSITIONED = 'is not in the feed yet (it committed a moment ago): retry in a second';
/** How long `after` waits for an event the caller heard of (a webhook) before the sequencer has positioned it. */
const POSITION_WAIT_MS = 2_000;
const POSITION_POLL_MS = 100;

async function positionOf(db: RowQueryable, principal: Principal, eventId: string): Promise<CursorKey> {
  for (let waited = 0; ; waited += POSITION_POLL_MS) {
    const [row] = await db.query<{ position: string | null }>(
      `SELECT f.position::text AS position FROM outbox o LEFT JOIN feed_positions f ON f.event_id = o.id
       WHERE o.id = $1 AND o.workspace_id = $2 AND o.topic = 'event' AND ${eventVisibleTo('o', '$3')}`,
      [eventId, principal.workspaceId, principal.userId],
    );
    if (!row) throw invalidParameters([{ name: 'after', reason: AFTER_UNKNOWN }]);
    if (row.position !== null) return [row.position];
    if (waited >= POSITION_WAIT_MS) throw invalidParameters([{ name: 'after', reason: AFTER_UNPOSITIONED }]);
    await new Promise((resolve) => setTimeout(resolve, POSITION_POLL_MS));
  }
}

/** A cursor's start; one issued before feed positions holds [tx, id]: resumed from that event's position. */
const startOf = (db: RowQueryable, principal: Principal, key: CursorKey): Promise<CursorKey> | CursorKey =>
  key.length === 2 ? positionOf(db, principal, String(key[1])) : key;

export async function listEvents(db: RowQueryable, principal: Principal, request: PageRequest<EventFilters>): Promise<Page<EventEnvelope>> {
  const { filters, limit } = request;
  const start = request.after ? await startOf(db, principal, request.after) : filters.after !== null ? await positionOf(db, principal, filters.after) : null;
  const p = new SqlParams();
  const viewer = p.add(principal.userId);
  const where = [`f.workspace_id = ${p.add(principal.workspaceId)}`];
  const shown = [eventVisibleTo('o', viewer)];
  if (start) where.push(`f.position > ${p.add(String(start[0]))}::bigint`);
  if (filters.types.length > 0) shown.push(`${eventTypeSeenBy('o', viewer)} = ANY(${p.add(filters.types)}::text[])`);
  if (filters.createdAfter !== null) shown.push(`o.created_at > ${p.add(filters.createdAfter)}::timestamptz`);
  const rows = await db.query<EventRow>(
    `SELECT o.id, f.position::text AS position, o.payload, o.audience FROM ${feed(shown)}
     WHERE ${where.join(' AND ')}
     ORDER BY f.position LIMIT ${p.add(limit + 1)}`,
    p.values,
  );
  return toPage(rows, limit, (row) => [row.position], (row) => seenBy(row, principal));
}

function seenBy(row: Omit<EventRow, 'position'>, principal: Principal): EventEnvelope {
  const envelope = envelopeFor(row.payload, row.audience, principal.userId);
  // The query selected only events the caller may see.
  if (!envelope) throw new Error(`event ${row.id} is not visible to ${principal.userId}`);
  return envelope;
}

/** GET /api/v1/events/{id}: one event as the caller sees it; 404 when unknown, purged or not visible. */
export async function getEvent(db: RowQueryable, principal: Principal, id: string): Promise<EventEnvelope> {
  if (!isIdOf('event', id)) throw notFound('event');
  const [row] = await db.query<Omit<EventRow, 'position'>>(
    `SELECT o.id, o.payload, o.audience FROM outbox o
     WHERE o.id = $1 AND o.workspace_id = $2 AND o.topic = 'event' AND ${eventVisibleTo('o', '$3')}`,
    [id, principal.workspaceId, principal.userId],
  );
  if (!row) throw notFound('event');
  return seenBy(row, principal);
}

/** GET /api/v1/events/latest: the newest event of the caller's feed, where a copy made now starts following it. */
export async function latestEvent(db: RowQueryable, principal: Principal): Promise<EventEnvelope> {
  const [row] = await db.query<EventRow>(
    `SELECT o.id, f.position::text AS position, o.payload, o.audience FROM ${feed([eventVisibleTo('o', '$2')])}
     WHERE f.workspace_id = $1
     ORDER BY f.position DESC LIMIT 1`,
    [principal.workspaceId, principal.userId],
  );
  if (!row) throw notFound('event');
  return seenBy(row, principal);
}
