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
  /** When the meeting started; null means created_at (events carry it as started_at). */
  @Column({ type: 'timestamptz', precision: 3, name: 'started_at', nullable: true }) startedAt!: Date | null;
  @Column('integer', { name: 'processing_generation', default: 0 }) processingGeneration!: number;
  @Column({ type: 'timestamptz', precision: 3, name: 'processing_requested_at', nullable: true }) processingRequestedAt!: Date | null;
  @Column({ type: 'timestamptz', precision: 3, name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column({ type: 'timestamptz', precision: 3, name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}
