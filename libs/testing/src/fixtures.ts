import {
  addMembership,
  apiKeyById,
  type ApiKeyRow,
  createApiKey,
  createTenant,
  createUser,
  createWorkspace,
  type UserRow,
  type WorkspaceRow,
} from '@cs/accounts';
import { type ConversationStatus, newId, type Role, type SourceType, type TagOrigin, type TerminationReason, type Visibility } from '@cs/domain';
import { returnedRow, type RowQueryable } from '@cs/persistence';
import {
  CONVERSATION_COLUMNS,
  type ConversationRecord,
  type ConversationRow,
  FOLDER_COLUMNS,
  type FolderRecord,
  type FolderRow,
  SOURCE_COLUMNS,
  type SourceRecord,
  type SourceRow,
  TAG_COLUMNS,
  type TagRecord,
  type TagRow,
  toConversationRow,
  toFolderRow,
  toSourceRow,
  toTagRow,
} from './fixture-rows';

export interface Member {
  user: UserRow;
  workspace: WorkspaceRow;
  role: Role;
}

let counter = 0;
const next = () => ++counter;

/**
 * One-line builders of valid rows (`f.conversation(member, { status: 'error' })`), saved to the given
 * database. Each call makes new rows; nothing is shared between tests. Tenants, workspaces, users, memberships and
 * API keys are made by @cs/accounts, as the CLI makes them.
 */
export class Fixtures {
  /** A DataSource, a transaction's manager or a pool: anything that runs parameterized SQL. */
  constructor(private readonly db: RowQueryable) {}

  async workspace(over: { name?: string; oauthAppsEnabled?: boolean } = {}): Promise<WorkspaceRow> {
    const tenant = await createTenant(this.db, { name: `Tenant ${next()}` });
    return createWorkspace(this.db, { tenantId: tenant.id, name: over.name ?? `Workspace ${next()}`, oauthAppsEnabled: over.oauthAppsEnabled ?? false });
  }

  async member(workspace: WorkspaceRow, over: { role?: Role; email?: string; passwordHash?: string | null } = {}): Promise<Member> {
    const n = next();
    const user = await createUser(this.db, { email: over.email ?? `user${n}.${Date.now()}@example.test`, name: `User ${n}`, passwordHash: over.passwordHash ?? null });
    const role = over.role ?? 'member';
    await addMembership(this.db, { workspaceId: workspace.id, userId: user.id, role });
    return { user, workspace, role };
  }

  /** Returns the clear-text key (shown once in the product) beside the stored row. */
  async apiKey(member: Member, over: { name?: string; revokedAt?: Date | null } = {}): Promise<{ key: string; row: ApiKeyRow }> {
    const created = await createApiKey(this.db, { workspaceId: member.workspace.id, userId: member.user.id }, over.name ?? 'Test key');
    if (over.revokedAt) await this.db.query('UPDATE api_keys SET revoked_at = $2 WHERE id = $1', [created.id, over.revokedAt]);
    const row = await apiKeyById(this.db, created.id);
    if (!row) throw new Error(`api key ${created.id} vanished`);
    return { key: created.key, row };
  }

  async folder(owner: Member, over: { parentId?: string | null; name?: string; visibility?: Visibility; createdAt?: Date } = {}): Promise<FolderRow> {
    const createdAt = over.createdAt ?? new Date();
    const rows = await this.db.query<FolderRecord>(
      `INSERT INTO folders (id, workspace_id, owner_id, parent_id, name, visibility, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING ${FOLDER_COLUMNS}`,
      [newId('folder', createdAt), owner.workspace.id, owner.user.id, over.parentId ?? null, over.name ?? `Folder ${next()}`, over.visibility ?? 'workspace', createdAt],
    );
    return toFolderRow(returnedRow(rows, 'INSERT INTO folders'));
  }

