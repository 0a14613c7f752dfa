import type { EventType, Visibility } from '@cs/domain';
import type { EventEnvelope } from './event-envelope';

/** How long events stay readable in the feed (GET /api/v1/events), whatever the delivery log's retention. */
export const EVENT_FEED_RETENTION_DAYS = 30;

/**
 * Who may see an event, recorded with it: the subject's owner and visibility after the change, and, when the change
 * was to its visibility, the visibility before. Tags have no owner: the workspace sees them.
 */
export interface EventAudience {
  owner_id?: string;
  visibility: Visibility;
  was_visibility?: Visibility;
}

/** How a viewer sees an event: in full, as `<kind>.hidden` (they could see the subject before, not now), or not at all. */
export type EventView = 'full' | 'hidden' | null;

/**
 * docs/api.md "Events": a viewer sees events about what they can see (their own, or shared with the workspace), and
 * learns through `<kind>.hidden` when something they could see stops being visible to them. The SQL twin is
 * `eventVisibleTo` below; the feed and the webhook relay both use these.
 */
export function eventViewOf(audience: EventAudience | null, viewerId: string): EventView {
  if (!audience) return null;
  if (audience.visibility === 'workspace' || audience.owner_id === viewerId) return 'full';
  return audience.was_visibility === 'workspace' ? 'hidden' : null;
}

/** The type a viewer gets an event as: its own in full, else the `<kind>.hidden` of its subject. */
export function eventTypeFor(type: string, view: Exclude<EventView, null>): string {
  return view === 'full' ? type : `${type.split('.')[0]}.hidden`;
}

/** SQL twin of `eventViewOf(...) === 'full'`, for outbox row `alias` and the viewer bound to `viewerParam`. */
export const eventSeenInFullBy = (alias: string, viewerParam: string): string =>
  `(${alias}.audience->>'visibility' = 'workspace' OR ${alias}.audience->>'owner_id' = ${viewerParam})`;

/** SQL twin of `eventViewOf(...) !== null`. */
export const eventVisibleTo = (alias: string, viewerParam: string): string =>
  `(${eventSeenInFullBy(alias, viewerParam)} OR ${alias}.audience->>'was_visibility' = 'workspace')`;

/** SQL twin of the type `envelopeFor` gives the viewer: the event's own, or `<kind>.hidden`. */
export const eventTypeSeenBy = (alias: string, viewerParam: string): string =>
  `(CASE WHEN ${eventSeenInFullBy(alias, viewerParam)} THEN ${alias}.type ELSE split_part(${alias}.type, '.', 1) || '.hidden' END)`;

/** The envelope as `viewer` sees it, or null when they may not see it. */
export function envelopeFor(envelope: EventEnvelope, audience: EventAudience | null, viewerId: string): EventEnvelope | null {
  const view = eventViewOf(audience, viewerId);
  if (view === null) return null;
  if (view === 'full') return envelope;
  const type = eventTypeFor(envelope.type, view) as EventType;
  return { id: envelope.id, type, created_at: envelope.created_at, data: { id: (envelope.data as { id: string }).id } } as EventEnvelope;
}
