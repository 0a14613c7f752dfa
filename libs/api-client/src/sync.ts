import type { Conversation, ConversationListEntry, StatusFilter } from '@cs/domain';
import type { ApiClient, ApiEvent } from './api-client';
import { ApiError } from './api-error';
import { paginate } from './paginate';

/** A copy of the conversations a user can see, and where in the events feed it stands. Plain data: store it as JSON. */
export interface ConversationCopy {
  /** The list's status filter the copy mirrors (`all` for every conversation). */
  status: StatusFilter;
  conversations: Record<string, ConversationListEntry>;
  /** The id of the last event applied; null when the feed was empty at the full list. */
  lastEventId: string | null;
}

export interface SyncOptions {
  /** The list's status filter to mirror; default `all`. */
  status?: StatusFilter;
  /** Events per page of the feed; default 100. */
  pageSize?: number;
}

/** The list entry a retrieve describes: the list's fields, sources without content. */
function listEntryOf(c: Conversation): ConversationListEntry {
  return {
    id: c.id,
    title: c.title,
    created_at: c.created_at,
    updated_at: c.updated_at,
    status: c.status,
    termination_reason: c.termination_reason,
    folder_id: c.folder_id,
    digest: c.digest,
    tags: c.tags,
    sources: c.sources.map((s) => ({ id: s.id, type: s.type, duration_seconds: s.duration_seconds, language: s.language })),
  };
}

const rejected = (error: unknown, code: string, name?: string): boolean =>
  error instanceof ApiError &&
  error.status === 400 &&
  error.code === code &&
  (name === undefined || (error.problem?.invalid_params ?? []).some((p) => p.name === name));

/** A full copy: the feed's head first, then the whole list, so nothing written meanwhile is missed (docs/api.md "Events feed"). */
async function fullCopy(client: ApiClient, status: StatusFilter): Promise<ConversationCopy> {
  const head = await client.latestEvent();
  const conversations: Record<string, ConversationListEntry> = {};
  for await (const c of paginate((p) => client.listConversations(p), { status, limit: 100 })) conversations[c.id] = c;
  return { status, conversations, lastEventId: head?.id ?? null };
}

async function apply(client: ApiClient, copy: ConversationCopy, event: ApiEvent): Promise<void> {
  const [kind, action] = event.type.split('.') as [string, string];
  const id = event.data.id;
  if (kind === 'tag') {
    // A tag's name and colour are shown on every conversation carrying it; conversations are not re-read.
    for (const c of Object.values(copy.conversations)) {
      if (!c.tags.some((t) => t.id === id)) continue;
      c.tags =
        action === 'deleted'
          ? c.tags.filter((t) => t.id !== id)
          : c.tags.map((t) => (t.id === id ? { ...t, name: String(event.data['name']), color: (event.data['color'] as string | null) ?? null } : t));
    }
    return;
  }
  if (kind !== 'conversation') return;
  if (action === 'deleted' || action === 'hidden') {
    delete copy.conversations[id];
    return;
  }
  // Thin events: read the conversation as it is now. Replaying an event already reflected is harmless.
  try {
    const entry = listEntryOf(await client.getConversation(id));
    if (copy.status === 'all' || entry.status === copy.status) copy.conversations[id] = entry;
    else delete copy.conversations[id];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) delete copy.conversations[id];
    else throw error;
  }
}

/**
 * Brings a copy of the user's conversations up to date (or makes one): follows the events feed after the copy's last
 * event, page by page, and applies each event. A rejected cursor resumes from the last event applied (event ids are
 * durable, cursors are not); a rejected `after` (the copy is older than the feed keeps events) makes a full copy.
 * Returns the copy, changed in place.
 */
export async function sync(client: ApiClient, copy?: ConversationCopy, options: SyncOptions = {}): Promise<ConversationCopy> {
  let current = copy ?? (await fullCopy(client, options.status ?? 'all'));
  let cursor: string | undefined;
  for (;;) {
    let page;
    try {
      page = await client.listEvents({
        limit: options.pageSize ?? 100,
        ...(cursor ? { cursor } : current.lastEventId ? { after: current.lastEventId } : {}),
      });
    } catch (error) {
      if (cursor && rejected(error, 'invalid_cursor')) {
        cursor = undefined;
        continue;
      }
      if (!cursor && rejected(error, 'invalid_parameter', 'after')) {
        current = await fullCopy(client, current.status);
        continue;
      }
      throw error;
    }
    for (const event of page.data) {
      await apply(client, current, event);
      current.lastEventId = event.id;
    }
    if (!page.has_more || !page.next_cursor) return current;
    cursor = page.next_cursor;
  }
}
