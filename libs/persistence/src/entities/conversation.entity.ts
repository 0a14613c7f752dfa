import type { ConversationStatus, TerminationReason, Visibility } from '@cs/domain';
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('conversations')
export class ConversationEntity {
  @PrimaryColumn('text') id!: string;
  @Column('text', { name: 'workspace_id' }) workspaceId!: string;
  @Column('text', { name: 'owner_id' }) ownerId!: string;
  @Column('text', { name: 'folder_id', nullable: true }) folderId!: string | null;
  @Column('text', { nullable: true }) title!: string | null;
  @Column('text', { nullable: true }) status!: ConversationStatus | null;
  @Column('text', { name: 'termination_reason', nullable: true }) terminationReason!: TerminationReason | null;
  @Column('text', { name: 'error_reason', nullable: true }) errorReason!: string | null;
  @Column('text', { default: 'private' }) visibility!: Visibility;
  @Column('text', { nullable: true }) digest!: string | null;
  @Column('text', { nullable: true }) summary!: string | null;
  @Column({ type: 'timestamptz', precision: 3, name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column({ type: 'timestamptz', precision: 3, name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}
