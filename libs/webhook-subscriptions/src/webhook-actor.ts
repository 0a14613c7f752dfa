import { forbidden, type Role } from '@cs/domain';

/** Who manages subscriptions: a REST principal (API key) or an admin signed in to developer settings. */
export interface WebhookActor {
  workspaceId: string;
  userId: string;
  role: Role | null;
}

/**
 * Webhooks are developer settings, which belong to workspace admins (spec; docs/api.md "Access rules"). A
 * member is refused before any lookup, so the answer never tells whether an id exists.
 */
export function assertWebhookManager(actor: WebhookActor): void {
  if (actor.role !== 'admin') throw forbidden('Webhooks are managed by workspace admins.');
}
