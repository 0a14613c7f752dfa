import type { TagOrigin } from '@cs/domain';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A tag on a conversation. `origin: 'ai'` with `accepted: false` is a suggestion the user has not accepted. */
@Entity('conversation_tags')
export class ConversationTagEntity {
  @PrimaryColumn('text', { name: 'conversation_id' }) conversationId!: string;
  @PrimaryColumn('text', { name: 'tag_id' }) tagId!: string;
  @Column('text', { name: 'workspace_id' }) workspaceId!: string;
  @Column('text') origin!: TagOrigin;
  @Column('boolean') accepted!: boolean;
  @Column({ type: 'timestamptz', precision: 3, name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}
