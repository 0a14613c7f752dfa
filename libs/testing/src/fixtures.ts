import {
  type ConversationStatus,
  newId,
  newSecret,
  type Role,
  secretDigest,
  secretHint,
  type SourceType,
  type TagOrigin,
  type TerminationReason,
  type Visibility,
} from '@cs/domain';
import {
  ApiKeyEntity,
  ConversationEntity,
  ConversationTagEntity,
  FolderEntity,
  MembershipEntity,
  SourceEntity,
  TagEntity,
  TenantEntity,
  UserEntity,
  WorkspaceEntity,
} from '@cs/persistence';
import type { DataSource } from 'typeorm';

export interface Member {
  user: UserEntity;
  workspace: WorkspaceEntity;
  role: Role;
}

let counter = 0;
const next = () => ++counter;

/**
 * One-line builders of valid rows (`f.conversation(member, { status: 'error' })`), saved to the given
 * database. Each call makes new rows; nothing is shared between tests.
 */
export class Fixtures {
  constructor(private readonly ds: DataSource) {}

  async workspace(over: Partial<WorkspaceEntity> = {}): Promise<WorkspaceEntity> {
    const tenant = await this.ds.getRepository(TenantEntity).save({ id: newId('tenant'), name: `Tenant ${next()}` });
    return this.ds.getRepository(WorkspaceEntity).save({
      id: newId('workspace'),
      tenantId: tenant.id,
      name: `Workspace ${next()}`,
      oauthAppsEnabled: false,
      ...over,
    });
  }

  async member(workspace: WorkspaceEntity, over: { role?: Role; email?: string; passwordHash?: string | null } = {}): Promise<Member> {
    const n = next();
    const user = await this.ds.getRepository(UserEntity).save({
      id: newId('user'),
      email: over.email ?? `user${n}.${Date.now()}@example.test`,
      name: `User ${n}`,
      passwordHash: over.passwordHash ?? null,
    });
    const role = over.role ?? 'member';
    await this.ds.getRepository(MembershipEntity).save({ workspaceId: workspace.id, userId: user.id, role });
    return { user, workspace, role };
  }

  /** Returns the clear-text key (shown once in the product) beside the stored row. */
  async apiKey(member: Member, over: Partial<ApiKeyEntity> = {}): Promise<{ key: string; row: ApiKeyEntity }> {
    const key = newSecret('apiKey');
    const row = await this.ds.getRepository(ApiKeyEntity).save({
      id: newId('apiKey'),
      workspaceId: member.workspace.id,
      userId: member.user.id,
      name: 'Test key',
      secretDigest: secretDigest(key),
      hint: secretHint(key),
      lastUsedAt: null,
      revokedAt: null,
      ...over,
    });
    return { key, row };
  }

  async folder(owner: Member, over: { parentId?: string | null; name?: string; visibility?: Visibility; createdAt?: Date } = {}): Promise<FolderEntity> {
    const createdAt = over.createdAt ?? new Date();
    return this.ds.getRepository(FolderEntity).save({
      id: newId('folder', createdAt),
      workspaceId: owner.workspace.id,
      ownerId: owner.user.id,
      parentId: over.parentId ?? null,
      name: over.name ?? `Folder ${next()}`,
      visibility: over.visibility ?? 'workspace',
      createdAt,
      updatedAt: createdAt,
    });
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
  ): Promise<ConversationEntity> {
    const createdAt = over.createdAt ?? new Date();
    return this.ds.getRepository(ConversationEntity).save({
      id: over.id ?? newId('conversation', createdAt),
      workspaceId: owner.workspace.id,
      ownerId: owner.user.id,
      folderId: over.folderId ?? null,
      title: over.title === undefined ? `Conversation ${next()}` : over.title,
      status: over.status === undefined ? 'ready' : over.status,
      terminationReason: over.terminationReason ?? null,
      errorReason: null,
      visibility: over.visibility ?? 'workspace',
      digest: over.digest === undefined ? 'Weekly sync on the launch plan.' : over.digest,
      summary: over.summary === undefined ? 'A short overview.\n\n## Decisions\n- Ship it.' : over.summary,
      createdAt,
      updatedAt: createdAt,
    });
  }

  async source(
    conversation: ConversationEntity,
    over: Partial<SourceEntity> & { type?: SourceType } = {},
  ): Promise<SourceEntity> {
    const type = over.type ?? 'transcript';
    const isTranscript = type === 'transcript';
    const position = over.position ?? (await this.ds.getRepository(SourceEntity).countBy({ conversationId: conversation.id }));
    return this.ds.getRepository(SourceEntity).save({
      id: newId('source'),
      conversationId: conversation.id,
      workspaceId: conversation.workspaceId,
      type,
      position,
      title: `Source ${next()}`,
      addedAt: conversation.createdAt,
      durationSeconds: isTranscript ? 1800 : null,
      language: isTranscript ? 'eng' : null,
      meetingUrl: isTranscript ? 'https://meet.example.test/abc-defg-hij' : null,
      attendees: isTranscript ? ['ada@example.test'] : [],
      participants: isTranscript ? ['Ada', 'Speaker 2'] : [],
      content: isTranscript ? '[00:00:01] Ada: Hello.\n[00:00:04] Speaker 2: Hi.' : 'Some text.',
      ...over,
    });
  }

  async tag(workspace: WorkspaceEntity, over: Partial<TagEntity> = {}): Promise<TagEntity> {
    return this.ds.getRepository(TagEntity).save({
      id: newId('tag'),
      workspaceId: workspace.id,
      name: `Tag ${next()}`,
      color: null,
      description: null,
      ...over,
    });
  }

  async applyTag(conversation: ConversationEntity, tag: TagEntity, over: { origin?: TagOrigin; accepted?: boolean } = {}): Promise<void> {
    const origin = over.origin ?? 'user';
    await this.ds.getRepository(ConversationTagEntity).save({
      conversationId: conversation.id,
      tagId: tag.id,
      workspaceId: conversation.workspaceId,
      origin,
      accepted: over.accepted ?? origin === 'user',
    });
  }
}
