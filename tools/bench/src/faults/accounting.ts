/** One request that reached a subscriber: the event it carried (the envelope's id) and its `webhook-id` header. */
export interface Receipt {
  eventId: string;
  webhookId: string | undefined;
}

export interface EventAccount {
  /** Events the subscription had to receive. */
  expected: number;
  /** Of those, how many arrived at least once. */
  delivered: number;
  /** Events that never arrived (must be none). */
  lost: string[];
  /** Arrivals beyond an event's first: allowed, delivery is at least once. */
  duplicates: number;
  /**
   * Of the duplicates, those with a `webhook-id` other than the event's first arrival: a subscriber that
   * deduplicates on `webhook-id` (as standardwebhooks asks) would then act twice, so these must be none.
   */
  duplicatesWithNewWebhookId: number;
  /** Arrivals of events that were not expected (from before the drill, or of types not subscribed). */
  unexpected: number;
}

/** What one subscription received against what it had to receive. */
export function accountEvents(expected: Iterable<string>, receipts: readonly Receipt[]): EventAccount {
  const wanted = new Set(expected);
  const firstWebhookId = new Map<string, string | undefined>();
  let duplicates = 0;
  let duplicatesWithNewWebhookId = 0;
  let unexpected = 0;
  for (const { eventId, webhookId } of receipts) {
    if (!wanted.has(eventId)) {
      unexpected += 1;
      continue;
    }
    if (!firstWebhookId.has(eventId)) {
      firstWebhookId.set(eventId, webhookId);
      continue;
    }
    duplicates += 1;
    if (firstWebhookId.get(eventId) !== webhookId || webhookId === undefined) duplicatesWithNewWebhookId += 1;
  }
  const lost = [...wanted].filter((id) => !firstWebhookId.has(id));
  return { expected: wanted.size, delivered: wanted.size - lost.length, lost, duplicates, duplicatesWithNewWebhookId, unexpected };
}

/** The writes a client saw acknowledged: conversations created (201), and the title each PATCH (200) set. */
export interface AcknowledgedWrites {
  created: readonly string[];
  updated: ReadonlyMap<string, string>;
}

/**
 * Acknowledged writes the database does not hold: a created conversation that is missing, or one whose title is
 * not the one its acknowledged PATCH set (each conversation is patched at most once, so that title is final).
 */
export function lostWrites(acknowledged: AcknowledgedWrites, titles: ReadonlyMap<string, string>): string[] {
  const lost = acknowledged.created.filter((id) => !titles.has(id)).map((id) => `created ${id}`);
  for (const [id, title] of acknowledged.updated) {
    const stored = titles.get(id);
    if (stored !== undefined && stored !== title) lost.push(`updated ${id}: "${title}" acknowledged, "${stored}" stored`);
  }
  return lost;
}
