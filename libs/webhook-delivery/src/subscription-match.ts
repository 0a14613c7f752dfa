/** The part of a subscription that decides what it receives. */
export interface SubscriptionFilter {
  workspaceId: string;
  ownerId: string;
  enabled: boolean;
  events: readonly string[];
  createdAt: Date;
}

/** An outbox event with its audience: the conversation's owner and visibility when the event happened. */
export interface AudiencedEvent {
  workspaceId: string;
  type: string;
  audience: { owner_id: string; visibility: string } | null;
  /** When the event was recorded (the outbox row's created_at). */
  createdAt: Date;
}

/**
 * docs/api.md "Webhooks": a subscription receives the events of its workspace, of the types it
 * selected, about conversations its owner could see when the event happened (the owner's own, or shared with
 * the workspace). Disabled subscriptions receive nothing new. An event without an audience goes to nobody.
 */
export function subscriptionReceives(subscription: SubscriptionFilter, event: AudiencedEvent): boolean {
  if (!subscription.enabled || subscription.workspaceId !== event.workspaceId) return false;
  if (event.createdAt < subscription.createdAt) return false;
  if (!subscription.events.includes(event.type)) return false;
  if (!event.audience) return false;
  return event.audience.visibility === 'workspace' || event.audience.owner_id === subscription.ownerId;
}
