import type { CursorCodec } from '@cs/paging';
import { type ConversationListEntry, type ListEnvelope, newId, type Principal } from '@cs/domain';
import type { ConversationRow, SourceRow, TagRow } from '@cs/testing';
import { type DataSource, EntitySchema } from 'typeorm';

// These entity schemas exist only to measure the road not taken (docs/architecture.md, "Data access"): the product
// reaches its tables through plain SQL behind typed row mappers and declares no entities. They map the four tables
// the catalog's conversation list reads, as an application written the TypeORM way would.

type ListedColumns = 'id' | 'workspaceId' | 'ownerId' | 'folderId' | 'title' | 'status' | 'terminationReason' | 'visibility' | 'digest' | 'createdAt' | 'updatedAt';

interface BenchConversation extends Pick<ConversationRow, ListedColumns> {
  sources: BenchSource[];
  conversationTags: BenchConversationTag[];
}

interface BenchSource extends Pick<SourceRow, 'id' | 'conversationId' | 'type' | 'position' | 'durationSeconds' | 'language'> {
  conversation?: BenchConversation;
}

type BenchTag = TagRow;

interface BenchConversationTag {
  conversationId: string;
  tagId: string;
  accepted: boolean;
  tag: BenchTag;
  conversation?: BenchConversation;
}

const timestamp = (name: string) => ({ type: 'timestamptz' as const, precision: 3, name });

const ConversationSchema = new EntitySchema<BenchConversation>({
  name: 'BenchConversation',
  tableName: 'conversations',
  columns: {
    id: { type: 'text', primary: true },
    workspaceId: { type: 'text', name: 'workspace_id' },
    ownerId: { type: 'text', name: 'owner_id' },
    folderId: { type: 'text', name: 'folder_id', nullable: true },
    title: { type: 'text', nullable: true },
    status: { type: 'text', nullable: true },
    terminationReason: { type: 'text', name: 'termination_reason', nullable: true },
    visibility: { type: 'text' },
    digest: { type: 'text', nullable: true },
    createdAt: timestamp('created_at'),
    updatedAt: timestamp('updated_at'),
  },
  relations: {
    sources: { type: 'one-to-many', target: 'BenchSource', inverseSide: 'conversation' },
    conversationTags: { type: 'one-to-many', target: 'BenchConversationTag', inverseSide: 'conversation' },
  },
});

const SourceSchema = new EntitySchema<BenchSource>({
  name: 'BenchSource',
  tableName: 'sources',
  columns: {
    id: { type: 'text', primary: true },
    conversationId: { type: 'text', name: 'conversation_id' },
    type: { type: 'text' },
    position: { type: 'integer' },
    durationSeconds: { type: 'integer', name: 'duration_seconds', nullable: true },
    language: { type: 'text', nullable: true },
  },
  relations: { conversation: { type: 'many-to-one', target: 'BenchConversation', joinColumn: { name: 'conversation_id' } } },
});

export const TagSchema = new EntitySchema<BenchTag>({
  name: 'BenchTag',
  tableName: 'tags',
  columns: {
    id: { type: 'text', primary: true },
    workspaceId: { type: 'text', name: 'workspace_id' },
    name: { type: 'text' },
    color: { type: 'text', nullable: true },
    description: { type: 'text', nullable: true },
    createdAt: timestamp('created_at'),
    updatedAt: timestamp('updated_at'),
  },
});

const ConversationTagSchema = new EntitySchema<BenchConversationTag>({
  name: 'BenchConversationTag',
  tableName: 'conversation_tags',
  columns: {
    conversationId: { type: 'text', name: 'conversation_id', primary: true },
    tagId: { type: 'text', name: 'tag_id', primary: true },
    accepted: { type: 'boolean' },
  },
  relations: {
    conversation: { type: 'many-to-one', target: 'BenchConversation', joinColumn: { name: 'conversation_id' } },
    tag: { type: 'many-to-one', target: 'BenchTag', joinColumn: { name: 'tag_id' } },
  },
});

/** For the benchmark's own DataSource: `createDataSource` of @cs/persistence registers no entities. */
export const BENCH_ENTITIES = [ConversationSchema, SourceSchema, TagSchema, ConversationTagSchema];

const byPositionThenId = (a: BenchSource, b: BenchSource) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const byNameThenId = (a: BenchTag, b: BenchTag) => {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

/** The entity graph as the same list entry the catalog returns; relation order is the catalog's (SQL's ORDER BY there). */
export function toListEntry(c: BenchConversation): ConversationListEntry {
  return {
    id: c.id,
    title: c.title,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    status: c.status,
    termination_reason: c.terminationReason,
    folder_id: c.folderId,
    digest: c.digest,
    tags: c.conversationTags
      .map((ct) => ct.tag)
      .sort(byNameThenId)
      .map((t) => ({ id: t.id, name: t.name, color: t.color })),
    sources: [...c.sources].sort(byPositionThenId).map((s) => ({ id: s.id, type: s.type, duration_seconds: s.durationSeconds, language: s.language })),
  };
}

/**
 * GET /conversations' first page (default filters: ready, visible to the caller) the idiomatic TypeORM way: one
 * QueryBuilder with the relations joined and `take`, which TypeORM runs as two statements (the page's distinct ids,
 * then the rows with their relations), hydrated into entities and mapped to the resource.
 */
export async function listFirstPageTypeorm(ds: DataSource, cursors: CursorCodec, principal: Principal, limit: number): Promise<ListEnvelope<ConversationListEntry>> {
  const found = await ds
    .getRepository(ConversationSchema)
    .createQueryBuilder('c')
    .leftJoinAndSelect('c.sources', 's')
    .leftJoinAndSelect('c.conversationTags', 'ct', 'ct.accepted = true')
    .leftJoinAndSelect('ct.tag', 't')
    .where('c.workspaceId = :workspaceId', { workspaceId: principal.workspaceId })
    .andWhere("(c.ownerId = :userId OR c.visibility = 'workspace')", { userId: principal.userId })
    .andWhere('c.status = :status', { status: 'ready' })
    .orderBy('c.createdAt', 'DESC')
    .addOrderBy('c.id', 'DESC')
    .take(limit + 1)
    .getMany();
  const page = found.slice(0, limit);
  const last = page[page.length - 1];
  const hasMore = found.length > limit && last !== undefined;
  // The catalog's normalized default filters, in its order: the cursor's payload must match byte for byte.
  const filters = { status: 'ready', createdAfter: null, folderId: null, recursive: true, tagIds: [], q: null, updatedAfter: null };
  return {
    data: page.map(toListEntry),
    next_cursor: hasMore ? cursors.encode(principal, 'conversations', filters, [last.createdAt.toISOString(), last.id]) : null,
    has_more: hasMore,
  };
}

/** A tag as POST /tags stores it, through the repository. */
export async function insertTagTypeorm(ds: DataSource, workspaceId: string, name: string): Promise<void> {
  const now = new Date();
  await ds.getRepository(TagSchema).insert({ id: newId('tag', now), workspaceId, name, color: null, description: null, createdAt: now, updatedAt: now });
}
