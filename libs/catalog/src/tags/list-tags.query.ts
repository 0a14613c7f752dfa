import { isIdOf, notFound, type Principal, type TagCatalogEntry, visibleTo } from '@cs/domain';
import { Keyset, type Page, type PageRequest } from '@cs/paging';
import { type RowQueryable, SqlParams } from '@cs/persistence';

interface TagRow extends TagCatalogEntry {
  sort_name: string;
}

/** By name, case-insensitive, id breaking ties. */
const ORDER = new Keyset<TagRow>('lower(t.name)', 't.id', 'ASC', null, (r) => [r.sort_name, r.id]);

/**
 * GET /tags: every tag of the workspace by name (case-insensitive), id breaking ties. applied_count counts
 * accepted applications on conversations the caller can see (any status), so it matches what the caller
 * can find with tag_id and never reveals private conversations of others.
 */
const APPLIED_COUNT = (user: string) => `(SELECT count(*)::int FROM conversation_tags ct JOIN conversations c ON c.id = ct.conversation_id
        WHERE ct.tag_id = t.id AND ct.accepted AND ${visibleTo('c', user)}) AS applied_count`;

export async function listTags(db: RowQueryable, principal: Principal, request: PageRequest<Record<string, never>>): Promise<Page<TagCatalogEntry>> {
  const p = new SqlParams();
  const workspace = p.add(principal.workspaceId);
  const user = p.add(principal.userId);
  const where = [`t.workspace_id = ${workspace}`];
  if (request.after) where.push(ORDER.after(p, request.after));
  const rows = await db.query<TagRow>(
    `SELECT t.id, t.name, t.color, t.description, lower(t.name) AS sort_name,
       ${APPLIED_COUNT(user)}
     FROM tags t
     WHERE ${where.join(' AND ')}
     ${ORDER.orderAndLimit(p, request.limit)}`,
    p.values,
  );
  return ORDER.page(rows, request.limit, ({ id, name, color, description, applied_count }) => ({ id, name, color, description, applied_count }));
}

/** One tag as GET /tags shows it (the write endpoints answer with it). */
export async function getTag(db: RowQueryable, principal: Principal, id: string): Promise<TagCatalogEntry> {
  if (!isIdOf('tag', id)) throw notFound('tag');
  const [row] = await db.query<TagCatalogEntry>(
    `SELECT t.id, t.name, t.color, t.description, ${APPLIED_COUNT('$3')} FROM tags t WHERE t.id = $1 AND t.workspace_id = $2`,
    [id, principal.workspaceId, principal.userId],
  );
  if (!row) throw notFound('tag');
  return row;
}
