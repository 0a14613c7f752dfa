import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('bots')
export class BotEntity {
  @PrimaryColumn('text') id!: string;
  @Column('text', { name: 'workspace_id' }) workspaceId!: string;
  @Column('text', { name: 'owner_id' }) ownerId!: string;
  @Column('text', { name: 'conversation_id' }) conversationId!: string;
  @Column('text', { name: 'meeting_url' }) meetingUrl!: string;
  @Column({ type: 'timestamptz', precision: 3, name: 'join_at', nullable: true }) joinAt!: Date | null;
  @Column('text') status!: string;
  @Column('text', { name: 'failure_reason', nullable: true }) failureReason!: string | null;
  @Column('text') provider!: string;
  /** When the dispatcher handed the bot to its recorder; null while it waits for join_at. */
  @Column({ type: 'timestamptz', precision: 3, name: 'dispatched_at', nullable: true }) dispatchedAt!: Date | null;
  @Column({ type: 'timestamptz', precision: 3, name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column({ type: 'timestamptz', precision: 3, name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}
