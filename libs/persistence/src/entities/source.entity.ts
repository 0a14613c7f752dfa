import type { SourceType } from '@cs/domain';
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('sources')
export class SourceEntity {
  @PrimaryColumn('text') id!: string;
  @Column('text', { name: 'conversation_id' }) conversationId!: string;
  @Column('text', { name: 'workspace_id' }) workspaceId!: string;
  @Column('text') type!: SourceType;
  /** Order of the source within its conversation. */
  @Column('integer') position!: number;
  @Column('text', { nullable: true }) title!: string | null;
  @Column({ type: 'timestamptz', precision: 3, name: 'added_at', nullable: true }) addedAt!: Date | null;
  @Column('integer', { name: 'duration_seconds', nullable: true }) durationSeconds!: number | null;
  @Column('text', { nullable: true }) language!: string | null;
  @Column('text', { name: 'meeting_url', nullable: true }) meetingUrl!: string | null;
  @Column('text', { array: true, default: () => "'{}'" }) attendees!: string[];
  @Column('text', { array: true, default: () => "'{}'" }) participants!: string[];
  @Column('text', { nullable: true }) content!: string | null;
  /** What the source was created from (segments, markdown, text); processing renders content from it. */
  @Column('jsonb', { nullable: true }) input!: Record<string, unknown> | null;
  @Column('bytea', { nullable: true }) upload!: Buffer | null;
  @Column('text', { name: 'upload_name', nullable: true }) uploadName!: string | null;
  @Column('text', { name: 'upload_kind', nullable: true }) uploadKind!: string | null;
  @Column({ type: 'timestamptz', precision: 3, name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}
