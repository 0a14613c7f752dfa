import { type EventAudience, eventTypeFor, eventViewOf } from '@cs/events';

/** The part of a subscription that decides what it receives. */
export interface SubscriptionFilter {
  workspaceId: string;
  ownerId: string;
  enabled: boolean;
  events: readonly string[];
  createdAt: Date;
}

/** An outbox event with its audience: who could see its subject when it happened (EventAudience). */
export interface AudiencedEvent {
  workspaceId: string;
  type: string;
  audience: EventAudience | null;
  /** When the event was recorded (the outbox row's created_at). */
  createdAt: Date;
}

/**
 * docs/api.md "Webhooks": a subscription receives the events of its workspace, of the types it selected, as its
 * owner sees them (eventViewOf): about what the owner could see when the event happened (their own, or shared with
 * the workspace), and as `<kind>.hidden` when that stopped being visible to them. Disabled subscriptions receive
 * nothing new. An event without an audience goes to nobody. Returns the type it is received as, or null.
 */
export function receivedType(subscription: SubscriptionFilter, event: AudiencedEvent): string | null {
  if (!subscription.enabled || subscription.workspaceId !== event.workspaceId) return null;
  if (event.createdAt < subscription.createdAt) return null;
  const view = eventViewOf(event.audience, subscription.ownerId);
  if (view === null) return null;
  const type = eventTypeFor(event.type, view);
  return subscription.events.includes(type) ? type : null;
}

export const subscriptionReceives = (subscription: SubscriptionFilter, event: AudiencedEvent): boolean => receivedType(subscription, event) !== null;