  async conversation(
    owner: Member,
    over: {
      title?: string | null;
      status?: ConversationStatus | null;
      terminationReason?: TerminationReason | null;
      visibility?: Visibility;
      folderId?: string | null;
      digest?: string | null;
      summary?: string | null;
      createdAt?: Date;
      id?: string;
    } = {},
  ): Promise<ConversationRow> {
    const createdAt = over.createdAt ?? new Date();
    const rows = await this.db.query<ConversationRecord>(
      `INSERT INTO conversations (id, workspace_id, owner_id, folder_id, title, status, termination_reason, error_reason, visibility, digest, summary, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, $8, $9, $10, $11, $11) RETURNING ${CONVERSATION_COLUMNS}`,
      [
        over.id ?? newId('conversation', createdAt),
        owner.workspace.id,
        owner.user.id,
        over.folderId ?? null,
        over.title === undefined ? `Conversation ${next()}` : over.title,
        over.status === undefined ? 'ready' : over.status,
        over.terminationReason ?? null,
        over.visibility ?? 'workspace',
        over.digest === undefined ? 'Weekly sync on the launch plan.' : over.digest,
        over.summary === undefined ? 'A short overview.\n\n## Decisions\n- Ship it.' : over.summary,
        createdAt,
      ],
    );
    return toConversationRow(returnedRow(rows, 'INSERT INTO conversations'));
  }

  /** A transcript unless `type` says otherwise, appended after the conversation's other sources unless `position` is given. */
  async source(
    conversation: ConversationRow,
    over: Partial<Omit<SourceRow, 'id' | 'conversationId' | 'workspaceId' | 'createdAt'>> & { type?: SourceType } = {},
  ): Promise<SourceRow> {
    const type = over.type ?? 'transcript';
    const isTranscript = type === 'transcript';
    const [count] = await this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sources WHERE conversation_id = $1', [conversation.id]);
    const source: Omit<SourceRow, 'id' | 'conversationId' | 'workspaceId' | 'createdAt'> = {
      type,
      position: count?.n ?? 0,
      title: `Source ${next()}`,
      addedAt: conversation.createdAt,
      durationSeconds: isTranscript ? 1800 : null,
      language: isTranscript ? 'eng' : null,
      meetingUrl: isTranscript ? 'https://meet.example.test/abc-defg-hij' : null,
      attendees: isTranscript ? ['ada@example.test'] : [],
      participants: isTranscript ? ['Ada', 'Speaker 2'] : [],
      content: isTranscript ? '[00:00:01] Ada: Hello.\n[00:00:04] Speaker 2: Hi.' : 'Some text.',
      input: null,
      ...over,
    };
    const rows = await this.db.query<SourceRecord>(
      `INSERT INTO sources (id, conversation_id, workspace_id, type, position, title, added_at, duration_seconds, language, meeting_url,
         attendees, participants, content, input)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING ${SOURCE_COLUMNS}`,
      [
        newId('source'),
        conversation.id,
        conversation.workspaceId,
        source.type,
        source.position,
        source.title,
        source.addedAt,
        source.durationSeconds,
        source.language,
        source.meetingUrl,
        source.attendees,
        source.participants,
        source.content,
        source.input === null ? null : JSON.stringify(source.input),
      ],
    );
    return toSourceRow(returnedRow(rows, 'INSERT INTO sources'));
  }

  async tag(workspace: WorkspaceRow, over: { name?: string; color?: string | null; description?: string | null } = {}): Promise<TagRow> {
    const rows = await this.db.query<TagRecord>(
      `INSERT INTO tags (id, workspace_id, name, color, description) VALUES ($1, $2, $3, $4, $5) RETURNING ${TAG_COLUMNS}`,
      [newId('tag'), workspace.id, over.name ?? `Tag ${next()}`, over.color ?? null, over.description ?? null],
    );
    return toTagRow(returnedRow(rows, 'INSERT INTO tags'));
  }

  async applyTag(conversation: ConversationRow, tag: TagRow, over: { origin?: TagOrigin; accepted?: boolean } = {}): Promise<void> {
    const origin = over.origin ?? 'user';
    await this.db.query('INSERT INTO conversation_tags (conversation_id, tag_id, workspace_id, origin, accepted) VALUES ($1, $2, $3, $4, $5)', [
      conversation.id,
      tag.id,
      conversation.workspaceId,
      origin,
      over.accepted ?? origin === 'user',
    ]);
  }
}
